/**
 * A universe rolled from one day to another equals the universe generated afresh for that day:
 * table contents compared row by row (details expanded, full-text indexes as term → row lists),
 * over day steps chosen by fast-check around month and quarter ends, weekends, exchange
 * holidays and the turns of the event window's years, forwards and backwards.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { generationSteps } from '../../main/simulator/data/steps';
import { GENERATOR_VERSION, openUniverse, type Universe } from '../../main/simulator/data/universe';
import { universeFileName } from '../../main/simulator/data/universeCache';
import { contentDigests, firstDifferences, universeContents } from '../support/universeContents';

const SEED = 4711;
const DAY_MS = 86_400_000;
const root = mkdtempSync(path.join(tmpdir(), 'refdesk-universe-roll-'));
const FILE = universeFileName(GENERATOR_VERSION, 'small', SEED);

/** Days around which the date-dependent content changes most. */
const ANCHORS = [
  '2026-02-27', // month end on a weekend (28 Feb 2026 is a Saturday)
  '2026-03-31', // quarter end; quarterly expiries and serial futures months turn
  '2026-04-03', // Good Friday: most European and US exchanges closed
  '2026-06-13', // the event window's far year turns (today + 200 days reaches next year)
  '2026-07-23', // the event window's near year turns (today - 570 days leaves a year)
  '2026-11-26', // Thanksgiving
  '2026-12-31', // year end, New Year's Day after it
  '2027-01-15', // the Friday before Martin Luther King Day
];

const day = (text: string) => new Date(`${text}T00:00:00Z`);
const text = (date: Date) => date.toISOString().slice(0, 10);

/** Fresh universes by day, generated once per test run (each in its own folder). */
const fresh = new Map<string, { dir: string; contents: Map<string, string[]> }>();

function open(dir: string, asOf: string): Universe {
  return openUniverse({ seed: SEED, scale: 'small', cacheDir: dir, steps: generationSteps, asOf: day(asOf) });
}

function freshOf(asOf: string): { dir: string; contents: Map<string, string[]> } {
  let known = fresh.get(asOf);
  if (!known) {
    const dir = path.join(root, `fresh-${asOf}`);
    const universe = open(dir, asOf);
    try {
      expect(universe.info).toMatchObject({ asOf, cacheUsed: false });
      known = { dir, contents: universeContents(universe.db) };
    } finally {
      universe.close();
    }
    fresh.set(asOf, known);
  }
  return known;
}

/** Rolls a copy of the fresh universe of `start` through `days`, checking each against a fresh one. */
function rollThrough(start: string, days: string[], label: string): void {
  const dir = path.join(root, `rolled-${label}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  copyFileSync(path.join(freshOf(start).dir, FILE), path.join(dir, FILE));
  let from = start;
  for (const target of days) {
    const rolled = open(dir, target);
    let contents: Map<string, string[]>;
    try {
      expect(rolled.info).toMatchObject({
        asOf: target,
        cacheUsed: true,
        ...(target !== from ? { rolledFrom: from } : {}),
      });
      contents = universeContents(rolled.db);
    } finally {
      rolled.close();
    }
    const expected = freshOf(target).contents;
    const differing = [...expected.keys()].filter(
      (table) => contents.get(table)?.join('\n') !== expected.get(table)!.join('\n'),
    );
    const details = differing.map(
      (table) => `${table}:\n${firstDifferences(contents.get(table) ?? [], expected.get(table)!).join('\n')}`,
    );
    expect(details, `rolled ${from} → ${target} (from ${start})`).toEqual([]);
    expect(contentDigests(contents)).toEqual(contentDigests(expected));
    from = target;
  }
}

describe('rolling a cached universe to another day', () => {
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it(
    'equals the universe generated for that day, over steps across month, quarter and year ends, weekends and holidays',
    { timeout: 900_000 },
    () => {
      let run = 0;
      fc.assert(
        fc.property(
          fc.constantFrom(...ANCHORS),
          fc.integer({ min: -2, max: 2 }),
          fc.array(fc.constantFrom(1, 1, 1, 2, 3, 4, 7, 33, -1, -6), { minLength: 1, maxLength: 3 }),
          (anchor, offset, steps) => {
            const start = text(new Date(day(anchor).getTime() + offset * DAY_MS));
            const days: string[] = [];
            let at = day(start).getTime();
            for (const step of steps) days.push(text(new Date((at += step * DAY_MS))));
            rollThrough(start, days, String(run++));
          },
        ),
        { numRuns: 6 },
      );
    },
  );
});
