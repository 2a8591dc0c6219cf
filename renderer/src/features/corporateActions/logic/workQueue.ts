/**
 * The inbox as a work queue: what the service cannot do for it. The service sorts by its own
 * SortColumns (spec 4.10: Date, EventId, EventType…) and filters by event fields; it knows
 * nothing of response deadlines as a sort, of ex/record/pay dates as sorts, nor of the
 * reviewer's state. For those, the inbox reads every matching event (bounded, as the export is)
 * and sorts and filters them here. These functions decide which, and do it.
 */
import type {
  EventReviewState,
  InboxLocalSortColumn,
  TeamOnlyWorkQueueReviewState,
  InboxViewDefinition,
  WorkQueueFilters,
  WorkQueueReviewState,
} from '../../../../../contract/corporateActions';
import type { CorporateActionEvent } from '../../../../../contract/wire/types';
import { businessDaysBetween } from './businessDays';
import { isoDate, payDate, relevantDeadline } from './eventDates';
import { reviewBadge } from './reviewBadge';

/** Every sort key of the inbox: the service's SortColumns and the dates sorted here. */
export type InboxSortColumn = InboxViewDefinition['sort']['column'];

/** The contract's local sort columns, as values (the renderer imports the contract as types only). */
export const localSortColumns = ['Deadline', 'ExDate', 'RecordDate', 'PayDate'] as const satisfies readonly InboxLocalSortColumn[];
const everyLocalSortColumn: [InboxLocalSortColumn] extends [(typeof localSortColumns)[number]] ? true : never = true;

/** The contract's work-queue review states, as values, with what the filter shows. */
export const reviewStateFilterLabels: Record<WorkQueueReviewState, string> = {
  unread: 'Unread',
  flagged: 'Flagged',
  notReviewed: 'Not reviewed',
  changedSinceReviewed: 'Changed since reviewed',
  awaitingApproval: 'Awaiting approval',
  assignedToMe: 'Assigned to me',
};

/** The states only a team review service knows (the contract's teamOnlyWorkQueueReviewStates, as values). */
export const teamOnlyReviewStates = ['awaitingApproval', 'assignedToMe'] as const satisfies readonly TeamOnlyWorkQueueReviewState[];
const everyTeamOnlyState: [TeamOnlyWorkQueueReviewState] extends [(typeof teamOnlyReviewStates)[number]] ? true : never = true;

/**
 * Who works the queue: with a team review service, the user's id in the team (absent until the
 * service said who the user is); on this computer, nobody approves or assigns, so the team's
 * states do not apply.
 */
export type QueueWorker = { team: false } | { team: true; memberId?: string | undefined };
export const THIS_COMPUTER: QueueWorker = { team: false };

/** True for the states only a team review service knows. */
export function isTeamOnlyState(state: WorkQueueReviewState): state is TeamOnlyWorkQueueReviewState {
  return everyTeamOnlyState && (teamOnlyReviewStates as readonly string[]).includes(state);
}

/** The work-queue filters that apply for `worker`: without a team, its states are left out. */
export function applicableWorkQueue(filters: WorkQueueFilters | undefined, worker: QueueWorker): WorkQueueFilters {
  const applicable: WorkQueueFilters = { ...filters };
  if (!worker.team) {
    const review = applicable.review?.filter((state) => !isTeamOnlyState(state));
    if (review?.length) applicable.review = review;
    else delete applicable.review;
  }
  return applicable;
}

/** True when the inbox, not the service, sorts by `column`. */
export function isLocalSort(column: InboxSortColumn): column is InboxLocalSortColumn {
  return everyLocalSortColumn && (localSortColumns as readonly string[]).includes(column);
}

/** True when the work-queue filters hold anything to apply (for `worker`, when given). */
export function hasWorkQueueFilters(filters: WorkQueueFilters | undefined, worker?: QueueWorker): boolean {
  const applicable = worker ? applicableWorkQueue(filters, worker) : filters;
  return (applicable?.review?.length ?? 0) > 0 || applicable?.deadlineWithinBusinessDays !== undefined;
}

/** True when the view needs every matching event read and worked on here, for `worker`. */
export function needsEveryMatchingEvent(
  sortColumn: InboxSortColumn,
  filters: WorkQueueFilters | undefined,
  worker: QueueWorker = THIS_COMPUTER,
): boolean {
  return isLocalSort(sortColumn) || hasWorkQueueFilters(filters, worker);
}

/** Whether `event`, with review state `state`, is in the review state `wanted` for `worker`. */
function inReviewState(
  event: CorporateActionEvent,
  state: EventReviewState | undefined,
  wanted: WorkQueueReviewState,
  worker: QueueWorker,
): boolean {
  const badge = reviewBadge(state, event.UpdatedDateTime).kind;
  switch (wanted) {
    case 'awaitingApproval':
      return state?.progress === 'AwaitingApproval';
    case 'assignedToMe':
      return worker.team && worker.memberId !== undefined && state?.assignee?.userId === worker.memberId;
    case 'unread':
      return !state?.read;
    case 'flagged':
      return state?.flagged === true;
    case 'notReviewed':
      return !state?.reviewedAt;
    case 'changedSinceReviewed':
      return badge === 'changed';
  }
}

/**
 * Whether `event` passes the work-queue filters on `today` for `worker`: any of the ticked
 * review states that apply (none: any state; the team's states apply only with a team), and a
 * next response deadline within the business days given (from today on; an event whose
 * deadlines have all passed, or that has none, is not in the window).
 */
export function matchesWorkQueue(
  event: CorporateActionEvent,
  state: EventReviewState | undefined,
  filters: WorkQueueFilters | undefined,
  today: string,
  worker: QueueWorker = THIS_COMPUTER,
): boolean {
  const wanted = applicableWorkQueue(filters, worker).review ?? [];
  if (wanted.length > 0 && !wanted.some((kind) => inReviewState(event, state, kind, worker))) return false;
  const within = filters?.deadlineWithinBusinessDays;
  if (within !== undefined) {
    const deadline = relevantDeadline(event, today);
    const left = deadline === undefined ? undefined : businessDaysBetween(today, deadline);
    if (left === undefined || left < 0 || left > within) return false;
  }
  return true;
}

/** The date of `event` that the local sort `column` orders by (`yyyy-mm-dd`), if it has one. */
export function sortDate(event: CorporateActionEvent, column: InboxLocalSortColumn, today: string): string | undefined {
  switch (column) {
    case 'Deadline':
      return relevantDeadline(event, today);
    case 'ExDate':
      return isoDate(event.Ex?.Date);
    case 'RecordDate':
      return isoDate(event.Record?.Date);
    case 'PayDate':
      return payDate(event);
  }
}

/**
 * `events` sorted by a local date column: earliest first (Asc) or latest first (Desc); events
 * without that date come last either way (nothing to act on by a date that is not known), and
 * ties keep the service's order. Returns a new array.
 */
export function sortLocally(
  events: readonly CorporateActionEvent[],
  column: InboxLocalSortColumn,
  type: 'Asc' | 'Desc',
  today: string,
): CorporateActionEvent[] {
  const keyed = events.map((event, index) => ({ event, index, date: sortDate(event, column, today) }));
  keyed.sort((a, b) => {
    if (a.date === undefined || b.date === undefined) {
      return a.date === b.date ? a.index - b.index : a.date === undefined ? 1 : -1;
    }
    const order = a.date < b.date ? -1 : a.date > b.date ? 1 : 0;
    return (type === 'Asc' ? order : -order) || a.index - b.index;
  });
  return keyed.map(({ event }) => event);
}

/**
 * The inbox's default view: open work (not reviewed, changed since reviewed, or with a team a
 * review awaiting a second analyst's approval) by response deadline, soonest first.
 */
export const OPEN_WORK_VIEW: Pick<InboxViewDefinition, 'sort' | 'workQueue'> = {
  sort: { column: 'Deadline', type: 'Asc' },
  workQueue: { review: ['notReviewed', 'changedSinceReviewed', 'awaitingApproval'] },
};
