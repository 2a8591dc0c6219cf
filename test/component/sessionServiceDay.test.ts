/**
 * The one "today" of the instruments workspaces: the embedded simulator's simulated day (at the
 * clock's time of day) when one is set, else the clock's; asked of main once per profile and
 * user, and taken from the status a reset in Settings answers.
 */
import { flushPromises } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SessionView } from '../../contract/session';
import type { SimulatorStatus } from '../../contract/settings';
import { dayShift, useServiceDayStore } from '../../renderer/src/features/session/useServiceDayStore';
import { useSessionStore } from '../../renderer/src/features/session/useSessionStore';
import { useSettingsStore } from '../../renderer/src/features/settings/useSettingsStore';
import { installRecordingDesk, removeFakeDesk } from '../support/fakeDesk';

const session = (kind: 'embedded' | 'remote'): SessionView => ({
  signedIn: true,
  user: { name: 'demo', userId: 'demo' },
  expiresAt: '2099-01-01T00:00:00Z',
  profile: { id: kind, name: kind, kind, flow: 'implicit' },
  tokenStorage: 'keychain',
  signingIn: false,
});
const realToday = () => new Date().toISOString().slice(0, 10);

describe('the service’s day', () => {
  beforeEach(() => setActivePinia(createPinia()));
  afterEach(() => removeFakeDesk());

  it('is the simulated day for the embedded profile, and follows a reset in Settings', async () => {
    const desk = installRecordingDesk({ 'settings:simulatorStatus': () => ({ simulatedDay: '2027-03-10' }) });
    useSessionStore().session = session('embedded');
    const day = useServiceDayStore();
    expect(day.today).toBeUndefined();
    await flushPromises();
    expect(day.todayIso).toBe('2027-03-10');
    expect(day.now.toISOString().slice(0, 10)).toBe('2027-03-10');
    expect(desk.callsOf('settings:simulatorStatus')).toHaveLength(1);
    // A reset to today (no day set) answers a status without one.
    useSettingsStore().simulator = {} as SimulatorStatus;
    await flushPromises();
    expect(day.todayIso).toBe(realToday());
  });

  it('is the clock’s day for a remote profile, without asking main', async () => {
    const desk = installRecordingDesk({ 'settings:simulatorStatus': () => ({ simulatedDay: '2027-03-10' }) });
    useSessionStore().session = session('remote');
    const day = useServiceDayStore();
    await flushPromises();
    expect(day.todayIso).toBe(realToday());
    expect(desk.callsOf('settings:simulatorStatus')).toHaveLength(0);
  });

  it('keeps the clock’s time of day, shifted by whole days to the simulated day', () => {
    expect(dayShift(Date.parse('2026-11-23T15:30:00Z'), '2027-03-10')).toBe(107);
    expect(dayShift(Date.parse('2026-11-23T23:59:00Z'), '2026-11-22')).toBe(-1);
    expect(dayShift(Date.parse('2026-11-23T15:30:00Z'), undefined)).toBe(0);
  });
});
