import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DeskResponse } from '../../contract/bridge';
import type { ProfilesList, ProfileView, SessionView } from '../../contract/session';
import type { SettingsView } from '../../contract/settings';
import { MemoryTokenStore } from '../../main/core/secrets/tokenStore';
import { OFFLINE_EMBEDDED, openCoreDesk, unusedSimulatorControl, type CoreDesk } from '../support/coreDesk';

const remote = (name: string) => ({
  name,
  baseUrl: 'https://gateway.example.com/openapi',
  authUrl: 'https://auth.example.com/auth',
  appKey: `key-${name}`,
  redirectUri: 'http://127.0.0.1/refdesk/callback',
  flow: 'code' as const,
});

function resultOf<T>(response: DeskResponse<unknown>): T {
  if (!response.ok) throw new Error(`${response.error.code}: ${response.error.message}`);
  return response.result as T;
}

describe('concurrent saves through the dispatcher', () => {
  let dataDir: string;
  let store: MemoryTokenStore;
  const open = () =>
    openCoreDesk({ dataDir, embedded: OFFLINE_EMBEDDED, simulator: unusedSimulatorControl, store });
  const opened: CoreDesk[] = [];

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'refdesk-concurrent-'));
    store = new MemoryTokenStore();
  });
  afterEach(async () => {
    for (const desk of opened.splice(0)) await desk.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged change of 50 mixed profile and settings writes, across a restart', async () => {
    const desk = await open();
    opened.push(desk);
    // Profiles to choose from and profiles to delete, saved one after another beforehand.
    const chooseIds: string[] = [];
    const deleteIds: string[] = [];
    for (let index = 0; index < 10; index += 1) {
      chooseIds.push(
        resultOf<ProfileView>(await desk.call('session:saveProfile', remote(`choose-${index}`))).id,
      );
      deleteIds.push(
        resultOf<ProfileView>(await desk.call('session:saveProfile', remote(`delete-${index}`))).id,
      );
    }

    const acknowledged: { kind: string; value: unknown }[] = [];
    const calls: Promise<void>[] = [];
    const fire = (kind: string, run: () => Promise<DeskResponse<unknown>>) =>
      calls.push(
        run().then((response) => {
          acknowledged.push({ kind, value: resultOf(response) });
        }),
      );
    for (let index = 0; index < 50; index += 1) {
      const round = Math.floor(index / 5);
      switch (index % 5) {
        case 0:
        case 1:
          fire('saved', () => desk.call('session:saveProfile', remote(`new-${index}`)));
          break;
        case 2:
          fire('chosen', () => desk.call('session:chooseProfile', { id: chooseIds[round] }));
          break;
        case 3:
          fire('deleted', () => desk.call('session:deleteProfile', { id: deleteIds[round] }));
          break;
        default:
          fire('settings', () =>
            desk.call('settings:save', {
              secrets: { revealSeconds: 10 + round, clipboardClearSeconds: 100 + round },
            }),
          );
      }
    }
    const outcomes = await Promise.allSettled(calls);
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
    expect(acknowledged).toHaveLength(50);

    const lastChosen = acknowledged.filter((entry) => entry.kind === 'chosen').at(-1)?.value as SessionView;
    const lastSettings = acknowledged.filter((entry) => entry.kind === 'settings').at(-1)
      ?.value as SettingsView;
    await desk.close();

    // The files parse, and no temporary file is left behind.
    const names = await readdir(dataDir);
    expect(names.filter((name) => name.endsWith('.tmp'))).toEqual([]);
    for (const name of ['profiles.json', 'settings.json']) {
      const text = await readFile(path.join(dataDir, name), 'utf8');
      expect(() => JSON.parse(text), name).not.toThrow();
    }

    // A restart on the same folder finds every acknowledged change.
    const restarted = await open();
    opened.push(restarted);
    const list = resultOf<ProfilesList>(await restarted.call('session:profiles'));
    const expectedNames = [
      ...Array.from({ length: 10 }, (_, index) => `choose-${index}`),
      ...Array.from({ length: 50 }, (_, index) => index)
        .filter((index) => index % 5 < 2)
        .map((index) => `new-${index}`),
    ].sort();
    expect(
      list.profiles
        .filter((profile) => profile.kind === 'remote')
        .map((profile) => profile.name)
        .sort(),
    ).toEqual(expectedNames);
    expect(list.problem).toBeUndefined();
    expect(list.activeProfileId).toBe(lastChosen.profile.id);
    expect(resultOf<SettingsView>(await restarted.call('settings:get'))).toEqual(lastSettings);
  });
});
