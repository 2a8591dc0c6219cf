/**
 * The first start of a new day: the app rolls the cached universe in a worker thread while it
 * loads (main/app/earlyUniverseRoll.ts), and the simulator then opens the rolled universe and
 * reports the roll as its own.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startEarlyUniverseRoll } from '../../main/app/earlyUniverseRoll';
import { generationSteps } from '../../main/simulator/data/steps';
import { openUniverse, rollCachedUniverse } from '../../main/simulator/data/universe';
import { readUniverseDay } from '../../main/simulator/data/universeBuild';

const day = (text: string) => new Date(`${text}T00:00:00Z`);

describe('rolling the cached universe before the simulator opens it', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'refdesk-early-roll-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('rolls a cached universe of another day, leaves one of the day as it is, and finds none to roll where there is none', () => {
    const cacheDir = path.join(dir, 'plain');
    const options = { seed: 3, scale: 'small' as const, cacheDir, steps: [] };
    expect(rollCachedUniverse({ ...options, asOf: day('2026-11-23') })).toBeUndefined();
    openUniverse({ ...options, asOf: day('2026-11-23') }).close();

    const rolled = rollCachedUniverse({ ...options, asOf: day('2026-11-24') });
    expect(rolled?.rolledFrom).toBe('2026-11-23');
    expect(readUniverseDay(rolled!.db)).toBe('2026-11-24');
    rolled?.db.close();
    const again = rollCachedUniverse({ ...options, asOf: day('2026-11-24') });
    expect(again?.rolledFrom).toBeUndefined();
    again?.db.close();
  });

  it('reports the earlier roll as the start’s when it is of the same universe and day, and only then', () => {
    const cacheDir = path.join(dir, 'report');
    const options = { seed: 4, scale: 'small' as const, cacheDir, steps: [] };
    openUniverse({ ...options, asOf: day('2026-11-23') }).close();
    rollCachedUniverse({ ...options, asOf: day('2026-11-24') })?.db.close();
    const earlier = { scale: 'small' as const, seed: 4, day: '2026-11-24', from: '2026-11-23' };

    const opened = openUniverse({ ...options, asOf: day('2026-11-24'), rolledBefore: earlier });
    expect(opened.info).toMatchObject({ asOf: '2026-11-24', cacheUsed: true, rolledFrom: '2026-11-23' });
    opened.close();
    for (const other of [
      { ...earlier, seed: 5 },
      { ...earlier, day: '2026-11-25' },
    ]) {
      const universe = openUniverse({ ...options, asOf: day('2026-11-24'), rolledBefore: other });
      expect(universe.info.rolledFrom).toBeUndefined();
      universe.close();
    }
  });

  describe('the app’s early roll, in a worker thread', () => {
    const saved = { data: process.env.REFDESK_DATA_DIR, cache: process.env.REFDESK_CACHE_DIR };
    let dataDir: string;
    let cacheDir: string;
    beforeAll(() => {
      dataDir = path.join(dir, 'data');
      cacheDir = path.join(dir, 'cache');
      mkdirSync(dataDir, { recursive: true });
      process.env.REFDESK_DATA_DIR = dataDir;
      process.env.REFDESK_CACHE_DIR = cacheDir;
      // Yesterday's small universe, as a start the day before left it.
      openUniverse({
        seed: 11,
        scale: 'small',
        cacheDir: path.join(cacheDir, 'simulator'),
        steps: generationSteps,
        asOf: day('2026-11-23'),
      }).close();
    }, 120_000);
    afterEach(() => rmSync(path.join(dataDir, 'settings.json'), { force: true }));
    afterAll(() => {
      for (const [name, value] of [
        ['REFDESK_DATA_DIR', saved.data],
        ['REFDESK_CACHE_DIR', saved.cache],
      ] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    });
    const settings = (simulator: unknown) =>
      writeFileSync(path.join(dataDir, 'settings.json'), JSON.stringify({ version: 1, simulator }));

    it('rolls the universe Settings name to its day, and the simulator then finds it rolled', async () => {
      settings({ scale: 'small', seed: 11, asOf: '2026-11-24' });
      const early = startEarlyUniverseRoll();
      expect(await early.result).toEqual({
        elapsedMs: expect.any(Number),
        scale: 'small',
        seed: 11,
        day: '2026-11-24',
        from: '2026-11-23',
      });
      // A cached universe: the start opens it, no generation holds main's thread.
      expect(await early.generationDue).toBe(false);
      const universe = openUniverse({
        seed: 11,
        scale: 'small',
        cacheDir: path.join(cacheDir, 'simulator'),
        steps: generationSteps,
        asOf: day('2026-11-24'),
      });
      early.release();
      // Nothing was left to roll: the worker did it.
      expect(universe.info).toMatchObject({ asOf: '2026-11-24', cacheUsed: true, generationMs: 0 });
      expect(universe.info.rolledFrom).toBeUndefined();
      universe.close();
    }, 60_000);

    it('rolls nothing, and says a generation is due, when the settings name a universe that is not cached', async () => {
      settings({ scale: 'small', seed: 12, asOf: '2026-11-25' });
      const uncached = startEarlyUniverseRoll();
      expect(await uncached.result).toBeUndefined();
      // The web shell lets its page load before that generation holds main's thread (webShellStart.ts).
      expect(await uncached.generationDue).toBe(true);
      uncached.release();
      writeFileSync(path.join(dataDir, 'settings.json'), '{ not json');
      const unreadable = startEarlyUniverseRoll();
      expect(await unreadable.result).toBeUndefined();
      unreadable.release();
    }, 60_000);
  });
});
