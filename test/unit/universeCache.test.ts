import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GENERATOR_VERSION, openUniverse } from '../../main/simulator/data/universe';
import { pruneStaleUniverses } from '../../main/simulator/data/universeCache';

describe('pruning the universe cache folder', () => {
  let dir: string;
  const files = (...names: string[]) => names.forEach((name) => writeFileSync(path.join(dir, name), ''));
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'refdesk-universe-cache-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("deletes earlier days and other generator versions, keeps today's, later days, other scales and strangers", () => {
    files(
      'universe-v4-default-20260101-2026-11-21.sqlite',
      'universe-v4-default-20260101-2026-11-20.sqlite',
      'universe-v4-default-20260101-2026-11-20.sqlite-wal',
      'universe-v4-default-20260101-2026-11-20.sqlite-shm',
      'universe-v3-default-20260101-2026-11-21.sqlite',
      'universe-v3-large-20260101-2026-11-21.sqlite',
      'universe-v4-default-20260101-2026-12-01.sqlite',
      'universe-v4-small-20260101-2026-11-01.sqlite',
      'universe-v4-default-7-2026-11-01.sqlite',
      'notes.txt',
    );
    const deleted = pruneStaleUniverses(dir, { version: 4, scale: 'default', seed: 20260101, day: '2026-11-21' });
    expect(deleted.sort()).toEqual([
      'universe-v3-default-20260101-2026-11-21.sqlite',
      'universe-v3-large-20260101-2026-11-21.sqlite',
      'universe-v4-default-20260101-2026-11-20.sqlite',
      'universe-v4-default-20260101-2026-11-20.sqlite-shm',
      'universe-v4-default-20260101-2026-11-20.sqlite-wal',
    ]);
    expect(readdirSync(dir).sort()).toEqual([
      'notes.txt',
      'universe-v4-default-20260101-2026-11-21.sqlite',
      'universe-v4-default-20260101-2026-12-01.sqlite',
      'universe-v4-default-7-2026-11-01.sqlite',
      'universe-v4-small-20260101-2026-11-01.sqlite',
    ]);
  });

  it('deletes a half-written universe only once it is a day old (another process may be writing it)', () => {
    files('universe-v4-default-1-2026-11-21.sqlite.partial-100-0', 'universe-v4-default-1-2026-11-21.sqlite.partial-200-0');
    const old = (Date.now() - 25 * 3_600_000) / 1000;
    utimesSync(path.join(dir, 'universe-v4-default-1-2026-11-21.sqlite.partial-100-0'), old, old);
    expect(pruneStaleUniverses(dir, { version: 4, scale: 'default', seed: 1, day: '2026-11-21' })).toEqual([
      'universe-v4-default-1-2026-11-21.sqlite.partial-100-0',
    ]);
  });

  it('is what opening a universe with pruneStale does, and only then', () => {
    const yesterday = `universe-v${GENERATOR_VERSION}-small-1-2026-11-20.sqlite`;
    const open = (pruneStale: boolean) =>
      openUniverse({ seed: 1, scale: 'small', cacheDir: dir, steps: [], now: new Date('2026-11-21T09:00:00Z'), pruneStale }).close();
    files(yesterday);
    open(false);
    expect(readdirSync(dir)).toContain(yesterday);
    open(true);
    expect(readdirSync(dir)).not.toContain(yesterday);
    expect(readdirSync(dir)).toContain(`universe-v${GENERATOR_VERSION}-small-1-2026-11-21.sqlite`);
  });
});
