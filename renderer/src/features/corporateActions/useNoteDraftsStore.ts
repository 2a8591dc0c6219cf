/**
 * Notes being typed, per event, until saved or discarded: a draft stays when the user opens
 * another event, when the session expires and the same user signs in again (the owner stays,
 * see session/logic/sessionOwner.ts), and the detail pane shows it again. Only another user (or
 * a sign-out) clears them: one user's unsent words are never shown to another.
 *
 * Each draft remembers the note it started from and the version of the review state that note
 * was read at: a save sends that version, so a note somebody else saved meanwhile (on another
 * desk, or in another window) is refused as a conflict, never written over. A change that leaves
 * the note as it was (a flag, a review) moves the version on; a change that makes the note the
 * draft (the draft saved) ends the draft. The draft is kept through a conflict until the user
 * reloads the event.
 */
import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { EventReviewState } from '../../../../contract/corporateActions';
import { useOwnedState } from '../session/useOwnedState';

/** A note being typed, and the saved note and state version it started from. */
export interface NoteDraft {
  text: string;
  /** The saved note when the draft started (or when the state last moved on without changing it). */
  baseNote: string;
  /** The version of the event's review state at which `baseNote` was read. */
  version: number;
}

export const useNoteDraftsStore = defineStore('corporateActionsNoteDrafts', () => {
  /** Unsaved notes by event id; absent when the note shown is the saved one. */
  const drafts = ref<Record<string, NoteDraft>>({});
  useOwnedState(() => {
    drafts.value = {};
  });

  /**
   * Keeps what the user typed for `eventId`, whose review state shown is `saved` (absent when
   * none yet); typing the saved note back removes the draft.
   */
  function keep(eventId: string, text: string, saved: EventReviewState | undefined): void {
    const savedNote = saved?.note ?? '';
    const base = drafts.value[eventId] ?? { baseNote: savedNote, version: saved?.version ?? 0 };
    if (text === savedNote) delete drafts.value[eventId];
    else drafts.value[eventId] = { text, baseNote: base.baseNote, version: base.version };
  }

  /**
   * Follows a newer review state of a drafted event: the same note as the draft started from
   * moves the draft's version on; the draft's own text saved ends the draft; another note
   * (saved elsewhere) leaves the draft on its old version, so saving it is a conflict.
   */
  function follow(state: EventReviewState): void {
    const draft = drafts.value[state.eventId];
    if (!draft || state.version < draft.version) return;
    if (state.note === draft.text) delete drafts.value[state.eventId];
    else if (state.note === draft.baseNote) draft.version = state.version;
  }

  /** The text of each draft by event id, for the panes. */
  const texts = computed(() =>
    Object.fromEntries(Object.entries(drafts.value).map(([eventId, draft]) => [eventId, draft.text])),
  );

  /** Forgets the draft of `eventId` (saved, discarded by the user, or reloaded after a conflict). */
  function forget(eventId: string): void {
    delete drafts.value[eventId];
  }

  return { drafts, texts, keep, follow, forget };
});
