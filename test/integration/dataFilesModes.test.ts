import { chmod, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OFFLINE_EMBEDDED, openCoreDesk, unusedSimulatorControl, type CoreDesk } from '../support/coreDesk';

const modeOf = async (file: string) => (await stat(file)).mode & 0o777;
const reviewer = { profileId: 'embedded', userId: '17340521', name: 'Clara Lindqvist' };

/** Writes every file the core keeps: a profile, the settings and a review change (the database stays open, with its -wal and -shm). */
async function writeEverything(desk: CoreDesk): Promise<void> {
  const saved = await desk.call('session:saveProfile', {
    name: 'Gateway',
    baseUrl: 'https://gateway.example.com/openapi',
    authUrl: 'https://auth.example.com/auth',
    appKey: 'key-1',
    redirectUri: 'http://127.0.0.1/refdesk/callback',
    flow: 'code',
  });
  expect(saved.ok).toBe(true);
  expect(
    (await desk.call('settings:save', { secrets: { revealSeconds: 30, clipboardClearSeconds: 40 } })).ok,
  ).toBe(true);
  desk.services.reviews.local.setRead(reviewer, { eventId: '9652429', read: true });
}

describe.skipIf(process.platform === 'win32')('the data folder is private', () => {
  let root: string;
  let desk: CoreDesk | undefined;
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'refdesk-modes-'));
  });
  afterEach(async () => {
    await desk?.close();
    desk = undefined;
    await rm(root, { recursive: true, force: true });
  });

  it('creates the folder 0700 and every file in it 0600, the database journal files included', async () => {
    const dataDir = path.join(root, 'share', 'refdesk');
    desk = await openCoreDesk({ dataDir, embedded: OFFLINE_EMBEDDED, simulator: unusedSimulatorControl });
    await writeEverything(desk);
    expect((await modeOf(dataDir)).toString(8)).toBe('700');
    for (const name of [
      'profiles.json',
      'settings.json',
      'review.sqlite',
      'review.sqlite-wal',
      'review.sqlite-shm',
    ]) {
      expect([name, (await modeOf(path.join(dataDir, name))).toString(8)]).toEqual([name, '600']);
    }
  });

  it('tightens a folder and files an earlier RefDesk left readable by others', async () => {
    const dataDir = path.join(root, 'refdesk');
    await mkdir(dataDir, { mode: 0o755 });
    await chmod(dataDir, 0o755);
    await writeFile(path.join(dataDir, 'profiles.json'), JSON.stringify({ version: 1, profiles: [] }), {
      mode: 0o644,
    });
    await writeFile(path.join(dataDir, 'settings.json'), '{}', { mode: 0o644 });
    new Database(path.join(dataDir, 'review.sqlite')).close();
    await chmod(path.join(dataDir, 'review.sqlite'), 0o644);

    desk = await openCoreDesk({ dataDir, embedded: OFFLINE_EMBEDDED, simulator: unusedSimulatorControl });
    await writeEverything(desk);
    expect((await modeOf(dataDir)).toString(8)).toBe('700');
    for (const name of [
      'profiles.json',
      'settings.json',
      'review.sqlite',
      'review.sqlite-wal',
      'review.sqlite-shm',
    ]) {
      expect([name, (await modeOf(path.join(dataDir, name))).toString(8)]).toEqual([name, '600']);
    }
  });
});
