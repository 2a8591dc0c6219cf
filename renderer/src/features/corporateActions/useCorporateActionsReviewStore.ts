/**
 * The back-office review state of the events on screen (read, flagged, reviewed, note), the
 * audit log and the saved inbox views, all kept by main per profile and signed-in user; here
 * only the signed-in user's, forgotten the moment the user or profile changes.
 */
import { defineStore } from 'pinia';
import { ref } from 'vue';
import type {
  EventReviewState,
  InboxViewDefinition,
  Reviewer,
  ReviewAuditEntry,
  SavedInboxView,
} from '../../../../contract/corporateActions';
import { call, isCancelled, messageOf } from '../../shared/desk';
import { useOwnedState } from '../session/useOwnedState';

/** What the reviewer saw of an event when marking it reviewed. */
export interface ReviewedEvent {
  eventId: string;
  updatedDateTime?: string;
}

/** Most events one review channel call takes. */
const EVENTS_PER_CALL = 1000;

export const useCorporateActionsReviewStore = defineStore('corporateActionsReview', () => {
  const states = ref<Record<string, EventReviewState>>({});
  const reviewer = ref<Reviewer>();
  /** A problem of the store (file moved aside) or of the last review action, in words. */
  const problem = ref<string>();
  const actionError = ref<string>();
  const audit = ref<ReviewAuditEntry[]>([]);
  const views = ref<SavedInboxView[]>([]);
  const viewsProblem = ref<string>();
  const owned = useOwnedState(() => {
    states.value = {};
    reviewer.value = undefined;
    problem.value = undefined;
    actionError.value = undefined;
    audit.value = [];
    views.value = [];
    viewsProblem.value = undefined;
  });

  function keep(changed: EventReviewState | EventReviewState[]): void {
    for (const state of Array.isArray(changed) ? changed : [changed]) states.value[state.eventId] = state;
  }

  /** Runs a review action; a failure is kept as a message, not thrown at the view. */
  async function act<T>(run: () => Promise<T>): Promise<T | undefined> {
    actionError.value = undefined;
    try {
      return await run();
    } catch (error) {
      if (!isCancelled(error)) actionError.value = messageOf(error);
      return undefined;
    }
  }

  /** Who reviews, and whether the store had to start over. */
  async function loadStatus(): Promise<void> {
    await act(async () => {
      const status = await call('corporateActions:reviewStatus', undefined, { signal: owned.signal });
      reviewer.value = status.reviewer;
      problem.value = status.problem;
    });
  }

  /** Loads the states of `eventIds` (in chunks the channel accepts). */
  async function loadStates(eventIds: string[]): Promise<void> {
    await act(async () => {
      for (let start = 0; start < eventIds.length; start += EVENTS_PER_CALL) {
        const eventIdsOfCall = eventIds.slice(start, start + EVENTS_PER_CALL);
        keep(await call('corporateActions:reviewStates', { eventIds: eventIdsOfCall }, { signal: owned.signal }));
      }
    });
  }

  const setRead = (eventId: string, read: boolean) =>
    act(async () => keep(await owned.settle(call('corporateActions:setRead', { eventId, read }))));
  const setFlagged = (eventId: string, flagged: boolean) =>
    act(async () => keep(await owned.settle(call('corporateActions:setFlagged', { eventId, flagged }))));
  const setNote = (eventId: string, note: string) =>
    act(async () => keep(await owned.settle(call('corporateActions:setNote', { eventId, note }))));

  /** Marks events reviewed (bulk) or not reviewed, remembering the version each was seen at. */
  async function setReviewed(events: ReviewedEvent[], reviewed: boolean): Promise<void> {
    await act(async () => {
      for (let start = 0; start < events.length; start += EVENTS_PER_CALL) {
        const chunk = events.slice(start, start + EVENTS_PER_CALL).map(({ eventId, updatedDateTime }) => ({
          eventId,
          ...(updatedDateTime ? { updatedDateTime } : {}),
        }));
        keep(await owned.settle(call('corporateActions:setReviewed', { events: chunk, reviewed })));
      }
    });
  }

  /** Loads the audit log (one event's, or the reviewer's whole log). */
  async function loadAudit(eventId?: string): Promise<void> {
    await act(async () => {
      audit.value = await call('corporateActions:audit', eventId ? { eventId } : undefined, { signal: owned.signal });
    });
  }

  /** The whole audit log (newest first, up to 5,000 entries), for the audit view; empty after a failure (shown as actionError). */
  async function readAuditLog(): Promise<ReviewAuditEntry[]> {
    return (await act(() => call('corporateActions:audit', { limit: 5000 }, { signal: owned.signal }))) ?? [];
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
    problem,
    actionError,
    audit,
    views,
    viewsProblem,
    loadStatus,
    loadStates,
    setRead,
    setFlagged,
    setNote,
    setReviewed,
    loadAudit,
    readAuditLog,
    loadViews,
    saveView,
    deleteView,
  };
});
