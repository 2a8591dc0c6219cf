/**
 * The back-office review state of the events on screen (read, flagged, reviewed, note), the
 * audit log and the saved inbox views, all kept by main per profile and signed-in user.
 */
import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { EventReviewState, InboxViewDefinition, Reviewer, ReviewAuditEntry, SavedInboxView } from '../../../../contract/corporateActions';
import { call } from '../../shared/desk';

/** What the reviewer saw of an event when marking it reviewed. */
export interface ReviewedEvent {
  eventId: string;
  updatedDateTime?: string;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const useCorporateActionsReviewStore = defineStore('corporateActionsReview', () => {
  const states = ref<Record<string, EventReviewState>>({});
  const reviewer = ref<Reviewer>();
  /** A problem of the store (file moved aside) or of the last review action, in words. */
  const problem = ref<string>();
  const actionError = ref<string>();
  const audit = ref<ReviewAuditEntry[]>([]);
  const views = ref<SavedInboxView[]>([]);
  const viewsProblem = ref<string>();

  function keep(changed: EventReviewState | EventReviewState[]): void {
    for (const state of Array.isArray(changed) ? changed : [changed]) states.value[state.eventId] = state;
  }

  /** Runs a review action; a failure is kept as a message, not thrown at the view. */
  async function act<T>(run: () => Promise<T>): Promise<T | undefined> {
    actionError.value = undefined;
    try {
      return await run();
    } catch (error) {
      actionError.value = messageOf(error);
      return undefined;
    }
  }

  /** Who reviews, and whether the store had to start over. */
  async function loadStatus(): Promise<void> {
    await act(async () => {
      const status = await call('corporateActions:reviewStatus');
      reviewer.value = status.reviewer;
      problem.value = status.problem;
    });
  }

  /** Loads the states of `eventIds` (in chunks the channel accepts). */
  async function loadStates(eventIds: string[]): Promise<void> {
    await act(async () => {
      for (let start = 0; start < eventIds.length; start += 1000) {
        keep(await call('corporateActions:reviewStates', { eventIds: eventIds.slice(start, start + 1000) }));
      }
    });
  }

  const setRead = (eventId: string, read: boolean) =>
    act(async () => keep(await call('corporateActions:setRead', { eventId, read })));
  const setFlagged = (eventId: string, flagged: boolean) =>
    act(async () => keep(await call('corporateActions:setFlagged', { eventId, flagged })));
  const setNote = (eventId: string, note: string) => act(async () => keep(await call('corporateActions:setNote', { eventId, note })));

  /** Marks events reviewed (bulk) or not reviewed, remembering the version each was seen at. */
  async function setReviewed(events: ReviewedEvent[], reviewed: boolean): Promise<void> {
    await act(async () => {
      for (let start = 0; start < events.length; start += 1000) {
        const chunk = events.slice(start, start + 1000).map(({ eventId, updatedDateTime }) => ({
          eventId,
          ...(updatedDateTime ? { updatedDateTime } : {}),
        }));
        keep(await call('corporateActions:setReviewed', { events: chunk, reviewed }));
      }
    });
  }

  /** Loads the audit log (one event's, or the reviewer's whole log). */
  async function loadAudit(eventId?: string): Promise<void> {
    await act(async () => {
      audit.value = await call('corporateActions:audit', eventId ? { eventId } : undefined);
    });
  }

  async function loadViews(): Promise<void> {
    await act(async () => {
      const answer = await call('corporateActions:views');
      views.value = answer.views;
      viewsProblem.value = answer.problem;
    });
  }

  async function saveView(name: string, definition: InboxViewDefinition): Promise<boolean> {
    const answer = await act(() => call('corporateActions:saveView', { name, definition }));
    if (answer) views.value = answer.views;
    return answer !== undefined;
  }

  async function deleteView(name: string): Promise<void> {
    const answer = await act(() => call('corporateActions:deleteView', { name }));
    if (answer) views.value = answer.views;
  }

  /** Forgets everything read for the previous reviewer (another user signed in, or another profile). */
  function forget(): void {
    states.value = {};
    reviewer.value = undefined;
    audit.value = [];
    views.value = [];
    viewsProblem.value = undefined;
    actionError.value = undefined;
  }

  return {
    states,
    reviewer,
    problem,
    actionError,
    audit,
    views,
    viewsProblem,
    forget,
    loadStatus,
    loadStates,
    setRead,
    setFlagged,
    setNote,
    setReviewed,
    loadAudit,
    loadViews,
    saveView,
    deleteView,
  };
});
