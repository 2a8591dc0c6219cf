/**
 * A universe generated on two threads (the accounts in a worker, joined by whole-table copies)
 * holds exactly what one generated on a single thread holds, and the progress it reports
 * covers every step of both lanes and ends at 100%. The keyword index of the events, built by the
 * worker, passes FTS5's integrity check and finds what one built in the universe finds. The query planner's statistics, gathered
 * table by table as the lanes finish (the worker's by the worker), are those of one ANALYZE of
 * the finished file. Both files are written with the universe's page size.
 */
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { generationSteps } from '../../main/simulator/data/steps';
import {
  generateUniverseFile,
  UNIVERSE_PAGE_SIZE,
  type UniverseProgress,
} from '../../main/simulator/data/universeBuild';
import { contentDigests, universeContents } from '../support/universeContents';

const dir = mkdtempSync(path.join(tmpdir(), 'refdesk-universe-lanes-'));
const asOf = new Date('2026-11-20T00:00:00Z');

function generate(lanes: boolean, progress: UniverseProgress[] = []) {
  const file = path.join(dir, `universe-${lanes ? 'two' : 'one'}-thread.sqlite`);
  generateUniverseFile({
    seed: 99,
    scale: 'small',
    steps: generationSteps,
    asOf,
    file,
    replace: true,
    lanes,
    onProgress: (p) => progress.push(p),
  });
  const db = new Database(file, { readonly: true });
  try {
    return universeContents(db);
  } finally {
    db.close();
  }
}

/** The planner's statistics of a universe file: sqlite_stat1, and how many stat4 samples per index. */
function statisticsOf(file: string, analyzeFirst = false) {
  const db = new Database(file);
  try {
    if (analyzeFirst) db.exec('ANALYZE');
    return {
      stat1: db.prepare('SELECT tbl, idx, stat FROM sqlite_stat1 ORDER BY tbl, idx').all(),
      stat4: db
        .prepare('SELECT tbl, idx, count(*) AS samples FROM sqlite_stat4 GROUP BY tbl, idx ORDER BY tbl, idx')
        .all(),
    };
  } finally {
    db.close();
  }
}

describe('generating a universe on two threads', () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it(
    'gives the universe a single thread gives, and reports progress to the end',
    { timeout: 300_000 },
    async () => {
      const progress: UniverseProgress[] = [];
      const twoThreads = generate(true, progress);
      const oneThread = generate(false);
      expect(contentDigests(twoThreads)).toEqual(contentDigests(oneThread));
      expect(twoThreads.get('events')!.length).toBeGreaterThan(500);
      // The worker's file goes once its tables joined the universe (deleted in the background).
      await vi.waitFor(() => expect(readdirSync(dir).filter((name) => name.includes('.lane'))).toEqual([]));
      const fractions = progress.map((p) => p.fraction);
      expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
      expect(progress.at(-1)).toMatchObject({ done: true, fraction: 1, stepCount: generationSteps.length });

      const file = path.join(dir, 'universe-two-thread.sqlite');
      // Both lanes write pages of the universe's size (set before a file's first table, or ignored).
      for (const name of ['universe-two-thread.sqlite', 'universe-one-thread.sqlite']) {
        const db = new Database(path.join(dir, name), { readonly: true });
        expect(db.pragma('page_size', { simple: true })).toBe(UNIVERSE_PAGE_SIZE);
        db.close();
      }
      // The keyword index the worker built answers in the universe as one built there would.
      const keywordMatches = (name: string) => {
        const db = new Database(path.join(dir, name));
        try {
          db.exec("INSERT INTO ca_search (ca_search) VALUES ('integrity-check')");
          return db
            .prepare("SELECT rowid FROM ca_search WHERE search LIKE '%inc%' ORDER BY rowid")
            .pluck()
            .all();
        } finally {
          db.close();
        }
      };
      expect(keywordMatches('universe-two-thread.sqlite').length).toBeGreaterThan(10);
      expect(keywordMatches('universe-two-thread.sqlite')).toEqual(
        keywordMatches('universe-one-thread.sqlite'),
      );

      const analysedAgain = path.join(dir, 'analysed-again.sqlite');
      copyFileSync(file, analysedAgain);
      const gathered = statisticsOf(file);
      expect(gathered.stat1.length).toBeGreaterThan(20);
      expect(gathered).toEqual(statisticsOf(analysedAgain, true));
    },
  );
});
