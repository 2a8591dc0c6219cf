/**
 * The next weekday's universe, prepared the day before (main/simulator/data/universeAhead.ts):
 * the next day's start opens it without rolling, and it equals the universe generated afresh
 * for that day; a start on a day nobody prepared still rolls; a preparation given up leaves no
 * file a start would open; a simulator that stops after a new day's start prepares tomorrow's.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { generationSteps } from '../../main/simulator/data/steps';
import { nextWeekday, UniverseAhead } from '../../main/simulator/data/universeAhead';
import { GENERATOR_VERSION, openUniverse, type Universe } from '../../main/simulator/data/universe';
import { universeFileName } from '../../main/simulator/data/universeCache';
import { startSimulator } from '../../main/simulator/server';
import { startSimulatorCli } from '../support/simulatorProcess';
import { contentDigests, universeContents } from '../support/universeContents';

const SEED = 5150;
const day = (text: string) => new Date(`${text}T00:00:00Z`);
const universeFiles = (dir: string) =>
  readdirSync(dir)
    .filter((name) => name.includes('.sqlite'))
    .sort();

function open(cacheDir: string, asOf: string): Universe {
  return openUniverse({ seed: SEED, scale: 'small', cacheDir, steps: generationSteps, asOf: day(asOf) });
}

function digestsOf(cacheDir: string, asOf: string): Record<string, string> {
  const universe = open(cacheDir, asOf);
  try {
    return contentDigests(universeContents(universe.db));
  } finally {
    universe.close();
  }
}

/** The universe a simulator would serve after opening `asOf` in `cacheDir` (then closed), for UniverseAhead. */
function served(cacheDir: string, asOf: string) {
  const universe = open(cacheDir, asOf);
  universe.close();
  return {
    cacheDir,
    scale: 'small' as const,
    seed: SEED,
    file: universe.info.file,
    day: asOf,
    newDay: universe.info.rolledFrom !== undefined,
  };
}

/** A simulator of the small universe in `cacheDir` that prepares the next weekday, as the app's does. */
const simulatorOptions = (cacheDir: string) =>
  ({ scale: 'small', seed: SEED, cacheDir, prepareNextDay: true, rateLimit: false }) as const;
/** The file name of generation `generation` of the test's universe. */
const generationFile = (generation = 0) => universeFileName(GENERATOR_VERSION, 'small', SEED, generation);

describe('preparing the next weekday’s universe ahead', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'refdesk-universe-ahead-'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('names the next weekday: Friday’s is Monday, a weekend’s is Monday', () => {
    expect(nextWeekday('2026-11-26')).toBe('2026-11-27');
    expect(nextWeekday('2026-11-27')).toBe('2026-11-30');
    expect(nextWeekday('2026-11-28')).toBe('2026-11-30');
    expect(nextWeekday('2026-12-31')).toBe('2027-01-01');
  });

  it('is opened by the next day’s start without a roll, equals a fresh universe of that day, and replaces the one before', async () => {
    const cacheDir = path.join(root, 'prepared');
    const friday = served(cacheDir, '2026-11-27');
    const outcome = await new UniverseAhead(friday).start();
    expect(outcome).toMatchObject({
      type: 'prepared',
      from: '2026-11-27',
      file: path.join(cacheDir, generationFile(1)),
    });
    // Friday's universe is still there, for a start on Friday (the simulator serving it, another start).
    expect(universeFiles(cacheDir)).toEqual([generationFile(1), generationFile()]);

    const monday = open(cacheDir, '2026-11-30');
    let digests: Record<string, string>;
    try {
      expect(monday.info).toMatchObject({
        asOf: '2026-11-30',
        cacheUsed: true,
        rolledFrom: '2026-11-27',
        preparedAhead: true,
      });
      expect(monday.info.file).toBe(outcome.type === 'prepared' ? outcome.file : '');
      digests = contentDigests(universeContents(monday.db));
    } finally {
      monday.close();
    }
    // The generation before is deleted once the next one is opened; no temporary file is left.
    expect(universeFiles(cacheDir)).toEqual([generationFile(1)]);
    expect(digests).toEqual(digestsOf(path.join(root, 'fresh-monday'), '2026-11-30'));

    // Opened again the same day it is a warm start; it is not reported as a roll again.
    const again = open(cacheDir, '2026-11-30');
    again.close();
    expect(again.info.rolledFrom).toBeUndefined();
    expect(again.info.generationMs).toBe(0);
  });

  it('is not made twice, and a day nobody prepared is rolled at the start from the newest universe', async () => {
    const cacheDir = path.join(root, 'unprepared');
    const wednesday = served(cacheDir, '2026-12-02');
    expect(await new UniverseAhead(wednesday).start()).toMatchObject({
      type: 'prepared',
      from: '2026-12-02',
    });
    expect(await new UniverseAhead(wednesday).start()).toMatchObject({ type: 'present' });
    const friday = open(cacheDir, '2026-12-04');
    friday.close();
    expect(friday.info).toMatchObject({ asOf: '2026-12-04', rolledFrom: '2026-12-03' });
    expect(friday.info.preparedAhead).toBeUndefined();
    expect(friday.info.file).toBe(path.join(cacheDir, generationFile(1)));
    expect(universeFiles(cacheDir)).toEqual([generationFile(1)]);
  });

  it('is made a while after READY by a simulator that keeps running (`later`)', async () => {
    const cacheDir = path.join(root, 'later');
    const wednesday = served(cacheDir, '2026-12-30');
    const ahead = new UniverseAhead({ ...wednesday, newDay: false });
    ahead.later(50);
    await vi.waitFor(() => expect(universeFiles(cacheDir)).toContain(generationFile(1)), {
      timeout: 30_000,
      interval: 100,
    });
    // The stop finds it made: nothing more to wait for.
    expect(await ahead.finish()).toMatchObject({ type: 'prepared', from: '2026-12-30' });
  });

  it('given up at the stop’s deadline, leaves no file a start would open, nor its temporary one', async () => {
    const cacheDir = path.join(root, 'given-up');
    const tuesday = served(cacheDir, '2026-12-08');
    const before = universeFiles(cacheDir);
    expect(await new UniverseAhead({ ...tuesday, newDay: true }).finish(0)).toEqual({ type: 'stopped' });
    expect(universeFiles(cacheDir)).toEqual(before);
    // A warm start's stop makes none.
    expect(await new UniverseAhead({ ...tuesday, newDay: false }).finish()).toBeUndefined();
    expect(universeFiles(cacheDir)).toEqual(before);
  });

  it('is made by a simulator stopping after a new day’s start, and that next start reports the roll as made the day before', async () => {
    const cacheDir = path.join(root, 'simulator');
    served(cacheDir, '2026-12-10');
    const options = simulatorOptions(cacheDir);
    const thursday = await startSimulator({ ...options, asOf: day('2026-12-11') });
    expect(thursday.info.universe).toMatchObject({ asOf: '2026-12-11', rolledFrom: '2026-12-10' });
    await thursday.close();
    expect(existsSync(path.join(cacheDir, generationFile(1)))).toBe(true);

    const monday = await startSimulator({ ...options, asOf: day('2026-12-14') });
    try {
      expect(monday.info.universe).toMatchObject({
        asOf: '2026-12-14',
        rolledFrom: '2026-12-11',
        preparedAhead: true,
      });
    } finally {
      await monday.close();
    }
    // Its own stop prepared Tuesday's.
    expect(universeFiles(cacheDir)).toEqual([generationFile(1), generationFile(2)]);
  });

  it('is not made by a simulator restarted with other settings (closed without it)', async () => {
    const cacheDir = path.join(root, 'restart');
    served(cacheDir, '2026-12-21');
    const options = simulatorOptions(cacheDir);
    const tuesday = await startSimulator({ ...options, asOf: day('2026-12-22') });
    expect(tuesday.info.universe.rolledFrom).toBe('2026-12-21');
    await tuesday.close({ prepareNextDay: false });
    expect(universeFiles(cacheDir)).toEqual([generationFile()]);
  });

  it('is made by `npm run simulator` stopped the moment it said READY (the stop is handled from before READY)', async () => {
    const cacheDir = path.join(root, 'cli');
    const universes = path.join(cacheDir, 'simulator');
    served(universes, '2026-12-16');
    const cli = await startSimulatorCli<{ universe: { rolledFrom?: string } }>(
      [
        '--port',
        '0',
        '--scale',
        'small',
        '--seed',
        String(SEED),
        '--cache-dir',
        cacheDir,
        '--data-dir',
        path.join(root, 'cli-data'),
        '--as-of',
        '2026-12-17',
      ],
      { timeoutMs: 60_000 },
    );
    expect(cli.ready.universe.rolledFrom).toBe('2026-12-16');
    expect(await cli.stop()).toBe(0);
    expect(universeFiles(universes)).toEqual([generationFile(1), generationFile()]);
  });
});
