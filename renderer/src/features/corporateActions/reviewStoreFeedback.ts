/**
 * What the review store tells the user when a call fails (part of useReviewStore): an action's
 * refusal or a read's failure as one line (`actionError`), and a conflict naming who changed
 * what, kept until the user reloads. Failures are kept as messages, never thrown at the view.
 */
import { ref } from 'vue';
import type { ReviewConflictView, ReviewStoreView } from '../../../../contract/review';
import { DeskCallError, isCancelled, messageOf } from '../../shared/desk';

/** A change refused because the event changed first: who changed what, the events to reload, and what was not saved. */
export interface ReviewConflict {
  message: string;
  conflicts: ReviewConflictView[];
  /** The refused change in words, e.g. the note that was not saved. */
  yours?: string;
}

/** How main begins every refusal while the team cannot be used (the contract's TEAM_REVIEW_UNAVAILABLE_TEXT). */
const TEAM_REVIEW_UNAVAILABLE_TEXT = 'Team review unavailable';

export type ReviewFeedback = ReturnType<typeof createReviewFeedback>;

/** The store's refusal and conflict state, and the wrappers its calls run in. */
export function createReviewFeedback() {
  const actionError = ref<string>();
  /** Whether `actionError` is a read's failure rather than an action's refusal. */
  let shownFromRead = false;
  const conflict = ref<ReviewConflict>();

  /**
   * Runs a review action; a failure is kept as a message (a conflict with who changed what and,
   * in words, the change `yours` that was not saved), not thrown at the view.
   */
  async function act<T>(run: () => Promise<T>, yours?: string): Promise<T | undefined> {
    actionError.value = undefined;
    shownFromRead = false;
    try {
      return await run();
    } catch (error) {
      if (isCancelled(error)) return undefined;
      if (error instanceof DeskCallError && error.code === 'ReviewConflict' && error.conflicts) {
        conflict.value = { message: error.message, conflicts: error.conflicts, ...(yours ? { yours } : {}) };
      }
      actionError.value = messageOf(error);
      return undefined;
    }
  }

  /**
   * A read: its failure is said as an action's is, but it leaves an action's refusal on screen
   * (a read follows most actions, and must not wipe the "not confirmed" it came after).
   */
  async function read(run: () => Promise<void>): Promise<void> {
    try {
      await run();
      // A read that works again ends what an earlier read said.
      if (shownFromRead) actionError.value = undefined;
    } catch (error) {
      if (isCancelled(error)) return;
      actionError.value = messageOf(error);
      shownFromRead = true;
    }
  }

  /**
   * An action refused because the team could not be used says so until the service answers
   * again, not until the next action: "Team review unavailable" is no longer true then.
   */
  function clearUnavailableOnceAnswering(view: ReviewStoreView): void {
    if (view.kind === 'team' && view.state !== 'available') return;
    if (actionError.value?.startsWith(TEAM_REVIEW_UNAVAILABLE_TEXT)) actionError.value = undefined;
  }

  return { actionError, conflict, act, read, clearUnavailableOnceAnswering };
}
