/**
 * The back-office review state of the events on screen (read, flagged, reviewed and approved
 * with both names, note, assignee, version), the audit log and the saved inbox views, kept by
 * main in the store chosen in Settings (this computer or the team service); here only the
 * signed-in user's, forgotten the moment the user or profile changes.
 *
 * Every shared change sends the version of the state it was made on; a stale one comes back as
 * a conflict naming who changed what, kept in `conflict` until the user reloads (nothing is
 * overwritten silently). Changes made on other desks arrive live from main and replace what is
 * shown when they are newer; `store` says whether the team service can be used now.
 *
 * The writes are in reviewStoreWrites.ts, the refusals and conflicts in reviewStoreFeedback.ts;
 * here the state, what is read, and what main pushes.
 */
import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type {
  EventReviewState,
  InboxViewDefinition,
  Reviewer,
  ReviewAuditEntry,
  SavedInboxView,
} from '../../../../contract/corporateActions';
import type {
  AuditVerificationView,
  CopyToTeamReport,
  ReviewsChanged,
  ReviewStoreView,
} from '../../../../contract/review';
import { call, messageOf, onDeskEvent } from '../../shared/desk';
import { useOwnedState } from '../session/useOwnedState';
import type { SeenEvent } from './logic/seenEvent';
import { createReviewFeedback, type ReviewConflict } from './reviewStoreFeedback';
import { createReviewWrites, EVENTS_PER_CALL } from './reviewStoreWrites';

export type { ReviewConflict, SeenEvent };

export const useReviewStore = defineStore('review', () => {
  const states = ref<Record<string, EventReviewState>>({});
  const feedback = createReviewFeedback();
  const { actionError, conflict, act, read, clearUnavailableOnceAnswering } = feedback;
  const reviewer = ref<Reviewer>();
  /** Where review state is kept and whether it can be used now. */
  const store = ref<ReviewStoreView>({ kind: 'local', revision: 0 });
  /**
   * The newest revision of the view main pushed: a status read answered before that push can
   * arrive after it (another channel) and would put back what is no longer true ("Connecting…").
   */
  let pushedRevision = -1;
  /** A problem of the local review file (moved aside, damaged), in words. */
  const problem = ref<string>();
  const audit = ref<ReviewAuditEntry[]>([]);
  const views = ref<SavedInboxView[]>([]);
  const viewsProblem = ref<string>();
  const copyReport = ref<CopyToTeamReport>();
  const copying = ref(false);
  /** Every event whose state was asked for (absent from `states` while untouched): what a reload reads again. */
  const asked = new Set<string>();
  const owned = useOwnedState(() => {
    states.value = {};
    asked.clear();
    reviewer.value = undefined;
    problem.value = undefined;
    actionError.value = undefined;
    conflict.value = undefined;
    audit.value = [];
    views.value = [];
    viewsProblem.value = undefined;
    copyReport.value = undefined;
  });

  /** "Team review unavailable: …" while the team service cannot be used. */
  const unavailable = computed(() =>
    store.value.kind === 'team' && store.value.state === 'unavailable' ? store.value.message : undefined,
  );
  const team = computed(() => (store.value.kind === 'team' ? store.value.team : undefined));

  function keep(changed: EventReviewState | EventReviewState[]): void {
    for (const state of Array.isArray(changed) ? changed : [changed]) states.value[state.eventId] = state;
  }
  const writes = createReviewWrites({ states, owned, feedback, keep });

  /** Applies a change from another desk where it is newer than what is shown; a reload reads every event shown again. */
  function merge(change: ReviewsChanged): void {
    if (change.reload) {
      states.value = {};
      void reload([...asked]);
      return;
    }
    for (const { read, ...shared } of change.states) {
      const shown = states.value[shared.eventId];
      if (!shown && !asked.has(shared.eventId)) continue;
      if (shown && shown.version > shared.version) continue;
      states.value[shared.eventId] = { ...shared, read: read ?? shown?.read ?? false };
    }
  }

  let unsubscribe: (() => void) | undefined;
  /** Follows main's live review changes and the store's availability (once per page). */
  function follow(): void {
    if (unsubscribe) return;
    try {
      const stops = [
        onDeskEvent('corporateActions:reviewsChanged', merge),
        onDeskEvent('corporateActions:reviewStore', (view) => {
          // Pushes come in main's order; a restarted main starts counting again.
          pushedRevision = view.revision;
          store.value = view;
          clearUnavailableOnceAnswering(view);
        }),
      ];
      unsubscribe = () => stops.forEach((stop) => stop());
    } catch (error) {
      actionError.value = messageOf(error);
    }
  }

  /** Who reviews, where the state is kept, and whether the local file had to start over. */
  async function loadStatus(): Promise<void> {
    await read(async () => {
      const status = await call('corporateActions:reviewStatus', undefined, { signal: owned.signal });
      reviewer.value = status.reviewer;
      problem.value = status.problem;
      if (status.store.revision >= pushedRevision) {
        store.value = status.store;
        clearUnavailableOnceAnswering(status.store);
      }
    });
  }

  /** Loads the states of `eventIds` (in chunks the channel accepts). */
  async function loadStates(eventIds: string[]): Promise<void> {
    for (const eventId of eventIds) asked.add(eventId);
    await read(async () => {
      for (let start = 0; start < eventIds.length; start += EVENTS_PER_CALL) {
        const eventIdsOfCall = eventIds.slice(start, start + EVENTS_PER_CALL);
        keep(
          await call('corporateActions:reviewStates', { eventIds: eventIdsOfCall }, { signal: owned.signal }),
        );
      }
    });
  }

  /** Reads `eventIds` again, forgetting what was shown of them (after a conflict, or when main says so). */
  async function reload(eventIds: string[]): Promise<void> {
    for (const eventId of eventIds) delete states.value[eventId];
    conflict.value = undefined;
    actionError.value = undefined;
    await loadStates(eventIds);
  }

  /** How many times a conflict was reloaded: the open event's pane starts again from the state read. */
  const reloads = ref(0);
  /** Reloads the events of the conflict shown: the user sees the current state, then decides again. */
  async function reloadConflicted(): Promise<void> {
    const eventIds = conflict.value?.conflicts.map((entry) => entry.eventId) ?? [];
    await reload(eventIds);
    reloads.value++;
  }

  /** Copies the state kept on this computer to the team; the report says what was copied. */
  async function copyToTeam(): Promise<void> {
    copying.value = true;
    copyReport.value = undefined;
    try {
      copyReport.value = await act(() => owned.settle(call('corporateActions:copyToTeam')));
      if (copyReport.value) await reload([...asked]);
    } finally {
      copying.value = false;
    }
  }

  /** Loads the audit log (one event's, or the whole log). */
  async function loadAudit(eventId?: string): Promise<void> {
    await read(async () => {
      audit.value = await call('corporateActions:audit', eventId ? { eventId } : undefined, {
        signal: owned.signal,
      });
    });
  }

  /** The whole audit log (newest first, up to 5,000 entries), or with `readMarks` the reviewer's own read marks, for the audit view; empty after a failure (shown as actionError). */
  async function readAuditLog(readMarks = false): Promise<ReviewAuditEntry[]> {
    const arg = readMarks ? { limit: 5000, readMarks } : { limit: 5000 };
    return (await act(() => call('corporateActions:audit', arg, { signal: owned.signal }))) ?? [];
  }

  /** How far the audit log verifies (a team's log is chained; nothing to verify on this computer). */
  async function readAuditVerification(): Promise<AuditVerificationView | undefined> {
    return act(() => call('corporateActions:auditVerification', undefined, { signal: owned.signal }));
  }

  async function loadViews(): Promise<void> {
    await act(async () => {
      const answer = await call('corporateActions:views', undefined, { signal: owned.signal });
      views.value = answer.views;
      viewsProblem.value = answer.problem;
    });
  }

  async function saveView(name: string, definition: InboxViewDefinition): Promise<boolean> {
    const answer = await act(() => owned.settle(call('corporateActions:saveView', { name, definition })));
    if (answer) views.value = answer.views;
    return answer !== undefined;
  }

  async function deleteView(name: string): Promise<void> {
    const answer = await act(() => owned.settle(call('corporateActions:deleteView', { name })));
    if (answer) views.value = answer.views;
  }

  return {
    states,
    reviewer,
    store,
    unavailable,
    team,
    problem,
    actionError,
    conflict,
    audit,
    views,
    viewsProblem,
    copyReport,
    copying,
    follow,
    loadStatus,
    loadStates,
    reloadConflicted,
    reloads,
    ...writes,
    copyToTeam,
    loadAudit,
    readAuditLog,
    readAuditVerification,
    loadViews,
    saveView,
    deleteView,
  };
});
