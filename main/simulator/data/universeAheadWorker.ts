/**
 * The worker thread that prepares the next weekday's universe (universeAhead.ts): a copy of the
 * universe file the simulator serves, rolled to that day, under a temporary name first and given
 * the next generation's name only when complete and synced to disk, so an interrupted
 * preparation leaves nothing a start would open. Answers once, then ends.
 */
import { closeSync, fsyncSync, linkSync, openSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { generationSteps } from './steps';
import type { Scale } from './universeChoice';
import { readUniverseDay, rollUniverse, writePreparedFrom } from './universeBuild';
import { GENERATOR_VERSION, generationHolding, universeFileName, universeGenerations } from './universeCache';

/** What the simulator hands the worker. */
export interface UniverseAheadWork {
  cacheDir: string;
  scale: Scale;
  seed: number;
  /** The file the simulator serves (the day before `day`). */
  source: string;
  /** yyyy-mm-dd: the day to prepare. */
  day: string;
  /** The temporary name to copy and roll under (universeAhead.ts removes it if the worker is stopped). */
  partial: string;
}

/** What the worker answers: the file it prepared, or that one held the day already, or why it failed. */
export type UniverseAheadAnswer =
  | { type: 'prepared'; file: string; from: string }
  | { type: 'present'; file: string }
  | { type: 'failed'; message: string };

const work = workerData as UniverseAheadWork;

/** Gives the complete `partial` the next generation's name; another process may take a name first. */
function publish(partial: string): string {
  for (let attempt = 0; attempt < 5; attempt++) {
    const newest =
      universeGenerations(work.cacheDir, GENERATOR_VERSION, work.scale, work.seed).at(-1)?.generation ?? 0;
    const file = path.join(
      work.cacheDir,
      universeFileName(GENERATOR_VERSION, work.scale, work.seed, newest + 1),
    );
    try {
      // A link never replaces a file: a name another process published stays its content.
      linkSync(partial, file);
      return file;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  throw new Error('Other processes keep publishing universes in the cache folder');
}

async function prepare(): Promise<UniverseAheadAnswer> {
  const present = generationHolding(
    universeGenerations(work.cacheDir, GENERATOR_VERSION, work.scale, work.seed),
    work.day,
  );
  if (present) return { type: 'present', file: present.file };
  rmSync(work.partial, { force: true });
  const source = new Database(work.source, { fileMustExist: true });
  try {
    // SQLite's backup copies one consistent snapshot, whatever the simulator or another process does meanwhile.
    await source.backup(work.partial);
  } finally {
    source.close();
  }
  const db = new Database(work.partial, { fileMustExist: true });
  let from: string | undefined;
  try {
    // Nobody else opens this file before it is published: no journal, no syncs until the end.
    db.pragma('journal_mode = DELETE');
    db.pragma('journal_mode = OFF');
    db.pragma('synchronous = OFF');
    db.pragma('cache_size = -65536');
    from = readUniverseDay(db);
    if (from === undefined) throw new Error('The universe names no day');
    if (from !== work.day)
      rollUniverse(db, {
        seed: work.seed,
        scale: work.scale,
        steps: generationSteps,
        asOf: new Date(`${work.day}T00:00:00Z`),
      });
    writePreparedFrom(db, from);
    // Readers open universes in WAL mode (tune): set here, no start has to convert the file.
    db.pragma('journal_mode = WAL');
  } finally {
    db.close();
  }
  // On disk before it has a name a start would open (synchronous = OFF above).
  const fd = openSync(work.partial, 'r+');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  const file = publish(work.partial);
  rmSync(work.partial, { force: true });
  return { type: 'prepared', file, from };
}

prepare().then(
  (answer) => parentPort!.postMessage(answer),
  (error: unknown) => {
    rmSync(work.partial, { force: true });
    parentPort!.postMessage({
      type: 'failed',
      message: (error as Error).message,
    } satisfies UniverseAheadAnswer);
  },
);
