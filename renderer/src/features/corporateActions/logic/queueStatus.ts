/**
 * The inbox's status line: what the queue holds and, whenever fewer events are shown than
 * match, which filter hides them ("0 shown of 6 to do: 6 hidden by the review-state filter
 * (Flagged)"), never a bare "0 of 6".
 */
import type { InboxFilters, WorkQueueFilters, WorkQueuePlace } from '../../../../../contract/corporateActions';
import { countsText, type QueueCounts, type QueueWorker } from './queue';
import { applicableWorkQueue, reviewStateFilterLabels, type HiddenBy } from './workQueue';
import { formatCount } from '../../../shared/countFormat';

/** What the service's filters are called on screen. */
const SERVICE_FILTER_WORDS: Record<keyof InboxFilters, string> = {
  AssetTypes: 'asset types',
  CorporateActionTypes: 'corporate action type',
  ElectionStatuses: 'election status',
  EventStates: 'event state',
  EventStatus: 'event status',
  EventTypes: 'event types',
  FromDeadlineDate: 'deadline',
  ToDeadlineDate: 'deadline',
  FromExDate: 'ex date',
  ToExDate: 'ex date',
  FromPayDate: 'pay date',
  ToPayDate: 'pay date',
  FromRecordDate: 'record date',
  ToRecordDate: 'record date',
  Keywords: 'keywords',
  IncludeLapsedEvents: 'lapsed events included',
  IncludeSubAccounts: 'sub-accounts included',
  AccountKey: 'account',
  ClientKey: 'client',
  AccountGroupKey: 'account group',
};

/** The service's filters that are set, in words, each once. */
export function serviceFilterWords(filters: InboxFilters): string[] {
  const set = Object.entries(filters).filter(
    ([, value]) => value !== undefined && value !== '' && value !== false && !(Array.isArray(value) && value.length === 0),
  );
  return [...new Set(set.map(([key]) => SERVICE_FILTER_WORDS[key as keyof InboxFilters] ?? key))];
}

export interface QueueStatusInput {
  place: WorkQueuePlace | undefined;
  /** Rows in the list now. */
  shown: number;
  /** Events read: every one the service matched, or the first EXPORT_CAP of `total`. */
  matching: number;
  total?: number | undefined;
  capped: boolean;
  counts: QueueCounts;
  /** Events of the chosen half (or of all) kept out by each other work-queue filter. */
  hidden: Partial<Record<Exclude<HiddenBy, 'place'>, number>>;
  workQueue: WorkQueueFilters;
  worker: QueueWorker;
  filters: InboxFilters;
  /** How the list is ordered, e.g. "sorted by response deadline here". */
  order: string;
}

/** Why events of the chosen half are not shown, filter by filter. */
function hiddenText(input: QueueStatusInput): string {
  const parts: string[] = [];
  const review = applicableWorkQueue(input.workQueue, input.worker).review ?? [];
  if (input.hidden.review)
    parts.push(
      `${formatCount(input.hidden.review)} hidden by the review-state filter (${review.map((state) => reviewStateFilterLabels[state]).join(', ')})`,
    );
  if (input.hidden.deadline)
    parts.push(
      `${formatCount(input.hidden.deadline)} hidden by the deadline filter (within ${input.workQueue.deadlineWithinBusinessDays} business days)`,
    );
  return parts.join(', ');
}

/** The status line of the inbox when it holds every matching event. */
export function queueStatusText(input: QueueStatusInput): string {
  const { counts, place } = input;
  const inPlace = place === 'toDo' ? counts.toDo : place === 'history' ? counts.history : input.matching;
  const head =
    place === 'toDo'
      ? countsText(counts)
      : place === 'history'
        ? `${formatCount(counts.history)} in History`
        : `${formatCount(input.matching)} events`;
  const hidden = hiddenText(input);
  const shown = input.shown < inPlace ? `${formatCount(input.shown)} shown of ${head}: ${hidden}` : head;
  const other =
    place === 'toDo'
      ? [`${formatCount(counts.history)} in History`]
      : place === 'history'
        ? [`${formatCount(counts.toDo)} to do`]
        : [];
  const filterWords = serviceFilterWords(input.filters);
  const matched = input.capped
    ? `the first ${formatCount(input.matching)} of ${formatCount(input.total ?? input.matching)} matching events (narrow the filters for the rest)`
    : `all ${formatCount(input.matching)} matching events`;
  const of = `of ${matched}${filterWords.length > 0 ? ` (filtered by ${filterWords.join(', ')})` : ''}`;
  return [shown, ...other, of, input.order].join(' · ');
}
