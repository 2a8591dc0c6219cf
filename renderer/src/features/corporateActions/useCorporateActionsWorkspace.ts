/**
 * The workflow of the corporate actions workspace, between its stores and its components:
 * opening an event marks it read and shows its history; review, flag and note actions keep the
 * history current; keyboard triage; saved views; bulk review; the audit log; the CSV export;
 * the day the countdowns count from. The view only lays it out.
 */
import { storeToRefs } from 'pinia';
import { computed, onMounted, onUnmounted, ref, watch, type Ref } from 'vue';
import type { InboxFilters } from '../../../../contract/corporateActions';
import { onOwnerArrival, useOwnedState } from '../session/useOwnedState';
import { todayIso } from './logic/eventDates';
import { seenEvent } from './logic/seenEvent';
import type { InboxSort } from './logic/inboxQuery';
import { useCorporateActionsReviewStore } from './useCorporateActionsReviewStore';
import { useCorporateActionsStore } from './useCorporateActionsStore';
import { useInboxExport } from './useInboxExport';
import { useTriageKeys } from './useTriageKeys';

/** What the workflow needs of the inbox grid (InboxGrid's exposed functions). */
export interface InboxGridHandle {
  moveBy(delta: number): string | undefined;
  current(): string | undefined;
  focusCurrent(): void;
}

/** The workspace's state and actions; `grid` is the inbox grid once mounted. */
export function useCorporateActionsWorkspace(grid: Ref<InboxGridHandle | undefined>) {
  const events = useCorporateActionsStore();
  const review = useCorporateActionsReviewStore();
  const { filters, sort, rows, total, loading, error, openEventId, detail } = storeToRefs(events);
  const { states, views, audit } = storeToRefs(review);

  const today = ref(todayIso());
  const auditOpen = ref(false);
  const activeView = ref('');
  const selectedIds = ref<string[]>([]);
  const { exporting, exportMessage, exportCsv } = useInboxExport(today);
  // The stores forget their data themselves; what the workspace chose goes with it.
  useOwnedState(() => {
    auditOpen.value = false;
    activeView.value = '';
    selectedIds.value = [];
  });

  const history = computed(() => audit.value.filter((entry) => entry.eventId === openEventId.value));
  const statusText = computed(() => {
    if (loading.value && rows.value.length === 0) return 'Loading events…';
    if (error.value) return 'Events could not be loaded';
    const count = total.value ?? rows.value.length;
    return `${count} event${count === 1 ? '' : 's'} · ${rows.value.length} loaded`;
  });

  /** Reads the reviewer and the saved views, and the first page unless the list is kept. */
  function read(firstPage: boolean): void {
    void review.loadStatus();
    void review.loadViews();
    if (firstPage) void events.search();
  }
  // A user who signs in after another (or after signing out) gets their own inbox at once.
  onOwnerArrival(() => read(true));

  // States of the events on screen are read once each; review actions keep them current.
  watch(rows, (loaded) => {
    const missing = loaded.map((event) => event.EventId).filter((id) => !(id in states.value));
    if (missing.length > 0) void review.loadStates(missing);
  });

  /** Opens an event: its details and history; an unread event becomes read. */
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

  /** Saves the open event's note, written on version `version` of its review state. */
  async function setNoteOfOpen(note: string, version?: number): Promise<void> {
    const eventId = openEventId.value;
    if (!eventId) return;
    await review.setNote(eventId, note, version);
    await review.loadAudit(eventId);
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

  function applyFilters(next: InboxFilters): void {
    filters.value = next;
    activeView.value = '';
    void events.search();
  }

  function applySort(next: InboxSort): void {
    sort.value = next;
    void events.search();
  }

  async function applyView(name: string): Promise<void> {
    activeView.value = name;
    const view = views.value.find((candidate) => candidate.name === name);
    if (view) await events.applyView(view.definition);
  }

  async function saveView(name: string): Promise<void> {
    if (await review.saveView(name, events.viewDefinition)) activeView.value = name;
  }

  async function deleteView(name: string): Promise<void> {
    await review.deleteView(name);
    activeView.value = '';
  }

  async function toggleAudit(): Promise<void> {
    auditOpen.value = !auditOpen.value;
    if (auditOpen.value) await review.loadAudit();
  }

  function closeEvent(): void {
    events.closeEvent();
    grid.value?.focusCurrent();
  }

  let dayTimer: ReturnType<typeof setInterval> | undefined;
  onMounted(() => {
    review.follow();
    read(rows.value.length === 0);
    dayTimer = setInterval(() => (today.value = todayIso()), 60_000);
  });
  onUnmounted(() => clearInterval(dayTimer));

  return {
    today,
    auditOpen,
    activeView,
    selectedIds,
    history,
    statusText,
    exporting,
    exportMessage,
    exportCsv,
    open,
    setReviewed,
    approveOpen,
    assignOpen,
    setFlagged,
    setReadOfOpen,
    setNoteOfOpen,
    applyFilters,
    applySort,
    applyView,
    saveView,
    deleteView,
    toggleAudit,
    closeEvent,
  };
}
