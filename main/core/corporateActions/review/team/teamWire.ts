/**
 * The team review service's wire (contract/wire/review.ts) in the desk's words: states,
 * audit entries and conflicts as the renderer shows them for either store. People are named by
 * the team's display names; their `userId` is the platform's UserKey.
 */
import type { ReviewAuditEntry } from '../../../../../contract/corporateActions';
import type {
  AuditVerificationView,
  EventReviewState,
  ReviewAuditAction,
  ReviewConflictView,
  ReviewNote,
  ReviewPerson,
  ReviewStateChange,
} from '../../../../../contract/review';
import type {
  AuditVerification,
  ReadMark,
  ReviewConflict,
  SharedEventReview,
  TeamAuditAction,
  TeamAuditEntry,
  TeamEventReview,
  TeamMember,
  TeamNote,
} from '../../../../../contract/wire/review';

const person = (member: TeamMember): ReviewPerson => ({ name: member.Name, userId: member.UserKey });
const note = (written: TeamNote): ReviewNote => ({
  id: written.Id,
  by: person(written.By),
  at: written.At,
  text: written.Text,
});

/** The shared state of an event as the desk shows it (without the personal read mark). */
export function sharedStateFromWire(review: SharedEventReview): Omit<EventReviewState, 'read'> {
  return {
    eventId: review.EventId,
    flagged: review.Flagged,
    // Changes kept before notes were a thread carry none: an empty thread.
    notes: (review.Notes ?? []).map(note),
    version: review.Version,
    progress: review.ReviewStatus,
    fourEyes: review.FourEyes,
    ...(review.Reviewed
      ? {
          reviewedAt: review.Reviewed.At,
          reviewedBy: person(review.Reviewed.By),
          ...(review.Reviewed.EventUpdatedDateTime
            ? { reviewedVersion: review.Reviewed.EventUpdatedDateTime }
            : {}),
        }
      : {}),
    ...(review.Approved ? { approvedAt: review.Approved.At, approvedBy: person(review.Approved.By) } : {}),
    ...(review.Assignee ? { assignee: person(review.Assignee) } : {}),
    ...(review.Changed ? { changedAt: review.Changed.At, changedBy: person(review.Changed.By) } : {}),
  };
}

/** An event's state for the caller: the shared state and their read mark. */
export function stateFromWire(review: TeamEventReview): EventReviewState {
  return { ...sharedStateFromWire(review), read: review.Read };
}

/** An event nobody has changed and the caller has not read: the local store leaves such events out too. */
export function untouched(review: TeamEventReview): boolean {
  return review.Version === 0 && !review.Read;
}

/** A live change's states; `read` only where the change carries the caller's own read mark. */
export function changesFromWire(
  reviews: SharedEventReview[],
  reads: { EventId: string; Read: boolean }[] = [],
): ReviewStateChange[] {
  const readOf = new Map(reads.map((mark) => [mark.EventId, mark.Read]));
  return reviews.map((review) => {
    const read = readOf.get(review.EventId);
    return { ...sharedStateFromWire(review), ...(read !== undefined ? { read } : {}) };
  });
}

const AUDIT_ACTIONS: Record<TeamAuditAction, ReviewAuditAction> = {
  Flagged: 'flagged',
  Unflagged: 'unflagged',
  Note: 'note',
  Assigned: 'assigned',
  Unassigned: 'unassigned',
  Reviewed: 'reviewed',
  Unreviewed: 'unreviewed',
  Approved: 'approved',
  ApprovalWithdrawn: 'approvalWithdrawn',
};

/** What the audit log writes after a change: a review names the event version seen, as the local log does. */
function afterText(entry: TeamAuditEntry): string {
  if (entry.Action === 'Reviewed') return entry.Event?.UpdatedDateTime ?? 'reviewed';
  return entry.After;
}

/** One line of the team's audit log in the desk's words. */
export function auditEntryFromWire(entry: TeamAuditEntry, profileId: string): ReviewAuditEntry {
  return {
    id: entry.Id,
    eventId: entry.EventId,
    at: entry.At,
    actor: person(entry.By),
    profileId,
    action: AUDIT_ACTIONS[entry.Action],
    before: entry.Before,
    after: afterText(entry),
  };
}

/** One of the reviewer's own read marks as an entry of their audit view (personal: nobody else sees it). */
export function readMarkEntryFromWire(
  mark: ReadMark,
  index: number,
  who: { name: string; userId: string; profileId: string },
): ReviewAuditEntry {
  return {
    id: -(index + 1),
    eventId: mark.EventId,
    at: mark.At,
    actor: { name: who.name, userId: who.userId },
    profileId: who.profileId,
    action: mark.Read ? 'read' : 'unread',
    before: String(!mark.Read),
    after: String(mark.Read),
  };
}

/** How far the team's audit log verifies, in the desk's words. */
export function verificationFromWire(result: AuditVerification): AuditVerificationView {
  const failure = result.FirstFailure;
  return {
    kind: 'team',
    entries: result.Entries,
    verifiedEntries: result.VerifiedEntries,
    sealedBefore: result.SealedBefore,
    ...(failure
      ? {
          firstFailure: {
            id: failure.Id,
            eventId: failure.EventId,
            at: failure.At,
            by: person(failure.By),
            action: failure.Action,
            reason: failure.Reason,
          },
        }
      : {}),
    checkedAt: result.CheckedAt,
  };
}

/** A 409's conflict in the desk's words. */
export function conflictFromWire(conflict: ReviewConflict): ReviewConflictView {
  return {
    eventId: conflict.EventId,
    yourVersion: conflict.YourVersion,
    current: stateFromWire(conflict.Current),
    changesSince: conflict.ChangesSince.map((entry) => ({
      by: person(entry.By),
      at: entry.At,
      action: AUDIT_ACTIONS[entry.Action],
      before: entry.Before,
      after: afterText(entry),
    })),
  };
}
