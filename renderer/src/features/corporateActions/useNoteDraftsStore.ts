/**
 * Notes being typed, per event, until saved or discarded: a draft stays when the user opens
 * another event, when the session expires and the same user signs in again (the owner stays,
 * see session/logic/sessionOwner.ts), and the detail pane shows it again. Only another user (or
 * a sign-out) clears them: one user's unsent words are never shown to another.
 */
import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import { useOwnedState } from '../session/useOwnedState';

export const useNoteDraftsStore = defineStore('corporateActionsNoteDrafts', () => {
  /** Unsaved note text by event id; absent when the note shown is the saved one. */
  const drafts = ref<Record<string, string>>({});
  useOwnedState(() => {
    drafts.value = {};
  });

  /** Keeps what the user typed for `eventId`; typing the saved note back removes the draft. */
  function keep(eventId: string, text: string, savedNote: string): void {
    if (text === savedNote) delete drafts.value[eventId];
    else drafts.value[eventId] = text;
  }

  /** Forgets the draft of `eventId` (saved, or discarded by the user). */
  function forget(eventId: string): void {
    delete drafts.value[eventId];
  }

  const draftedEventIds = computed(() => Object.keys(drafts.value));

  return { drafts, draftedEventIds, keep, forget };
});
