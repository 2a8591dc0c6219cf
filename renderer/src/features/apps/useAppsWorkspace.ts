/**
 * The workflow of the Apps workspace, between its stores and its components: the page status
 * in words, copying an AppKey, opening an application (its secrets start hidden), "Use for
 * sign-in" (a connection profile made from the application, then used at once if the user
 * wants), and the clock the secret windows are judged by. The view only lays it out.
 */
import { storeToRefs } from 'pinia';
import { computed, onMounted, onUnmounted, ref } from 'vue';
import type { ProfileInput } from '../../../../contract/session';
import { messageOf } from '../../shared/desk';
import { onOwnerArrival, useOwnedState } from '../session/useOwnedState';
import { useSessionProfilesStore, type ProfileSaveError } from '../session/useSessionProfilesStore';
import { copyText } from './pageClipboard';
import { useAppSecrets } from './useAppSecrets';
import { useAppsStore } from './useAppsStore';

/** The workspace's state and actions. */
export function useAppsWorkspace() {
  const apps = useAppsStore();
  const profiles = useSessionProfilesStore();
  const { rows, total, loading, error, pageNumber, pageCount, skip } = storeToRefs(apps);
  const secrets = useAppSecrets();

  const now = ref(new Date());
  const message = ref<string>();
  const usingForSignIn = ref(false);
  const saveError = ref<ProfileSaveError>();
  const createdProfileId = ref<string>();
  // The store forgets the directory itself; what the workspace said about it goes with it.
  useOwnedState(() => {
    message.value = undefined;
    usingForSignIn.value = false;
    saveError.value = undefined;
    createdProfileId.value = undefined;
  });

  /** New profiles point at the service the directory was read from: the active profile's. */
  const activeBaseUrl = computed(
    () => profiles.profiles.find((profile) => profile.id === profiles.activeProfileId)?.baseUrl ?? '',
  );

  const statusText = computed(() => {
    if (loading.value && rows.value.length === 0) return 'Loading applications…';
    if (error.value) return 'Applications could not be loaded';
    const count = total.value ?? rows.value.length;
    const first = rows.value.length ? skip.value + 1 : 0;
    const pages = pageCount.value ? ` of ${pageCount.value}` : '';
    return `${count} application${count === 1 ? '' : 's'} · showing ${first}–${skip.value + rows.value.length} · page ${pageNumber.value}${pages}`;
  });

  async function copyKey(appKey: string): Promise<void> {
    try {
      await copyText(appKey);
      message.value = `AppKey ${appKey} copied.`;
    } catch (failure) {
      message.value = `Could not copy: ${messageOf(failure)}`;
    }
  }

  /** Opens an application in the detail pane, its secrets hidden. */
  async function open(appKey: string): Promise<void> {
    usingForSignIn.value = false;
    createdProfileId.value = undefined;
    secrets.forget();
    await apps.openApp(appKey);
  }

  function close(): void {
    secrets.forget();
    apps.closeApp();
  }

  function startUsingForSignIn(): void {
    usingForSignIn.value = true;
    saveError.value = undefined;
  }

  /** Saves the profile made from the application; its refusal shows by the form's fields. */
  async function createProfile(input: ProfileInput): Promise<void> {
    saveError.value = await profiles.save(input);
    if (saveError.value) return;
    usingForSignIn.value = false;
    createdProfileId.value = profiles.profiles.find((profile) => profile.name === input.name)?.id;
    message.value = `Connection profile “${input.name}” created. Use it now, or choose it later in Settings.`;
  }

  /** Makes the profile just created the active one. */
  async function useNow(): Promise<void> {
    if (!createdProfileId.value) return;
    await profiles.choose(createdProfileId.value);
    message.value = profiles.error ?? 'The new profile is active: sign in with it from the status bar.';
    createdProfileId.value = undefined;
  }

  // A user who signs in after another (or after signing out) sees their own directory at once.
  onOwnerArrival(() => void apps.loadPage(0));

  let clock: ReturnType<typeof setInterval> | undefined;
  onMounted(() => {
    if (rows.value.length === 0) void apps.loadPage(0);
    void profiles.load();
    clock = setInterval(() => (now.value = new Date()), 60_000);
  });
  onUnmounted(() => clearInterval(clock));

  return {
    now,
    message,
    usingForSignIn,
    saveError,
    createdProfileId,
    activeBaseUrl,
    statusText,
    secrets,
    copyKey,
    open,
    close,
    startUsingForSignIn,
    createProfile,
    useNow,
  };
}
