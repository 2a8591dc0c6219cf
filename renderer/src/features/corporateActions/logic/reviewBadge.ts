/**
 * The review badge of an event in the inbox: unread, read, reviewed (in a team with four eyes:
 * awaiting approval, or approved), or "changed since reviewed" when the event's
 * UpdatedDateTime moved after it was marked reviewed.
 */
import type { EventReviewState } from '../../../../../contract/corporateActions';

export type ReviewBadgeKind = 'unread' | 'read' | 'reviewed' | 'changed';

export interface ReviewBadge {
  kind: ReviewBadgeKind;
  label: string;
}

/** The badge for an event with review state `state` and current UpdatedDateTime `updated`. */
export function reviewBadge(state: EventReviewState | undefined, updated: string | undefined): ReviewBadge {
  if (state?.reviewedAt) {
    const seen = state.reviewedVersion;
    // Compared as instants: the service may write the same time with other fractional digits.
    if (updated && (!seen || Date.parse(updated) > Date.parse(seen)))
      return { kind: 'changed', label: 'Changed since reviewed' };
    const label =
      state.progress === 'AwaitingApproval' ? 'Awaiting approval' : state.progress === 'Approved' ? 'Approved' : 'Reviewed';
    return { kind: 'reviewed', label };
  }
  if (state?.read) return { kind: 'read', label: 'Read' };
  return { kind: 'unread', label: 'Unread' };
}
