/**
 * The corporate events inbox: filters, sort and columns, the events loaded so far, the event
 * open in the detail pane, and reading every matching event for an export. The work to do and
 * the history (logic/queue.ts), a sort by a date the service cannot sort by, or a filter by
 * review state or deadline need every matching event: those are read (up to EXPORT_CAP) and
 * placed, sorted and filtered here (logic/workQueue.ts), against the service's now and each
 * event's market calendar. Every event in the service's order is read page by page. All of it
 * belongs to the signed-in user: another user (or none) starts from an empty inbox.
 */
import { defineStore } from 'pinia';
import { computed, ref, watch } from 'vue';
import type {
  InboxFilters,
  InboxViewDefinition,
  WorkQueueFilters,
} from '../../../../contract/corporateActions';
import { eventStates } from '../../../../contract/wire/enums';
import type { CorporateActionEvent } from '../../../../contract/wire/types';
import { call, isCancelled, messageOf, supersedingCalls } from '../../shared/desk';
import { useDetailLoader } from '../../shared/useDetailLoader';
import { useOwnedState } from '../session/useOwnedState';
import { defaultColumnIds } from './logic/inboxColumns';
import { cleanFilters, eventsQuery, type InboxSort } from './logic/inboxQuery';
import type { DeadlineClock } from './logic/deadlines';
import { countQueue, DEFAULT_OVERDUE_BUSINESS_DAYS, placeInQueue, type QueueContext, type QueuePlacing } from './logic/queue';
import { queueRows } from './logic/queueRows';
import {
  hasWorkQueueFilters,
  hiddenBy,
  isLocalSort,
  needsEveryMatchingEvent,
  OPEN_WORK_VIEW,
  THIS_COMPUTER,
  type HiddenBy,
  type QueueWorker,
} from './logic/workQueue';
import { useSettingsStore } from '../settings/useSettingsStore';
import { useMarketCalendarsStore } from './useMarketCalendarsStore';
import { useReviewStore } from './useReviewStore';
import { useServiceClockStore } from './useServiceClockStore';

/** Events per page of the list. */
export const PAGE_SIZE = 100;
/** Most events one export reads (a day's work fits many times over). */
export const EXPORT_CAP = 10_000;

export const useCorporateActionsStore = defineStore('corporateActions', () => {
  const review = useReviewStore();
  const serviceClock = useServiceClockStore();
  const calendars = useMarketCalendarsStore();
  const settings = useSettingsStore();
  const filters = ref<InboxFilters>({});
  const workQueue = ref<WorkQueueFilters>(copyOfWorkQueue(OPEN_WORK_VIEW.workQueue ?? {}));
  const sort = ref<InboxSort>({ ...OPEN_WORK_VIEW.sort });
  const columns = ref<string[]>([...defaultColumnIds]);
  /** The events read from the service: pages in the service's order, or every matching one. */
  const matching = ref<CorporateActionEvent[]>([]);
  /** Whether `matching` holds every matching event (the inbox sorts and filters them itself). */
  const readEverything = ref(false);
  /** More events matched than EXPORT_CAP: the list holds the first EXPORT_CAP. */
  const capped = ref(false);
  /** What deadlines are read against: the service's now and each event's market calendar. */
  const clock = computed<DeadlineClock>(() => ({ now: serviceClock.now, calendarOf: calendars.calendarOf }));
  /** The service's calendar day in UTC (`yyyy-mm-dd`), where a timeline marks today. */
  const today = computed(() => new Date(serviceClock.now).toISOString().slice(0, 10));
  const total = ref<number>();
  const hasMore = ref(false);
  const loading = ref(false);
  const error = ref<string>();
  const listCalls = supersedingCalls();
  const owned = useOwnedState(() => {
    listCalls.cancel();
    opened.close();
    filters.value = {};
    workQueue.value = copyOfWorkQueue(OPEN_WORK_VIEW.workQueue ?? {});
    sort.value = { ...OPEN_WORK_VIEW.sort };
    columns.value = [...defaultColumnIds];
    matching.value = [];
    readEverything.value = false;
    capped.value = false;
    total.value = undefined;
    hasMore.value = false;
    loading.value = false;
    error.value = undefined;
  });
  // An event is read again with its holdings, in any state (it was in the list).
  const opened = useDetailLoader<string, CorporateActionEvent>((eventId, signal) => {
    const { AccountKey, ClientKey, IncludeSubAccounts } = cleanFilters(filters.value);
    return call(
      'corporateActions:event',
      {
        EventId: eventId,
        EventStates: [...eventStates],
        ...(AccountKey ? { AccountKey } : {}),
        ...(ClientKey ? { ClientKey } : {}),
        ...(IncludeSubAccounts ? { IncludeSubAccounts } : {}),
      },
      { signal: owned.signalWith(signal) },
    );
  });

  /** The current filters, sort and columns, as a saved view stores them. */
  const viewDefinition = computed<InboxViewDefinition>(() => ({
    filters: cleanFilters(filters.value),
    ...(hasWorkQueueFilters(workQueue.value) ? { workQueue: copyOfWorkQueue(workQueue.value) } : {}),
    sort: { ...sort.value },
    columns: [...columns.value],
  }));

  /** Passed deadlines stay work to do for this many business days (Settings). */
  const overdueBusinessDays = computed(
    () => settings.settings?.workQueue?.overdueBusinessDays ?? DEFAULT_OVERDUE_BUSINESS_DAYS,
  );
  const context = computed<QueueContext>(() => ({
    clock: clock.value,
    worker: worker.value,
    overdueBusinessDays: overdueBusinessDays.value,
  }));
  /** Where each event read stands now: work to do (overdue or upcoming) or history, with its deadline. */
  const placings = computed(() => {
    const placed = new Map<string, QueuePlacing>();
    for (const event of matching.value)
      placed.set(event.EventId, placeInQueue(event, review.states[event.EventId], context.value));
    return placed;
  });
  /** "9 to do · 2 overdue", and the history. */
  const counts = computed(() => countQueue(placings.value.values()));
  /** Open events due within 2 business days: marked in the list. */
  const dueSoon = computed(
    () =>
      new Set(
        [...placings.value]
          .filter(([, placing]) => placing.place === 'upcoming' && placing.dueSoon)
          .map(([eventId]) => eventId),
      ),
  );

  /**
   * The events in the list, decided when the list is read or the queue's filters change, not on
   * every review action: an event marked reviewed stays where it is (its badge says so) until
   * the queue is read again, so the row under the keyboard never jumps away. As the clock moves
   * on (`sticky`), deadlines move events in and out, but a decision taken meanwhile does not.
   */
  const queued = ref(new Set<string>());
  const hidden = ref<Partial<Record<Exclude<HiddenBy, 'place'>, number>>>({});
  function refilter(sticky = false): void {
    const kept = new Set<string>();
    const hiddenCounts: Partial<Record<Exclude<HiddenBy, 'place'>, number>> = {};
    for (const event of matching.value) {
      const state = review.states[event.EventId];
      const placing = placings.value.get(event.EventId) ?? placeInQueue(event, state, context.value);
      const reason = hiddenBy(event, state, workQueue.value, context.value, placing);
      const decidedMeanwhile =
        sticky &&
        queued.value.has(event.EventId) &&
        (reason === 'review' || (reason === 'place' && placing.place === 'history' && placing.reason === 'decided'));
      if (reason === undefined || decidedMeanwhile) kept.add(event.EventId);
      else if (reason !== 'place') hiddenCounts[reason] = (hiddenCounts[reason] ?? 0) + 1;
    }
    queued.value = kept;
    hidden.value = hiddenCounts;
  }

  /** Who works the queue: a team member (awaiting approval and assignees apply) or this computer's reviewer. */
  const worker = computed<QueueWorker>(() =>
    review.store.kind === 'team' ? { team: true, memberId: review.team?.me.userId } : THIS_COMPUTER,
  );
  /** Whether the list must be read whole for the current view and worker. */
  const needsEverything = () => needsEveryMatchingEvent(sort.value.column, workQueue.value, worker.value);
  // Another store (or the team saying who the user is) changes which filters apply: the queue follows.
  watch(
    () => (worker.value.team ? `team|${worker.value.memberId ?? ''}` : 'local'),
    () => {
      if (matching.value.length === 0 && !readEverything.value) return;
      if (readEverything.value && needsEverything()) refilter();
      else void search();
    },
  );

  /** The list as shown: the service's pages as read, or every matching event placed, filtered and sorted here. */
  const shown = computed(() =>
    readEverything.value
      ? queueRows({
          matching: matching.value,
          kept: queued.value,
          placings: placings.value,
          sort: sort.value,
          clock: clock.value,
          place: workQueue.value.place,
        })
      : { rows: matching.value },
  );
  const rows = computed<CorporateActionEvent[]>(() => shown.value.rows);
  /** How many of the first rows are the overdue group (the work to do only). */
  const overdueRows = computed(() => shown.value.overdue);
  /** True while the list is sorted here rather than by the service. */
  const sortedHere = computed(() => readEverything.value && isLocalSort(sort.value.column));

  /** Every matching event, page after page, up to EXPORT_CAP, in the service's order. */
  async function readEveryMatchingEvent(signal: AbortSignal) {
    const events: CorporateActionEvent[] = [];
    let count: number | undefined;
    for (;;) {
      const feed = await call(
        'corporateActions:events',
        eventsQuery(filters.value, sort.value, { top: 1000, skip: events.length }),
        { signal },
      );
      events.push(...feed.Data);
      count = feed.__count ?? count;
      if (events.length >= EXPORT_CAP) return { events: events.slice(0, EXPORT_CAP), capped: true, count };
      if (feed.Data.length === 0 || feed.__next === undefined) return { events, capped: false, count };
    }
  }

  async function loadPage(skip: number): Promise<void> {
    const controller = listCalls.start();
    const signal = owned.signalWith(controller.signal);
    loading.value = true;
    error.value = undefined;
    try {
      if (needsEverything()) {
        const all = await readEveryMatchingEvent(signal);
        // The review states and the markets' calendars decide what the queue shows: read before the list changes.
        await Promise.all([
          review.loadStates(all.events.map((event) => event.EventId).filter((id) => !(id in review.states))),
          calendars.prepare(all.events, serviceClock.now),
        ]);
        if (signal.aborted) return;
        matching.value = all.events;
        refilter();
        readEverything.value = true;
        capped.value = all.capped;
        total.value = all.count;
        hasMore.value = false;
        return;
      }
      const feed = await call(
        'corporateActions:events',
        eventsQuery(filters.value, sort.value, { top: PAGE_SIZE, skip }),
        { signal },
      );
      await calendars.prepare(feed.Data, serviceClock.now);
      if (signal.aborted) return;
      matching.value = skip === 0 ? feed.Data : [...matching.value, ...feed.Data];
      readEverything.value = false;
      capped.value = false;
      total.value = feed.__count;
      hasMore.value =
        feed.__next !== undefined || (feed.__count !== undefined && matching.value.length < feed.__count);
    } catch (caught) {
      if (!isCancelled(caught)) error.value = messageOf(caught);
    } finally {
      if (listCalls.isCurrent(controller)) loading.value = false;
    }
  }

  /** Reads the first page again for the current filters and sort (a newer search cancels an older one). */
  const search = () => loadPage(0);
  /**
   * New work-queue filters: applied to the events already read when they hold every matching
   * one (unless `readAgain`, as after the service's filters changed too), else the list is read
   * again (every matching event, or pages when no longer needed).
   */
  function applyWorkQueue(next: WorkQueueFilters, readAgain = false): Promise<void> {
    workQueue.value = copyOfWorkQueue(next);
    if (!readAgain && readEverything.value && needsEverything()) {
      refilter();
      return Promise.resolve();
    }
    return search();
  }

  /** Appends the next page. */
  const loadMore = () =>
    hasMore.value && !loading.value ? loadPage(matching.value.length) : Promise.resolve();

  /** Applies a saved view (or any definition) and searches again. */
  async function applyView(definition: InboxViewDefinition): Promise<void> {
    filters.value = { ...definition.filters };
    workQueue.value = copyOfWorkQueue(definition.workQueue ?? {});
    sort.value = { column: definition.sort.column, type: definition.sort.type };
    columns.value = [...definition.columns];
    await search();
  }

  /** Opens an event in the detail pane. */
  const openEvent = (eventId: string) => opened.open(eventId);
  const closeEvent = () => opened.close();

  /**
   * Every event of the current view (filters, work queue and sort), up to EXPORT_CAP: the list
   * itself when it already holds them all, else read page after page. Rejects as cancelled when
   * the user changes meanwhile: an export never mixes two users.
   */
  async function readAllMatching(): Promise<{ events: CorporateActionEvent[]; capped: boolean }> {
    if (readEverything.value) return { events: [...rows.value], capped: capped.value };
    const all = await readEveryMatchingEvent(owned.signal);
    return { events: all.events, capped: all.capped };
  }

  return {
    filters,
    workQueue,
    sort,
    columns,
    rows,
    matching,
    readEverything,
    sortedHere,
    worker,
    capped,
    clock,
    today,
    counts,
    dueSoon,
    hidden,
    overdueRows,
    overdueBusinessDays,
    total,
    hasMore,
    loading,
    error,
    openEventId: opened.openKey,
    detail: opened.detail,
    detailLoading: opened.loading,
    detailError: opened.error,
    viewDefinition,
    search,
    refilter,
    applyWorkQueue,
    loadMore,
    applyView,
    openEvent,
    closeEvent,
    readAllMatching,
  };
});

/**
 * A plain copy of work-queue filters. structuredClone refuses Vue's reactive proxies, and these
 * are held in refs, here and in the saved views: saving or showing a view with work-queue filters
 * threw halfway (nothing saved; a restored view's filters applied without its sort).
 */
function copyOfWorkQueue({ place, review, deadlineWithinBusinessDays }: WorkQueueFilters): WorkQueueFilters {
  return {
    ...(place !== undefined ? { place } : {}),
    ...(review !== undefined ? { review: [...review] } : {}),
    ...(deadlineWithinBusinessDays !== undefined ? { deadlineWithinBusinessDays } : {}),
  };
}
