/**
 * The back office's queue: which events are work to do and which are history. Work to do has an
 * open decision (not reviewed, changed since reviewed, or in a team with four eyes a review
 * awaiting approval) and a response deadline ahead, or passed within the last N business days
 * (Settings); the overdue ones form a group of their own above the upcoming ones. Everything
 * else, past, cancelled, without a deadline, long lapsed or decided, is history. Both review
 * stores (this computer, the team service) give the same state shape, so both are read alike.
 */
import type { EventReviewState } from '../../../../../contract/corporateActions';
import type { CorporateActionEvent } from '../../../../../contract/wire/types';
import { DUE_SOON_BUSINESS_DAYS, isDueWithin, relevantDeadline, type DeadlineClock, type EventDeadline } from './deadlines';
import { reviewBadge } from './reviewBadge';
import { formatCount } from '../../../shared/countFormat';

/** Business days a passed deadline stays work to do unless Settings say otherwise. */
export const DEFAULT_OVERDUE_BUSINESS_DAYS = 5;

/**
 * Who works the queue: with a team review service, the user's id in the team (absent until the
 * service said who the user is); on this computer, nobody approves or assigns, so the team's
 * states do not apply.
 */
export type QueueWorker = { team: false } | { team: true; memberId?: string | undefined };
export const THIS_COMPUTER: QueueWorker = { team: false };

/** What placing an event in the queue reads besides the event and its review state. */
export interface QueueContext {
  clock: DeadlineClock;
  worker: QueueWorker;
  /** Passed deadlines stay work to do for this many business days. */
  overdueBusinessDays: number;
}

/** Why an event is history rather than work to do, in the order they are looked for. */
export type HistoryReason = 'past' | 'cancelled' | 'noDeadline' | 'lapsed' | 'decided';

export const historyReasonText: Record<HistoryReason, string> = {
  past: 'past',
  cancelled: 'cancelled or withdrawn',
  noDeadline: 'no response deadline',
  lapsed: 'deadline passed long ago',
  decided: 'already decided',
};

/** Where an event goes: the overdue or upcoming group of the work to do, or the history (and why). */
export type QueuePlacing =
  | { place: 'overdue' | 'upcoming'; deadline: EventDeadline; dueSoon: boolean }
  | { place: 'history'; reason: HistoryReason; deadline?: EventDeadline | undefined };

/**
 * True while a decision on the event is open: not reviewed, changed since it was reviewed, or
 * (in a team where four eyes apply) reviewed and awaiting a second analyst's approval.
 */
export function hasOpenDecision(
  event: CorporateActionEvent,
  state: EventReviewState | undefined,
  worker: QueueWorker,
): boolean {
  if (!state?.reviewedAt) return true;
  if (reviewBadge(state, event.UpdatedDateTime).kind === 'changed') return true;
  return worker.team && state.progress === 'AwaitingApproval';
}

/** Where `event` goes in the queue now. */
export function placeInQueue(
  event: CorporateActionEvent,
  state: EventReviewState | undefined,
  context: QueueContext,
): QueuePlacing {
  const deadline = relevantDeadline(event, context.clock);
  const history = (reason: HistoryReason): QueuePlacing => ({ place: 'history', reason, deadline });
  if (event.EventStatus === 'Past') return history('past');
  if (event.EventState === 'Cancelled' || event.EventState === 'Withdrawn') return history('cancelled');
  if (!deadline) return history('noDeadline');
  const standing = deadline.standing;
  if (standing.kind === 'passed' && standing.businessDaysAgo > context.overdueBusinessDays) return history('lapsed');
  if (!hasOpenDecision(event, state, context.worker)) return history('decided');
  if (standing.kind === 'passed') return { place: 'overdue', deadline, dueSoon: false };
  return { place: 'upcoming', deadline, dueSoon: isDueWithin(standing, DUE_SOON_BUSINESS_DAYS) };
}

/** What the queue holds, counted: "9 to do · 2 overdue · 3 due within 2 business days", and the history. */
export interface QueueCounts {
  toDo: number;
  overdue: number;
  dueSoon: number;
  history: number;
}

export function countQueue(placings: Iterable<QueuePlacing>): QueueCounts {
  const counts: QueueCounts = { toDo: 0, overdue: 0, dueSoon: 0, history: 0 };
  for (const placing of placings) {
    if (placing.place === 'history') {
      counts.history++;
      continue;
    }
    counts.toDo++;
    if (placing.place === 'overdue') counts.overdue++;
    if (placing.dueSoon) counts.dueSoon++;
  }
  return counts;
}

/** "1,535 to do · 12 overdue · 3 due within 2 business days" (grouped in the user's locale). */
export function countsText(counts: QueueCounts): string {
  return [
    `${formatCount(counts.toDo)} to do`,
    `${formatCount(counts.overdue)} overdue`,
    ...(counts.dueSoon > 0 ? [`${formatCount(counts.dueSoon)} due within ${DUE_SOON_BUSINESS_DAYS} business days`] : []),
  ].join(' · ');
}
