/**
 * Bulk review actions in words: the question asked before one starts ("Mark 1,535 events
 * reviewed?") and the summary it ends with (reviewed, now awaiting approval, approved, refused
 * and why). Each request is all-or-nothing, so a refusal names every event of its request.
 */
import type { EventReviewState } from '../../../../../contract/review';
import { formatCount } from '../../../shared/countFormat';

export type BulkAction = 'review' | 'approve';

/** Events a request refused, and the reason the store gave. */
export interface BulkRefusal {
  eventIds: string[];
  reason: string;
}

export interface BulkSummary {
  action: BulkAction;
  /** Marked reviewed and needing nothing more. */
  reviewed: number;
  /** Marked reviewed, now waiting for another analyst's approval (four eyes). */
  awaitingApproval: number;
  approved: number;
  refused: BulkRefusal[];
}

const count = formatCount;
const events = (n: number) => `${count(n)} event${n === 1 ? '' : 's'}`;

/** The question a bulk action asks first. */
export function bulkQuestion(action: BulkAction, eventCount: number): string {
  return action === 'review' ? `Mark ${events(eventCount)} reviewed?` : `Approve ${events(eventCount)}?`;
}

/** A summary with nothing counted yet. */
export function emptySummary(action: BulkAction): BulkSummary {
  return { action, reviewed: 0, awaitingApproval: 0, approved: 0, refused: [] };
}

/** Counts the states a request answered into `summary`. */
export function countStates(summary: BulkSummary, states: EventReviewState[]): void {
  for (const state of states) {
    if (state.progress === 'AwaitingApproval') summary.awaitingApproval++;
    else if (state.progress === 'Approved') summary.approved++;
    else if (state.progress === 'Reviewed') summary.reviewed++;
  }
}

/** The summary's first line: what was done, then how many were refused. */
export function summaryLine(summary: BulkSummary): string {
  const refused = summary.refused.reduce((total, refusal) => total + refusal.eventIds.length, 0);
  const parts =
    summary.action === 'review'
      ? [`${count(summary.reviewed + summary.awaitingApproval + summary.approved)} reviewed`]
      : [`${count(summary.approved)} approved`];
  if (summary.action === 'review' && summary.awaitingApproval > 0)
    parts.push(`${count(summary.awaitingApproval)} now awaiting approval`);
  if (summary.action === 'review' && summary.approved > 0)
    parts.push(`${count(summary.approved)} already approved`);
  parts.push(`${count(refused)} refused`);
  return `${parts.join(', ')}.`;
}

/** One line per refusal: the events (the first few by id) and why. */
export function refusalLine(refusal: BulkRefusal): string {
  const shown = refusal.eventIds.slice(0, 3).join(', ');
  const more = refusal.eventIds.length > 3 ? ` and ${count(refusal.eventIds.length - 3)} more` : '';
  return `${shown}${more}: ${refusal.reason}`;
}
