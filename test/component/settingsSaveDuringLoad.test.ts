/**
 * A save made while the Settings page is still reading the settings: the read, asked before the
 * save, answers the old values; the page must keep what the save answered (the form would jump
 * back to the old timings and "Saved." would vanish, while the file holds the new ones).
 */
import { flushPromises } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type DeskSettings, type SimulatorStatus } from '../../contract/settings';
import { useSettingsStore } from '../../renderer/src/features/settings/useSettingsStore';
import { installRecordingDesk, removeFakeDesk } from '../support/fakeDesk';

const saved: DeskSettings = { ...DEFAULT_SETTINGS, secrets: { revealSeconds: 5, clipboardClearSeconds: 5 } };

describe('Settings saved while they are being read', () => {
  beforeEach(() => setActivePinia(createPinia()));
  afterEach(() => removeFakeDesk());

  it('keeps what the save answered when the earlier read answers afterwards', async () => {
    // settings:get and settings:simulatorStatus stay pending until answered below.
    const desk = installRecordingDesk({ 'settings:save': () => ({ settings: saved }) });
    const store = useSettingsStore();
    const loading = store.load();
    expect(await store.saveSecrets(saved.secrets)).toBeUndefined();
    expect(store.settings?.secrets).toEqual(saved.secrets);

    desk.callsOf('settings:get')[0]?.answer({ settings: DEFAULT_SETTINGS });
    desk.callsOf('settings:simulatorStatus')[0]?.answer({ state: 'running' } as SimulatorStatus);
    await loading;
    await flushPromises();
    expect(store.settings?.secrets).toEqual({ revealSeconds: 5, clipboardClearSeconds: 5 });
  });

  it('takes a read that no save overtook', async () => {
    installRecordingDesk({
      'settings:get': () => ({ settings: saved }),
      'settings:simulatorStatus': () => ({ state: 'running' }),
    });
    const store = useSettingsStore();
    await store.load();
    expect(store.settings?.secrets).toEqual(saved.secrets);
    expect(store.simulator?.state).toBe('running');
  });
});
