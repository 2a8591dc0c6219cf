/**
 * RefDesk's own settings (secret timings, the review store, the work queue) and the embedded
 * simulator's status and reset. These are the desktop's, not a user's: they stay across sign-outs.
 */
import { defineStore } from 'pinia';
import { ref } from 'vue';
import type {
  DeskSettings,
  ResetSimulatorArg,
  ReviewStoreSettings,
  SecretSettings,
  SimulatorProgress,
  SimulatorStatus,
  WorkQueueSettings,
} from '../../../../contract/settings';
import { call, DeskCallError, messageOf, onDeskEvent } from '../../shared/desk';
import { useSessionStore } from '../session/useSessionStore';

export const useSettingsStore = defineStore('settings', () => {
  const settings = ref<DeskSettings>();
  const settingsProblem = ref<string>();
  const simulator = ref<SimulatorStatus>();
  const error = ref<string>();
  const resetting = ref(false);
  const saving = ref(false);
  /** How far the simulator's universe generation or roll has got (main's latest report). */
  const progress = ref<SimulatorProgress>();

  let following = false;
  /** Follows the embedded simulator's progress (once per page; main repeats its latest report). */
  function follow(): void {
    if (following) return;
    following = true;
    onDeskEvent('settings:simulatorProgress', (report) => (progress.value = report));
  }

  /**
   * Saves started so far: a read that was asked before a save answers what the file held then,
   * so it must not replace what the save answered (the form would go back to the old values).
   */
  let saves = 0;

  async function load(): Promise<void> {
    const savesBefore = saves;
    try {
      const [view, status] = await Promise.all([call('settings:get'), call('settings:simulatorStatus')]);
      settingsProblem.value = view.problem;
      error.value = undefined;
      if (saves !== savesBefore) return;
      settings.value = view.settings;
      simulator.value = status;
    } catch (failure) {
      error.value = messageOf(failure);
    }
  }

  /** Sends one save to main and keeps the settings it answers; answers the refusal, if any. */
  async function save(
    send: () => Promise<{ settings: DeskSettings }>,
  ): Promise<{ refusal: unknown } | undefined> {
    saves += 1;
    saving.value = true;
    try {
      settings.value = (await send()).settings;
      return undefined;
    } catch (refusal) {
      return { refusal };
    } finally {
      saving.value = false;
    }
  }

  /** Keeps new secret timings; answers the refusal message, if any. */
  async function saveSecrets(secrets: SecretSettings): Promise<string | undefined> {
    const failed = await save(() => call('settings:save', { secrets }));
    return failed && messageOf(failed.refusal);
  }

  /**
   * Keeps where review state is kept (this computer, or the team service at these addresses);
   * main uses it at once. Answers the refusal, with per-field messages, if any.
   */
  async function saveReviewStore(
    review: ReviewStoreSettings,
  ): Promise<{ message: string; fields?: Record<string, string[]> } | undefined> {
    const failed = await save(() => call('settings:saveReviewStore', review));
    if (!failed) return undefined;
    const { refusal } = failed;
    return {
      message: messageOf(refusal),
      ...(refusal instanceof DeskCallError && refusal.fields ? { fields: refusal.fields } : {}),
    };
  }

  /** Keeps the work queue's overdue window and notifications switch; answers the refusal message, if any. */
  async function saveWorkQueue(workQueue: WorkQueueSettings): Promise<string | undefined> {
    const failed = await save(() => call('settings:saveWorkQueue', workQueue));
    return failed && messageOf(failed.refusal);
  }

  /**
   * Restarts the embedded simulator (everyone signed in to it is signed out) and reads the
   * session again; answers the failure message, if any.
   */
  async function reset(next: ResetSimulatorArg): Promise<string | undefined> {
    saves += 1;
    resetting.value = true;
    try {
      simulator.value = await call('settings:resetSimulator', next);
      if (settings.value) settings.value = { ...settings.value, simulator: simulator.value.configured };
      return simulator.value.problem;
    } catch (failure) {
      return messageOf(failure);
    } finally {
      resetting.value = false;
      await useSessionStore().load();
    }
  }

  return {
    settings,
    settingsProblem,
    simulator,
    error,
    resetting,
    saving,
    progress,
    follow,
    load,
    saveSecrets,
    saveReviewStore,
    saveWorkQueue,
    reset,
  };
});
