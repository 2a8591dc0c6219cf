/**
 * The corporate events inbox: filters, sort and columns, the pages of events loaded so far,
 * the event open in the detail pane, and reading every matching event for an export. All of
 * it belongs to the signed-in user: another user (or none) starts from an empty inbox.
 */
import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { InboxFilters, InboxViewDefinition } from '../../../../contract/corporateActions';
import { eventStates } from '../../../../contract/wire/enums';
import type { CorporateActionEvent } from '../../../../contract/wire/types';
import { call, isCancelled, messageOf, supersedingCalls } from '../../shared/desk';
import { useDetailLoader } from '../../shared/useDetailLoader';
import { useOwnedState } from '../session/useOwnedState';
import { defaultColumnIds } from './logic/inboxColumns';
import { cleanFilters, DEFAULT_SORT, eventsQuery, type InboxSort } from './logic/inboxQuery';

/** Events per page of the list. */
export const PAGE_SIZE = 100;
/** Most events one export reads (a day's work fits many times over). */
export const EXPORT_CAP = 10_000;

export const useCorporateActionsStore = defineStore('corporateActions', () => {
  const filters = ref<InboxFilters>({});
  const sort = ref<InboxSort>({ ...DEFAULT_SORT });
  const columns = ref<string[]>([...defaultColumnIds]);
  const rows = ref<CorporateActionEvent[]>([]);
  const total = ref<number>();
  const hasMore = ref(false);
  const loading = ref(false);
  const error = ref<string>();
  const listCalls = supersedingCalls();
  const owned = useOwnedState(() => {
    listCalls.cancel();
    opened.close();
    filters.value = {};
    sort.value = { ...DEFAULT_SORT };
    columns.value = [...defaultColumnIds];
    rows.value = [];
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
    sort: { ...sort.value },
    columns: [...columns.value],
  }));

  async function loadPage(skip: number): Promise<void> {
    const controller = listCalls.start();
    loading.value = true;
    error.value = undefined;
    try {
      const feed = await call(
        'corporateActions:events',
        eventsQuery(filters.value, sort.value, { top: PAGE_SIZE, skip }),
        { signal: owned.signalWith(controller.signal) },
      );
      rows.value = skip === 0 ? feed.Data : [...rows.value, ...feed.Data];
      total.value = feed.__count;
      hasMore.value =
        feed.__next !== undefined || (feed.__count !== undefined && rows.value.length < feed.__count);
    } catch (caught) {
      if (!isCancelled(caught)) error.value = messageOf(caught);
    } finally {
      if (listCalls.isCurrent(controller)) loading.value = false;
    }
  }

  /** Reads the first page again for the current filters and sort (a newer search cancels an older one). */
  const search = () => loadPage(0);
  /** Appends the next page. */
  const loadMore = () => (hasMore.value && !loading.value ? loadPage(rows.value.length) : Promise.resolve());

  /** Applies a saved view (or any definition) and searches again. */
  async function applyView(definition: InboxViewDefinition): Promise<void> {
    filters.value = { ...definition.filters };
    sort.value = { column: definition.sort.column, type: definition.sort.type };
    columns.value = [...definition.columns];
    await search();
  }

  /** Opens an event in the detail pane. */
  const openEvent = (eventId: string) => opened.open(eventId);
  const closeEvent = () => opened.close();

  /**
   * Every event matching the current filters and sort, page after page, up to EXPORT_CAP.
   * Rejects as cancelled when the user changes meanwhile: an export never mixes two users.
   */
  async function readAllMatching(): Promise<{ events: CorporateActionEvent[]; capped: boolean }> {
    const signal = owned.signal;
    const events: CorporateActionEvent[] = [];
    for (;;) {
      const feed = await call(
        'corporateActions:events',
        eventsQuery(filters.value, sort.value, { top: 1000, skip: events.length }),
        { signal },
      );
      events.push(...feed.Data);
      if (events.length >= EXPORT_CAP) return { events: events.slice(0, EXPORT_CAP), capped: true };
      if (feed.Data.length === 0 || feed.__next === undefined) return { events, capped: false };
    }
  }

  return {
    filters,
    sort,
    columns,
    rows,
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
    loadMore,
    applyView,
    openEvent,
    closeEvent,
    readAllMatching,
  };
});
