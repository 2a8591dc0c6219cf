/**
 * Building a universe file: generating one afresh (every step, into a temporary file linked
 * into place when complete) and rolling one to another day in place (the steps' `roll`, in one
 * transaction). Both report progress (universeProgress.ts).
 */
import { linkSync, renameSync, rm, rmSync } from 'node:fs';
import { threadId } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { randomStream } from './random';
import { ROLLED_INSTRUMENTS_SCHEMA } from './instruments/series';
import type { GenerationContext, GenerationStep, Scale } from './universe';
import { Lane, planLanes } from './universeLanes';
import { ProgressTracker, type ProgressListener } from './universeProgress';

export type { ProgressListener, UniverseProgress } from './universeProgress';

interface BuildOptions {
  seed: number;
  scale: Scale;
  steps: readonly GenerationStep[];
  asOf: Date;
  onProgress?: ProgressListener | undefined;
}

const META_SCHEMA = 'CREATE TABLE universe_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID';

/** 00:00:00Z of the UTC date of `now`. */
export function utcDateOf(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** `yyyy-mm-dd` of a UTC day. */
export function dayText(day: Date): string {
  return day.toISOString().slice(0, 10);
}

/**
 * Page size of the files a generation writes (the universe and the worker's): 16 KiB rather than
 * SQLite's 4 KiB. A generation writes some 2 GB at the large scale, and each page costs SQLite
 * work (b-tree balancing, cells moved between siblings) and the kernel a page-cache page touched
 * for the first time; with four times fewer, a fresh large generation takes 27.6–30.2 s instead
 * of 31.6–32.7 s (8 KiB: 29.8 s, 32 KiB: 28.8 s, 64 KiB: 29.5 s), and 2-KB event bodies waste
 * less of each page (1.84 GB instead of 1.99). Takes effect only on a file without tables.
 */
export const UNIVERSE_PAGE_SIZE = 16_384;

/**
 * Pragmas of a connection generating a universe (the main thread's and the worker's): the file
 * is private until it is linked into place, and thrown away if generation fails, so no journal
 * and no syncs. A 64 MiB page cache rather than 256: every page of a cache is memory touched for
 * the first time, which here costs more than the re-reads a larger cache saves (at the large
 * scale the worker's tables join the universe in 1.9–2.0 s instead of 2.65–3.3 s, three
 * alternated runs).
 */
export function tuneForGeneration(db: Database.Database): void {
  db.pragma(`page_size = ${UNIVERSE_PAGE_SIZE}`);
  db.pragma('journal_mode = OFF');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -65536');
  db.pragma('temp_store = MEMORY');
}

/** Pragmas of every connection to a universe file. */
export function tune(db: Database.Database): void {
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('cache_size = -65536');
  db.pragma('temp_store = MEMORY');
  // A roll by another process holds the write lock for as long as it runs (seconds at most).
  db.pragma('busy_timeout = 120000');
  // A roll's pages stay in the WAL until the last connection closes: copying them into the
  // file (and syncing it) at start would make the first start of a day wait for the disk.
  db.pragma('wal_autocheckpoint = 0');
}

/** The day (yyyy-mm-dd) the universe in `db` holds, or undefined for a file without one. */
export function readUniverseDay(db: Database.Database): string | undefined {
  const table = db
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'universe_meta'")
    .get();
  if (!table) return undefined;
  return (
    (db.prepare("SELECT value FROM universe_meta WHERE key = 'as_of'").pluck().get() as string | undefined) ??
    undefined
  );
}

function contextOf(
  db: Database.Database,
  options: BuildOptions,
  advance: (done: number, total: number) => void,
): GenerationContext {
  return {
    db,
    seed: options.seed,
    scale: options.scale,
    asOf: options.asOf,
    random: (name) => randomStream(options.seed, name),
    advance,
  };
}

/**
 * Gathers the query planner's statistics of the tables of `db` that `skip` does not name
 * (ANALYZE of each, which equals the whole-database ANALYZE for that table). Views and virtual
 * tables have none; a virtual table's shadow tables are ordinary ones, analysed as such.
 */
export function analyzeTables(db: Database.Database, skip: (table: string) => boolean): void {
  const tables = (db.prepare('PRAGMA main.table_list').all() as { name: string; type: string }[]).filter(
    (table) =>
      (table.type === 'table' || table.type === 'shadow') &&
      !table.name.startsWith('sqlite_') &&
      !skip(table.name),
  );
  for (const { name } of tables) db.exec(`ANALYZE main."${name.replaceAll('"', '""')}"`);
}

/**
 * The statistics of the tables that have none yet. A two-lane generation analyses the main
 * thread's tables before it joins the worker's, which come with the worker's own statistics
 * (Lane.mergeInto), so at the end only the tables made later are left.
 */
function analyzeTablesWithoutStatistics(db: Database.Database): void {
  const hasStatistics = db
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'sqlite_stat1'")
    .get();
  const analysed = new Set(
    hasStatistics ? (db.prepare('SELECT DISTINCT tbl FROM sqlite_stat1').pluck().all() as string[]) : [],
  );
  analyzeTables(db, (table) => analysed.has(table));
}

function writeMeta(db: Database.Database, day: string): void {
  db.prepare("INSERT OR REPLACE INTO universe_meta (key, value) VALUES ('as_of', ?)").run(day);
  // A roll in place is no roll made ahead: only universeAhead.ts says so, after its roll.
  db.prepare("DELETE FROM universe_meta WHERE key = 'prepared_from'").run();
}

/** Notes that the universe in `db` was rolled ahead (universeAhead.ts) from `day`. */
export function writePreparedFrom(db: Database.Database, day: string): void {
  db.prepare("INSERT OR REPLACE INTO universe_meta (key, value) VALUES ('prepared_from', ?)").run(day);
}

/** The day the universe in `db` was rolled ahead from, when it was (universeAhead.ts). */
export function readPreparedFrom(db: Database.Database): string | undefined {
  return (
    (db.prepare("SELECT value FROM universe_meta WHERE key = 'prepared_from'").pluck().get() as
      string | undefined) ?? undefined
  );
}

/**
 * Generates the universe of `asOf` into `file`: every step in its own transaction, in a
 * temporary file first; with `lanes`, the steps marked parallel run in a worker thread beside
 * the others (universeLanes.ts). Without `replace`, the first complete file wins when several
 * processes generate it at once (test workers); with it, the new file replaces the old one.
 */
export function generateUniverseFile(
  options: BuildOptions & { file: string; replace: boolean; lanes: boolean },
): void {
  const partial = `${options.file}.partial-${process.pid}-${threadId}`;
  rmSync(partial, { force: true });
  const db = new Database(partial);
  const { steps } = options;
  const plan = options.lanes ? planLanes(steps) : undefined;
  const tracker = new ProgressTracker('generate', steps, options.scale, options.onProgress, plan?.parallel);
  let lane: Lane | undefined;
  try {
    tuneForGeneration(db);
    db.exec(META_SCHEMA);
    const runStep = (index: number) => {
      tracker.startStep(index);
      const step = steps[index]!;
      const context = contextOf(db, options, (done, total) => {
        tracker.advance(index, done, total);
        lane?.poll();
      });
      // The worker draws this step too: it hands its draws over rather than have them drawn twice.
      if (lane && step.handsOverDraws && plan!.draws.includes(step.name)) {
        const drawing = lane;
        context.handedOver = () => drawing.handedOver(step.name);
      }
      db.transaction(() => step.run(context))();
      tracker.completeStep(index);
    };
    // The worker's tables join the universe; if it never started, its steps run here instead.
    let waiting = false;
    const joinLane = () => {
      // The main thread's tables get their statistics (while the worker finishes, if it has not).
      analyzeTablesWithoutStatistics(db);
      waiting = true;
      const joined = lane?.wait();
      waiting = false;
      if (joined) lane!.mergeInto(db);
      else for (const step of plan!.parallel) runStep(steps.indexOf(step));
      tracker.completeJoin();
    };
    const startLane = () => {
      lane = new Lane(
        db,
        {
          file: `${partial}.lane`,
          seed: options.seed,
          scale: options.scale,
          asOf: dayText(options.asOf),
          steps: plan!.parallel.map((step) => step.name),
          copies: plan!.copies,
          draws: plan!.draws,
          lists: plan!.lists,
        },
        (message) => {
          const index = steps.findIndex((step) => 'step' in message && step.name === message.step);
          // While the main thread waits for the worker, the step shown is the worker's.
          if (message.type === 'progress' && waiting) tracker.startStep(index);
          if (message.type === 'progress') tracker.advance(index, message.done, message.total);
          if (message.type === 'stepDone') tracker.completeStep(index);
        },
      );
    };
    steps.forEach((step, index) => {
      if (plan && index === plan.mergeBefore) joinLane();
      if (!plan?.parallel.includes(step)) runStep(index);
      if (plan && index === plan.startAfter) startLane();
    });
    if (plan && plan.mergeBefore === steps.length) joinLane();
    writeMeta(db, dayText(options.asOf));
    analyzeTablesWithoutStatistics(db);
    // Readers and rolls use WAL (tune()); switching now writes the file's header once.
    db.pragma('journal_mode = WAL');
  } catch (error) {
    (lane as Lane | undefined)?.abandon();
    db.close();
    rmSync(partial, { force: true });
    throw error;
  }
  db.close();
  if (options.replace) {
    replaceFile(partial, options.file);
  } else {
    // Replacing a file another process has open would pair its WAL and shared-memory files
    // (named by path) with a different database: link, and keep the file that was there first.
    try {
      linkSync(partial, options.file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    rmSync(partial, { force: true });
  }
  tracker.finish();
}

/**
 * Moves the generated `partial` over `file`. Renaming over the last name of a large file frees
 * its blocks inside the rename: a second name keeps them until the rename is done, and the old
 * file is then deleted on libuv's threads, which the process waits for before it exits (0.27 s
 * less of a 2 GB rename here, 0.55 s; what is left is ext4 allocating the new file's blocks, as
 * it does on any rename over an existing file). A second name left by a crash is pruned at the
 * next start (universeCache.ts).
 */
function replaceFile(partial: string, file: string): void {
  const replaced = `${partial}.replaced`;
  let kept = false;
  try {
    linkSync(file, replaced);
    kept = true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  renameSync(partial, file);
  if (kept) rm(replaced, { force: true }, () => undefined);
}

/**
 * Rolls the universe in `db` to `asOf`'s day in one write transaction: every step's `roll`, in
 * order. Returns the day it held before, or undefined when another process had already rolled
 * it there. Readers keep the snapshot they had.
 */
export function rollUniverse(db: Database.Database, options: BuildOptions): string | undefined {
  const day = dayText(options.asOf);
  const rolling = options.steps.filter((step) => step.roll);
  const tracker = new ProgressTracker('roll', rolling, options.scale, options.onProgress);
  let from: string | undefined;
  db.transaction(() => {
    // Whoever held the write lock before us may have rolled it to our day already.
    const held = readUniverseDay(db);
    if (held === undefined) throw new Error('The cached universe names no day; regenerate it.');
    if (held === day) return;
    from = held;
    db.exec(ROLLED_INSTRUMENTS_SCHEMA);
    db.exec('DELETE FROM rolled_instruments');
    rolling.forEach((step, index) => {
      tracker.startStep(index);
      step.roll!({
        ...contextOf(db, options, (done, total) => tracker.advance(index, done, total)),
        from: utcDateOf(new Date(`${held}T00:00:00Z`)),
      });
      tracker.completeStep(index);
    });
    writeMeta(db, day);
  }).immediate();
  if (from !== undefined) tracker.finish();
  return from;
}
