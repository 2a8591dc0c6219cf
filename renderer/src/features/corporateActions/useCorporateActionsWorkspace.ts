/**
 * The workflow of the corporate actions workspace, between its stores and its components:
 * opening an event marks it read and shows its history; review, flag and note actions keep the
 * history current; notes being typed are kept as drafts; keyboard triage; the work queue's
 * filters and sorts; saved views (useInboxViews); bulk review and approve of the ticked events
 * or of every matching one, asked first (useBulkActions); the audit log; the CSV export; the day the countdowns count from. The view only
 * lays it out.
 */
import { storeToRefs } from 'pinia';
import { computed, onMounted, ref, watch, type Ref } from 'vue';
import type { InboxFilters, WorkQueueFilters } from '../../../../contract/corporateActions';
import type { CorporateActionEvent } from '../../../../contract/wire/types';
import { onOwnerArrival, useOwnedState } from '../session/useOwnedState';
import { seenEvent } from './logic/seenEvent';
import { sortColumnLabels, type InboxSort } from './logic/inboxQuery';
import { queueStatusText } from './logic/queueStatus';
import { isLocalSort } from './logic/workQueue';
import { useAccountsStore } from './useAccountsStore';
import { useBulkActions } from './useBulkActions';
import { useEventLookupStore } from './useEventLookupStore';
import { useInboxViews } from './useInboxViews';
import { useNoteDraftsStore } from './useNoteDraftsStore';
import { useReviewStore } from './useReviewStore';
import { useCorporateActionsStore } from './useCorporateActionsStore';
import { useInboxAuditLog } from './useInboxAuditLog';
import { useInboxExport } from './useInboxExport';
import { useTriageKeys } from './useTriageKeys';
import { useServiceDayStore } from '../session/useServiceDayStore';
import { useSettingsStore } from '../settings/useSettingsStore';
import { formatCount } from '../../shared/countFormat';

/** What the workflow needs of the inbox grid (InboxGrid's exposed functions). */
export interface InboxGridHandle {
  moveBy(delta: number): string | undefined;
  current(): string | undefined;
  focusCurrent(): void;
}

/** The workspace's state and actions; `grid` is the inbox grid once mounted. */
export function useCorporateActionsWorkspace(grid: Ref<InboxGridHandle | undefined>) {
  const events = useCorporateActionsStore();
  const review = useReviewStore();
  const accounts = useAccountsStore();
  const lookup = useEventLookupStore();
  const drafts = useNoteDraftsStore();
  const { filters, workQueue, sort, rows, matching, total, loading, error, openEventId, detail, today, counts, hidden } =
    storeToRefs(events);
  const serviceDay = useServiceDayStore();
  const { states, audit } = storeToRefs(review);
  const views = useInboxViews();

  const { auditOpen, auditLog, auditLoading, auditVerification, ownReadMarks, toggleAudit, showOwnReadMarks, exportAudit } =
    useInboxAuditLog(today);
  const selectedIds = ref<string[]>([]);
  /** Every matching event, once the user chose "select all matching" (cleared when the list changes). */
  const allMatching = ref<CorporateActionEvent[]>();
  const allMatchingCapped = ref(false);
  const selecting = ref(false);
  const { exporting, exportMessage, exportCsv } = useInboxExport(today);
  // The stores forget their data themselves; what the workspace chose goes with it.
  useOwnedState(() => {
    selectedIds.value = [];
    allMatching.value = undefined;
  });

  const history = computed(() => audit.value.filter((entry) => entry.eventId === openEventId.value));
  const statusText = computed(() => {
    if (loading.value && rows.value.length === 0) return 'Loading events…';
    if (error.value) return 'Events could not be loaded';
    const count = total.value ?? matching.value.length;
    if (!events.readEverything)
      return `${formatCount(count)} event${count === 1 ? '' : 's'} · ${formatCount(rows.value.length)} loaded · sorted by the service`;
    return queueStatusText({
      place: workQueue.value.place,
      shown: rows.value.length,
      matching: matching.value.length,
      total: total.value,
      capped: events.capped,
      counts: counts.value,
      hidden: hidden.value,
      workQueue: workQueue.value,
      worker: events.worker,
      filters: filters.value,
      order: events.sortedHere
        ? `sorted by ${sortColumnLabels[sort.value.column].toLowerCase()} here (the service cannot sort by it)`
        : "in the service's order",
    });
  });

  /**
   * Reads the reviewer, the accounts, the filters' lists and the saved views (then the view
   * chosen last), and the list once the service's day and the queue's settings are known.
   */
  function read(firstPage: boolean): void {
    void review.loadStatus();
    void accounts.load();
    void lookup.load();
    const ready = Promise.all([review.loadViews(), serviceDay.load(), useSettingsStore().load()]);
    void ready.then(async () => {
      const restored = firstPage && (await views.restoreActiveView());
      if (firstPage && !restored) void events.search();
    });
  }
  // A user who signs in after another (or after signing out) gets their own inbox at once.
  onOwnerArrival(() => read(true));

  // States of the events on screen are read once each; review actions keep them current.
  watch(rows, (loaded) => {
    const missing = loaded.map((event) => event.EventId).filter((id) => !(id in states.value));
    if (missing.length > 0) void review.loadStates(missing);
  });

  /** Opens an event: its details and history; an unread event becomes read. A draft note stays with its event. */
  async function open(eventId: string | undefined): Promise<void> {
    if (!eventId) return;
    auditOpen.value = false;
    await Promise.all([events.openEvent(eventId), review.loadAudit(eventId)]);
    if (detail.value?.EventId === eventId && !states.value[eventId]?.read) {
      await review.setRead(eventId, true);
      await review.loadAudit(eventId);
    }
  }

  function eventOf(eventId: string) {
    return (
      (detail.value?.EventId === eventId ? detail.value : undefined) ??
      rows.value.find((event) => event.EventId === eventId)
    );
  }

  /** Marks events reviewed (with what was seen of each: its version and type) or not reviewed. */
  async function setReviewed(eventIds: string[], reviewed: boolean): Promise<void> {
    if (eventIds.length === 0) return;
    await review.setReviewed(
      eventIds.map((eventId) => seenEvent(eventId, eventOf(eventId))),
      reviewed,
    );
    if (openEventId.value && eventIds.includes(openEventId.value)) await review.loadAudit(openEventId.value);
  }

  /** Approves (four eyes) or withdraws the approval of the open event. */
  async function approveOpen(approved: boolean): Promise<void> {
    const eventId = openEventId.value;
    if (!eventId) return;
    await review.approve(eventId, approved);
    await review.loadAudit(eventId);
  }

  /** Assigns the open event to a member of the team, or unassigns it. */
  async function assignOpen(assignee: string | undefined): Promise<void> {
    const eventId = openEventId.value;
    if (!eventId) return;
    await review.assign(eventId, assignee);
    await review.loadAudit(eventId);
  }

  async function setFlagged(eventId: string, flagged: boolean): Promise<void> {
    await review.setFlagged(eventId, flagged);
    if (openEventId.value === eventId) await review.loadAudit(eventId);
  }

  /** Read/unread or a note, from the open event's pane. */
  async function setReadOfOpen(read: boolean): Promise<void> {
    const eventId = openEventId.value;
    if (!eventId) return;
    await review.setRead(eventId, read);
    await review.loadAudit(eventId);
  }

  /**
   * Adds the open event's draft note to its thread (notes overwrite nothing, so there is no
   * conflict to fear); the draft goes once main kept the note (a failure keeps it).
   */
  async function addNoteOfOpen(note: string): Promise<void> {
    const eventId = openEventId.value;
    if (!eventId || !note.trim()) return;
    if (await review.addNote(eventId, note)) drafts.forget(eventId);
    await review.loadAudit(eventId);
  }

  /** What the user types in the open event's new note. */
  function typeNoteOfOpen(text: string): void {
    const eventId = openEventId.value;
    if (eventId) drafts.keep(eventId, text);
  }

  /** Reload after a conflict: the conflicted events' current state (a note being typed stays: it is a new note). */
  async function reloadConflicted(): Promise<void> {
    await review.reloadConflicted();
  }

  /** The event under the keyboard (the grid's current row), else the open one. */
  const eventAtHand = () => grid.value?.current() ?? openEventId.value;
  useTriageKeys({
    next: () => grid.value?.moveBy(1),
    previous: () => grid.value?.moveBy(-1),
    open: () => void open(grid.value?.current()),
    review: () => {
      const eventId = eventAtHand();
      if (eventId) void setReviewed([eventId], true);
    },
    flag: () => {
      const eventId = eventAtHand();
      if (eventId) void setFlagged(eventId, !states.value[eventId]?.flagged);
    },
  });

  // Another list means another "all matching".
  watch([filters, workQueue, sort], () => (allMatching.value = undefined), { deep: true });

  function applyFilters(next: InboxFilters): void {
    filters.value = next;
    views.leaveView();
    void events.search();
  }

  /** Reset: no filter of the service's, none of the work queue's; the half of the inbox shown stays. */
  function resetFilters(): void {
    filters.value = {};
    views.leaveView();
    void events.applyWorkQueue(workQueue.value.place ? { place: workQueue.value.place } : {}, true);
  }

  /** The work to do, the history, or every event (undefined) with the other work-queue filters as they are. */
  function choosePlace(place: WorkQueueFilters['place']): void {
    const { place: _previous, ...others } = workQueue.value;
    applyWorkQueue(place ? { ...others, place } : others);
  }

  /** The work queue's filters apply to the events already read when they hold every matching one. */
  function applyWorkQueue(next: WorkQueueFilters): void {
    views.leaveView();
    void events.applyWorkQueue(next);
  }

  /** A new sort: a date sorted here re-sorts the events already read when they are all here; else the list is read again. */
  function applySort(next: InboxSort): void {
    // Every matching event is here already and the new order is one this inbox makes: no need to read them again.
    const resortHere = events.readEverything && isLocalSort(next.column);
    sort.value = next;
    views.leaveView();
    if (!resortHere) void events.search();
  }

  /** A click on a column header: that column ascending, or the other way when it is the sort already. */
  function sortByHeader(column: InboxSort['column']): void {
    applySort({ column, type: sort.value.column === column && sort.value.type === 'Asc' ? 'Desc' : 'Asc' });
  }

  /** Selects every event matching the view (not only those loaded), up to the export's cap, and says how many. */
  async function selectAllMatching(): Promise<void> {
    selecting.value = true;
    try {
      const all = await events.readAllMatching();
      allMatching.value = all.events;
      allMatchingCapped.value = all.capped;
    } catch {
      allMatching.value = undefined;
    } finally {
      selecting.value = false;
    }
  }

  const bulk = useBulkActions({ selectedIds, allMatching, eventOf });

  function closeEvent(): void {
    events.closeEvent();
    grid.value?.focusCurrent();
  }

  // As the service's clock moves on, deadlines pass, and Settings may keep them overdue longer:
  // the queue follows (a decision taken meanwhile stays put).
  watch(
    () => [Math.floor(serviceDay.now.getTime() / 60_000), events.overdueBusinessDays],
    () => events.readEverything && events.refilter(true),
  );
  onMounted(() => {
    review.follow();
    read(matching.value.length === 0);
  });

  return {
    today,
    auditOpen,
    auditLog,
    auditLoading,
    auditVerification,
    ownReadMarks,
    showOwnReadMarks,
    views,
    selectedIds,
    allMatching,
    allMatchingCapped,
    selecting,
    history,
    statusText,
    exporting,
    exportMessage,
    exportCsv,
    exportAudit,
    open,
    setReviewed,
    approveOpen,
    assignOpen,
    setFlagged,
    setReadOfOpen,
    addNoteOfOpen,
    typeNoteOfOpen,
    reloadConflicted,
    applyFilters,
    resetFilters,
    choosePlace,
    applyWorkQueue,
    applySort,
    sortByHeader,
    selectAllMatching,
    bulk,
    toggleAudit,
    closeEvent,
  };
}
