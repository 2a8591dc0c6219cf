/**
 * The inbox as a work queue: what the service cannot do for it. The service sorts by its own
 * SortColumns (spec 4.10: Date, EventId, EventType…) and filters by event fields; it knows
 * nothing of the work to do and the history (queue.ts), of response deadlines as a sort, of
 * ex/record/pay dates as sorts, nor of the reviewer's state. For those, the inbox reads every
 * matching event (bounded, as the export is) and sorts and filters them here.
 */
import type {
  EventReviewState,
  InboxLocalSortColumn,
  TeamOnlyWorkQueueReviewState,
  InboxViewDefinition,
  WorkQueueFilters,
  WorkQueuePlace,
  WorkQueueReviewState,
} from '../../../../../contract/corporateActions';
import type { CorporateActionEvent } from '../../../../../contract/wire/types';
import { isDueWithin, relevantDeadline, type DeadlineClock } from './deadlines';
import { isoDate, payDate } from './eventDates';
import { placeInQueue, type QueueContext, type QueuePlacing, type QueueWorker } from './queue';
import { reviewBadge } from './reviewBadge';

export { THIS_COMPUTER, type QueueWorker } from './queue';

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

/** The two halves of the inbox, as the tabs name them. */
export const placeLabels: Record<WorkQueuePlace, string> = { toDo: 'To do', history: 'History' };

/** The states only a team review service knows (the contract's teamOnlyWorkQueueReviewStates, as values). */
export const teamOnlyReviewStates = ['awaitingApproval', 'assignedToMe'] as const satisfies readonly TeamOnlyWorkQueueReviewState[];
const everyTeamOnlyState: [TeamOnlyWorkQueueReviewState] extends [(typeof teamOnlyReviewStates)[number]] ? true : never = true;

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
  return (
    applicable?.place !== undefined ||
    (applicable?.review?.length ?? 0) > 0 ||
    applicable?.deadlineWithinBusinessDays !== undefined
  );
}

/** True when the view needs every matching event read and worked on here, for `worker`. */
export function needsEveryMatchingEvent(
  sortColumn: InboxSortColumn,
  filters: WorkQueueFilters | undefined,
  worker: QueueWorker = { team: false },
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
      return reviewBadge(state, event.UpdatedDateTime).kind === 'changed';
  }
}

/** Which of the work queue's filters keeps an event out: the other half of the inbox, the review states ticked, or the deadline window. */
export type HiddenBy = 'place' | 'review' | 'deadline';

/**
 * The first work-queue filter that keeps `event` out of the list (undefined: it is shown):
 * its place (work to do or history), then the ticked review states (any of them; the team's
 * apply only with a team), then a next response deadline within the business days given (0:
 * today; a deadline passed, or none, is not in the window).
 */
export function hiddenBy(
  event: CorporateActionEvent,
  state: EventReviewState | undefined,
  filters: WorkQueueFilters | undefined,
  context: QueueContext,
  placing: QueuePlacing = placeInQueue(event, state, context),
): HiddenBy | undefined {
  if (filters?.place === 'toDo' && placing.place === 'history') return 'place';
  if (filters?.place === 'history' && placing.place !== 'history') return 'place';
  const wanted = applicableWorkQueue(filters, context.worker).review ?? [];
  if (wanted.length > 0 && !wanted.some((kind) => inReviewState(event, state, kind, context.worker))) return 'review';
  const within = filters?.deadlineWithinBusinessDays;
  if (within !== undefined) {
    const standing = (placing.deadline ?? relevantDeadline(event, context.clock))?.standing;
    if (!standing || !isDueWithin(standing, within)) return 'deadline';
  }
  return undefined;
}

/** Whether `event` passes the work-queue filters now. */
export function matchesWorkQueue(
  event: CorporateActionEvent,
  state: EventReviewState | undefined,
  filters: WorkQueueFilters | undefined,
  context: QueueContext,
): boolean {
  return hiddenBy(event, state, filters, context) === undefined;
}

/** The value of `event` the local sort `column` orders by (an ISO instant or `yyyy-mm-dd`), if it has one. */
export function sortValue(event: CorporateActionEvent, column: InboxLocalSortColumn, clock: DeadlineClock): string | undefined {
  switch (column) {
    case 'Deadline': {
      const deadline = relevantDeadline(event, clock);
      return deadline && new Date(deadline.at).toISOString();
    }
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
  clock: DeadlineClock,
): CorporateActionEvent[] {
  const keyed = events.map((event, index) => ({ event, index, value: sortValue(event, column, clock) }));
  keyed.sort((a, b) => {
    if (a.value === undefined || b.value === undefined) {
      return a.value === b.value ? a.index - b.index : a.value === undefined ? 1 : -1;
    }
    const order = a.value < b.value ? -1 : a.value > b.value ? 1 : 0;
    return (type === 'Asc' ? order : -order) || a.index - b.index;
  });
  return keyed.map(({ event }) => event);
}

/** The inbox's default view: the work to do, by response deadline, soonest first. */
export const OPEN_WORK_VIEW: Pick<InboxViewDefinition, 'sort' | 'workQueue'> = {
  sort: { column: 'Deadline', type: 'Asc' },
  workQueue: { place: 'toDo' },
};
