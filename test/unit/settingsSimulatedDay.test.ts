/**
 * The day the embedded simulator shows: kept in settings.json, checked like every setting,
 * passed to the simulator at start and on a reset, and kept or cleared by a reset.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  resetSimulatorArgSchema,
  SIMULATOR_DAYS,
  simulatorSettingsSchema,
  type SimulatorStatus,
} from '../../contract/settings';
import { registerSettingsIpc } from '../../main/core/ipc/registerSettingsIpc';
import { SettingsService } from '../../main/core/settings/settingsService';
import type { SimulatorControl } from '../../main/core/settings/simulatorControl';
import { AS_OF_RANGE } from '../../main/simulator/data/universe';

describe('the day to simulate in Settings', () => {
  let dataDir: string;
  beforeEach(() => (dataDir = mkdtempSync(path.join(tmpdir(), 'refdesk-simulated-day-'))));
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('accepts real days within the simulator’s range and refuses the rest in words', () => {
    expect(SIMULATOR_DAYS).toEqual(AS_OF_RANGE);
    expect(simulatorSettingsSchema.parse({ scale: 'default', seed: 1, asOf: '2027-03-31' }).asOf).toBe(
      '2027-03-31',
    );
    expect(simulatorSettingsSchema.parse({ scale: 'default', seed: 1 }).asOf).toBeUndefined();
    const refusal = (asOf: unknown) =>
      simulatorSettingsSchema.safeParse({ scale: 'default', seed: 1, asOf }).error?.issues[0]?.message;
    expect(refusal('2027-02-29')).toBe('The day to simulate is not a date of the calendar.');
    expect(refusal('31.03.2027')).toBe('The day to simulate is a date written yyyy-mm-dd.');
    expect(refusal('1999-01-01')).toBe('The day to simulate lies from 2002-01-01 to 2062-12-31.');
    expect(resetSimulatorArgSchema.parse({ scale: 'small', seed: 1, asOf: null }).asOf).toBeNull();
  });

  it('is kept across restarts of RefDesk, kept by a reset that names none, and cleared by a reset to today', async () => {
    const settings = await SettingsService.open(dataDir);
    await settings.saveSimulator({ scale: 'small', seed: 7, asOf: '2027-01-15' });
    expect((await SettingsService.open(dataDir)).simulator).toEqual({
      scale: 'small',
      seed: 7,
      asOf: '2027-01-15',
    });

    const reset = vi.fn<SimulatorControl['reset']>(async () => ({}) as SimulatorStatus);
    const simulator: SimulatorControl = { reset, status: () => ({}) as SimulatorStatus };
    const session = {
      view: () => ({ profile: { kind: 'remote' as const } }),
      signOut: async () => undefined,
    };
    // The review store is not what this test is about: its choice is never saved here.
    const reviews = { apply: vi.fn() };
    const handlers = registerSettingsIpc({ settings, simulator, session, reviews });
    const call = { signal: new AbortController().signal };

    await handlers['settings:resetSimulator']({ scale: 'default', seed: 7 }, call);
    expect(reset).toHaveBeenLastCalledWith(
      { scale: 'default', seed: 7, asOf: '2027-01-15', regenerate: false },
      { scale: 'small', seed: 7, asOf: '2027-01-15' },
    );
    expect(settings.simulator).toEqual({ scale: 'default', seed: 7, asOf: '2027-01-15' });

    await handlers['settings:resetSimulator']({ scale: 'default', seed: 7, asOf: '2026-12-31' }, call);
    expect(settings.simulator.asOf).toBe('2026-12-31');

    await handlers['settings:resetSimulator']({ scale: 'default', seed: 7, asOf: null }, call);
    expect(reset).toHaveBeenLastCalledWith(
      { scale: 'default', seed: 7, regenerate: false },
      expect.anything(),
    );
    expect((await SettingsService.open(dataDir)).simulator).toEqual({ scale: 'default', seed: 7 });
  });

  it('takes a market time of day as hh:mm UTC, refuses others in words, and keeps it through a reset', async () => {
    const refusal = (marketTime: unknown) =>
      simulatorSettingsSchema.safeParse({ scale: 'default', seed: 1, marketTime }).error?.issues[0]?.message;
    expect(refusal('15:00')).toBeUndefined();
    expect(refusal('24:00')).toBe('The market time is a UTC time of day written hh:mm, 00:00 to 23:59.');
    expect(refusal('3pm')).toBe('The market time is a UTC time of day written hh:mm, 00:00 to 23:59.');
    expect(refusal(900)).toBe('The market time is a UTC time of day written hh:mm.');

    const settings = await SettingsService.open(dataDir);
    await settings.saveSimulator({ scale: 'small', seed: 7, marketTime: '15:00' });
    const reset = vi.fn<SimulatorControl['reset']>(async () => ({}) as SimulatorStatus);
    const simulator: SimulatorControl = { reset, status: () => ({}) as SimulatorStatus };
    const session = {
      view: () => ({ profile: { kind: 'remote' as const } }),
      signOut: async () => undefined,
    };
    const handlers = registerSettingsIpc({ settings, simulator, session, reviews: { apply: vi.fn() } });
    await handlers['settings:resetSimulator'](
      { scale: 'default', seed: 7 },
      { signal: new AbortController().signal },
    );
    expect(reset).toHaveBeenLastCalledWith(
      { scale: 'default', seed: 7, marketTime: '15:00', regenerate: false },
      expect.anything(),
    );
    expect((await SettingsService.open(dataDir)).simulator.marketTime).toBe('15:00');
  });
});
