/**
 * Building a universe file: generating one afresh (every step, into a temporary file linked
 * into place when complete) and rolling one to another day in place (the steps' `roll`, in one
 * transaction). Both report progress: the step running, the fraction of the expected work done
 * and an estimate of the time left.
 */
import { linkSync, renameSync, rmSync } from 'node:fs';
import { threadId } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { randomStream } from './random';
import { ROLLED_INSTRUMENTS_SCHEMA } from './reference/series';
import type { GenerationContext, GenerationStep, RollContext, Scale } from './universe';

/** How far a generation or a roll has got. */
export interface UniverseProgress {
  /** `generate`: building the universe afresh; `roll`: moving a cached universe to another day. */
  kind: 'generate' | 'roll';
  /** The step running (its name). */
  step: string;
  /** 1-based number of the step running, of `stepCount`. */
  stepIndex: number;
  stepCount: number;
  /** Share of the whole work done, 0 to 1, weighted by the steps' expected durations. */
  fraction: number;
  elapsedMs: number;
  /** Expected time left, once enough is done to estimate it. */
  remainingMs?: number;
  /** True on the last report, when the work is complete. */
  done: boolean;
}

export type ProgressListener = (progress: UniverseProgress) => void;

interface BuildOptions {
  seed: number;
  scale: Scale;
  steps: readonly GenerationStep[];
  asOf: Date;
  onProgress?: ProgressListener | undefined;
}

const META_SCHEMA = 'CREATE TABLE universe_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID';
/** Reports at most this often (ms), apart from step changes and the end. */
const REPORT_INTERVAL_MS = 100;
/** Below this share done, a time estimate would be guesswork. */
const ESTIMATE_FROM = 0.03;

/** 00:00:00Z of the UTC date of `now`. */
export function utcDateOf(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** `yyyy-mm-dd` of a UTC day. */
export function dayText(day: Date): string {
  return day.toISOString().slice(0, 10);
}

/** Pragmas of every connection to a universe file. */
export function tune(db: Database.Database): void {
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('cache_size = -65536');
  db.pragma('temp_store = MEMORY');
  // A roll by another process holds the write lock for as long as it runs (seconds at most).
  db.pragma('busy_timeout = 120000');
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

/** Tracks progress over weighted steps and tells the listener, at most every REPORT_INTERVAL_MS. */
class ProgressTracker {
  private readonly weights: number[];
  private readonly total: number;
  private readonly started = performance.now();
  private lastReport = 0;
  private index = 0;
  private within = 0;

  constructor(
    private readonly kind: UniverseProgress['kind'],
    private readonly steps: readonly GenerationStep[],
    scale: Scale,
    private readonly listener: ProgressListener | undefined,
  ) {
    // Steps without a measured duration count as a small one.
    this.weights = steps.map((step) => step.expectedMs?.[scale] ?? step.expectedMs?.default ?? 50);
    this.total = this.weights.reduce((sum, weight) => sum + weight, 0) || 1;
  }

  startStep(index: number): void {
    this.index = index;
    this.within = 0;
    this.report(true);
  }

  advance(done: number, total: number): void {
    this.within = total > 0 ? Math.min(1, Math.max(0, done / total)) : 0;
    this.report(false);
  }

  finish(): void {
    this.index = this.steps.length;
    this.within = 0;
    this.report(true, true);
  }

  private report(force: boolean, done = false): void {
    if (!this.listener) return;
    const now = performance.now();
    if (!force && now - this.lastReport < REPORT_INTERVAL_MS) return;
    this.lastReport = now;
    const before = this.weights.slice(0, this.index).reduce((sum, weight) => sum + weight, 0);
    const fraction = done
      ? 1
      : Math.min(1, (before + (this.weights[this.index] ?? 0) * this.within) / this.total);
    const elapsedMs = now - this.started;
    const step = this.steps[Math.min(this.index, this.steps.length - 1)];
    this.listener({
      kind: this.kind,
      step: step?.name ?? '',
      stepIndex: Math.min(this.index + 1, this.steps.length),
      stepCount: this.steps.length,
      fraction,
      elapsedMs: Math.round(elapsedMs),
      ...(fraction >= ESTIMATE_FROM && !done
        ? { remainingMs: Math.round((elapsedMs * (1 - fraction)) / fraction) }
        : {}),
      done,
    });
  }
}

function contextOf(
  db: Database.Database,
  options: BuildOptions,
  tracker: ProgressTracker,
): GenerationContext {
  return {
    db,
    seed: options.seed,
    scale: options.scale,
    asOf: options.asOf,
    random: (name) => randomStream(options.seed, name),
    advance: (done, total) => tracker.advance(done, total),
  };
}

function writeMeta(db: Database.Database, day: string): void {
  db.prepare("INSERT OR REPLACE INTO universe_meta (key, value) VALUES ('as_of', ?)").run(day);
}

/**
 * Generates the universe of `asOf` into `file`: every step in its own transaction, in a
 * temporary file first. Without `replace`, the first complete file wins when several processes
 * generate it at once (test workers); with it, the new file replaces the old one.
 */
export function generateUniverseFile(options: BuildOptions & { file: string; replace: boolean }): void {
  const partial = `${options.file}.partial-${process.pid}-${threadId}`;
  rmSync(partial, { force: true });
  const db = new Database(partial);
  const tracker = new ProgressTracker('generate', options.steps, options.scale, options.onProgress);
  try {
    // The file is private until it is linked into place, and thrown away if generation fails:
    // no journal, no syncs, a large page cache (sorts of index builds stay in memory).
    db.pragma('journal_mode = OFF');
    db.pragma('synchronous = OFF');
    db.pragma('cache_size = -262144');
    db.pragma('temp_store = MEMORY');
    const context = contextOf(db, options, tracker);
    db.exec(META_SCHEMA);
    options.steps.forEach((step, index) => {
      tracker.startStep(index);
      db.transaction(() => step.run(context))();
    });
    writeMeta(db, dayText(options.asOf));
    db.exec('ANALYZE');
    // Readers and rolls use WAL (tune()); switching now writes the file's header once.
    db.pragma('journal_mode = WAL');
  } catch (error) {
    db.close();
    rmSync(partial, { force: true });
    throw error;
  }
  db.close();
  if (options.replace) {
    renameSync(partial, options.file);
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
 * Rolls the universe in `db` to `asOf`'s day in one write transaction: every step's `roll`, in
 * order. Returns the day it held before, or undefined when another process had already rolled
 * it there. Readers keep the snapshot they had.
 */
export function rollUniverse(db: Database.Database, options: BuildOptions): string | undefined {
  const day = dayText(options.asOf);
  const tracker = new ProgressTracker(
    'roll',
    options.steps.filter((step) => step.roll),
    options.scale,
    options.onProgress,
  );
  let from: string | undefined;
  db.transaction(() => {
    // Whoever held the write lock before us may have rolled it to our day already.
    const held = readUniverseDay(db);
    if (held === undefined) throw new Error('The cached universe names no day; regenerate it.');
    if (held === day) return;
    from = held;
    const context: RollContext = {
      ...contextOf(db, options, tracker),
      from: utcDateOf(new Date(`${held}T00:00:00Z`)),
    };
    db.exec(ROLLED_INSTRUMENTS_SCHEMA);
    db.exec('DELETE FROM rolled_instruments');
    let index = 0;
    for (const step of options.steps) {
      if (!step.roll) continue;
      tracker.startStep(index++);
      step.roll(context);
    }
    writeMeta(db, day);
  }).immediate();
  if (from !== undefined) {
    // Fold the roll into the file as far as readers of the old day allow (the rest stays in the
    // WAL until they close); a PASSIVE checkpoint never waits for them.
    db.pragma('wal_checkpoint(PASSIVE)');
    tracker.finish();
  }
  return from;
}
