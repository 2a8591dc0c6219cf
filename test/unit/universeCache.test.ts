import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GENERATOR_VERSION, openUniverse, parseAsOf } from '../../main/simulator/data/universe';
import { pruneStaleUniverses, universeFileName } from '../../main/simulator/data/universeCache';

describe('pruning the universe cache folder', () => {
  let dir: string;
  const files = (...names: string[]) => names.forEach((name) => writeFileSync(path.join(dir, name), ''));
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'refdesk-universe-cache-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('deletes other generator versions and the old one-file-per-day layout, keeps this version\'s scales and seeds and strangers', () => {
    files(
      'universe-v6-default-20260101.sqlite',
      'universe-v6-default-20260101.sqlite-wal',
      'universe-v6-small-7.sqlite',
      'universe-v5-default-20260101.sqlite',
      'universe-v5-default-20260101.sqlite-shm',
      'universe-v5-default-20260101-2026-11-20.sqlite',
      'universe-v6-large-20260101-2026-11-21.sqlite',
      'notes.txt',
    );
    const deleted = pruneStaleUniverses(dir, 6);
    expect(deleted.sort()).toEqual([
      'universe-v5-default-20260101-2026-11-20.sqlite',
      'universe-v5-default-20260101.sqlite',
      'universe-v5-default-20260101.sqlite-shm',
      'universe-v6-large-20260101-2026-11-21.sqlite',
    ]);
    expect(readdirSync(dir).sort()).toEqual([
      'notes.txt',
      'universe-v6-default-20260101.sqlite',
      'universe-v6-default-20260101.sqlite-wal',
      'universe-v6-small-7.sqlite',
    ]);
  });

  it('deletes a half-written universe only once it is a day old (another process may be writing it)', () => {
    // This process is alive: its files wait out the day.
    const alive = process.pid;
    files(
      `universe-v6-default-1.sqlite.partial-${alive}-0`,
      `universe-v6-default-1.sqlite.partial-${alive}-0.lane`,
      `universe-v6-default-1.sqlite.partial-${alive}-1`,
      `universe-v6-default-1.sqlite.partial-${alive}-1.lane`,
    );
    const old = (Date.now() - 25 * 3_600_000) / 1000;
    utimesSync(path.join(dir, `universe-v6-default-1.sqlite.partial-${alive}-0`), old, old);
    // The worker's database of a generation that died with it (a large one: some hundreds of MB).
    utimesSync(path.join(dir, `universe-v6-default-1.sqlite.partial-${alive}-0.lane`), old, old);
    expect(pruneStaleUniverses(dir, 6).sort()).toEqual([
      `universe-v6-default-1.sqlite.partial-${alive}-0`,
      `universe-v6-default-1.sqlite.partial-${alive}-0.lane`,
    ]);
  });

  it('deletes at once a half-written universe whose process is gone (killed, or quit without waiting)', () => {
    const gone = spawnSync(process.execPath, ['-e', '0']).pid!;
    files(
      `universe-v6-default-1.sqlite.partial-${gone}-0`,
      `universe-v6-default-1.g2.sqlite.partial-${gone}-17-wal`,
      `universe-v6-default-1.sqlite.partial-${process.pid}-0`,
    );
    expect(pruneStaleUniverses(dir, 6).sort()).toEqual([
      `universe-v6-default-1.g2.sqlite.partial-${gone}-17-wal`,
      `universe-v6-default-1.sqlite.partial-${gone}-0`,
    ]);
  });

  it('deletes at once the second name of a replaced universe that a crash left behind', () => {
    files('universe-v6-default-1.sqlite', 'universe-v6-default-1.sqlite.partial-300-0.replaced');
    expect(pruneStaleUniverses(dir, 6)).toEqual(['universe-v6-default-1.sqlite.partial-300-0.replaced']);
    expect(readdirSync(dir)).toEqual(['universe-v6-default-1.sqlite']);
  });

  it('is what opening a universe with pruneStale does, and only then; one file serves every day', () => {
    const older = `universe-v${GENERATOR_VERSION - 1}-small-1.sqlite`;
    const open = (pruneStale: boolean, asOf: string) =>
      openUniverse({ seed: 1, scale: 'small', cacheDir: dir, steps: [], asOf: new Date(asOf), pruneStale });
    files(older);
    const first = open(false, '2026-11-21T09:00:00Z');
    expect(first.info).toMatchObject({ asOf: '2026-11-21', cacheUsed: false });
    first.close();
    expect(readdirSync(dir)).toContain(older);
    const next = open(true, '2026-11-22T09:00:00Z');
    expect(next.info).toMatchObject({ asOf: '2026-11-22', cacheUsed: true, rolledFrom: '2026-11-21' });
    next.close();
    expect(readdirSync(dir).filter((name) => name.endsWith('.sqlite'))).toEqual([universeFileName(GENERATOR_VERSION, 'small', 1)]);
  });

  it('makes a cached universe it cannot read again instead of failing to start', () => {
    writeFileSync(path.join(dir, universeFileName(GENERATOR_VERSION, 'small', 1)), 'not a database, or another layout');
    const universe = openUniverse({ seed: 1, scale: 'small', cacheDir: dir, steps: [], asOf: new Date('2026-11-21T09:00:00Z') });
    expect(universe.info).toMatchObject({ asOf: '2026-11-21', cacheUsed: false });
    universe.close();
  });
});

describe('the day to simulate', () => {
  it('is a real yyyy-mm-dd date within the range the generator covers', () => {
    expect(parseAsOf('2026-02-28').toISOString()).toBe('2026-02-28T00:00:00.000Z');
    expect(() => parseAsOf('2026-02-30')).toThrow('yyyy-mm-dd');
    expect(() => parseAsOf('26-02-01')).toThrow('yyyy-mm-dd');
    expect(() => parseAsOf('1999-12-31')).toThrow('from 2002-01-01 to 2062-12-31');
    expect(() => parseAsOf('2070-01-01')).toThrow('from 2002-01-01 to 2062-12-31');
  });
});
