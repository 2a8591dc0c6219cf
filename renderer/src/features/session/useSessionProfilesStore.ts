/**
 * Connection profiles: the list, the active one, the editor's open state, and saving with the
 * per-field messages main sends back for input it refuses.
 */
import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { ProfileInput, ProfileView } from '../../../../contract/session';
import { call, DeskCallError, isCancelled, messageOf, supersedingCalls } from '../../shared/desk';
import { useSessionStore } from './useSessionStore';

/** Why a save was refused: one message, and messages per field (`baseUrl`, `assertion.certificatePath`…). */
export interface ProfileSaveError {
  message: string;
  fields: Record<string, string[]>;
}

export const useSessionProfilesStore = defineStore('sessionProfiles', () => {
  const profiles = ref<ProfileView[]>([]);
  const activeProfileId = ref<string>();
  /** A problem reading profiles.json (the file was backed up), to show until fixed. */
  const fileProblem = ref<string>();
  const error = ref<string>();
  const editorOpen = ref(false);
  const busy = ref(false);
  /**
   * List reads: one answered after a newer read, a delete or a choice tells what was true before
   * them (a deleted profile would come back in the table), so each of those cancels it.
   */
  const reads = supersedingCalls();

  async function load(): Promise<void> {
    try {
      const list = await call('session:profiles', undefined, { signal: reads.start().signal });
      profiles.value = list.profiles;
      activeProfileId.value = list.activeProfileId;
      fileProblem.value = list.problem;
      error.value = undefined;
    } catch (failure) {
      if (!isCancelled(failure)) error.value = messageOf(failure);
    }
  }

  /** Saves a profile; resolves with the refusal (to show by the fields) or undefined when saved. */
  async function save(input: ProfileInput): Promise<ProfileSaveError | undefined> {
    busy.value = true;
    try {
      await call('session:saveProfile', input);
      await load();
      return undefined;
    } catch (failure) {
      if (failure instanceof DeskCallError) return { message: failure.message, fields: failure.fields ?? {} };
      return { message: messageOf(failure), fields: {} };
    } finally {
      busy.value = false;
    }
  }

  async function remove(id: string): Promise<void> {
    busy.value = true;
    try {
      const list = await call('session:deleteProfile', { id });
      reads.cancel();
      profiles.value = list.profiles;
      activeProfileId.value = list.activeProfileId;
      await useSessionStore().load();
    } catch (failure) {
      error.value = messageOf(failure);
    } finally {
      busy.value = false;
    }
  }

  /** Makes a profile active; the session store takes that profile's session. */
  async function choose(id: string): Promise<void> {
    busy.value = true;
    try {
      useSessionStore().useSession(await call('session:chooseProfile', { id }));
      reads.cancel();
      activeProfileId.value = id;
      error.value = undefined;
    } catch (failure) {
      error.value = messageOf(failure);
    } finally {
      busy.value = false;
    }
  }

  return { profiles, activeProfileId, fileProblem, error, editorOpen, busy, load, save, remove, choose };
});
