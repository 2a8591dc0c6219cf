/**
 * Notes being typed, per event, until added to the event's thread or discarded: a draft stays
 * when the user opens another event, when the session expires and the same user signs in again
 * (the owner stays, see session/logic/sessionOwner.ts), and the detail pane shows it again. Only
 * another user (or a sign-out) clears them: one user's unsent words are never shown to another.
 *
 * A draft is a new note: notes are added to a thread and overwrite none, so another desk's note
 * (or a reload after a conflict of another change) never touches what the user is typing.
 */
import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import { useOwnedState } from '../session/useOwnedState';

/** A note being typed. */
export interface NoteDraft {
  text: string;
}

export const useNoteDraftsStore = defineStore('corporateActionsNoteDrafts', () => {
  /** Unsent notes by event id; absent when nothing is typed. */
  const drafts = ref<Record<string, NoteDraft>>({});
  useOwnedState(() => {
    drafts.value = {};
  });

  /** Keeps what the user typed for `eventId`; an empty box removes the draft. */
  function keep(eventId: string, text: string): void {
    if (text.trim() === '') delete drafts.value[eventId];
    else drafts.value[eventId] = { text };
  }

  /** The text of each draft by event id, for the panes. */
  const texts = computed(() =>
    Object.fromEntries(Object.entries(drafts.value).map(([eventId, draft]) => [eventId, draft.text])),
  );

  /** Forgets the draft of `eventId` (added to the thread, or discarded by the user). */
  function forget(eventId: string): void {
    delete drafts.value[eventId];
  }

  return { drafts, texts, keep, forget };
});
