/**
 * Generation on two cores: steps marked `parallel` (the accounts: identities, apps, corporate
 * action events) run in a worker thread into a database of their own, while the main thread
 * carries on with the reference data; their tables are then copied into the universe (SQLite's
 * transfer of whole b-trees, indexes included) with their planner statistics, before the first
 * step that needs them. The worker starts once the steps it reads from have committed, or, for
 * the steps it `draws`, before they run: it lists their instruments itself (the same draws).
 *
 * The main thread stays synchronous (generation is one synchronous call): it waits on a shared
 * counter the worker bumps with each message, and reads messages with receiveMessageOnPort.
 */
import { rm, rmSync } from 'node:fs';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import type Database from 'better-sqlite3';
import type { GenerationStep, Scale } from './universe';

/** A table a parallel step reads from the universe, copied into the worker's database first. */
export interface TableCopy {
  table: string;
  /** Column definitions of the copy, e.g. `uic INTEGER, asset_type TEXT`. */
  columns: string;
  /** Which rows (SQL over the table). */
  where: string;
  primaryKey: string;
}

/** What the worker needs to run its steps. */
export interface LaneWork {
  /** The worker's database, holding the copies of what it reads from the universe. */
  file: string;
  seed: number;
  scale: Scale;
  asOf: string;
  steps: string[];
  copies: TableCopy[];
  /** Steps whose instruments the worker lists into its copy of `instruments` (GenerationStep.parallel). */
  draws: string[];
  /** Asset types of those instruments the worker's steps read; undefined: all of them. */
  lists: string[] | undefined;
  port: MessagePort;
  signal: Int32Array;
}

/** What the worker tells the main thread. */
export type LaneMessage =
  | { type: 'started' }
  | { type: 'progress'; step: string; done: number; total: number }
  | { type: 'stepDone'; step: string }
  /** The draws of a step the main thread writes (StepDraws.handOver). */
  | { type: 'drawn'; step: string; drawn: unknown }
  | { type: 'done' }
  | { type: 'error'; message: string };

/** A worker that has not said it started by then is taken not to start at all. */
const START_TIMEOUT_MS = 30_000;

/**
 * Starts a worker thread of the universe: the bundle's file (`bundle`, beside the built chunks)
 * when built; from source (tsx), the TypeScript entry `source` of this folder through tsx's
 * loader, which worker threads do not inherit.
 */
export function startUniverseWorker(
  bundle: string,
  source: string,
  options: { workerData: unknown; transferList?: MessagePort[] },
): Worker {
  // The CommonJS build (out/node) starts each worker through its code-cache loader, named alike.
  if (import.meta.url.endsWith('.cjs')) return new Worker(new URL(`./${bundle.replace(/\.js$/, '.cjs')}`, import.meta.url), options);
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL(`./${bundle}`, import.meta.url), options);
  const entry = new URL(`./${source}`, import.meta.url).href;
  return new Worker(
    `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry)}); })`,
    { ...options, eval: true },
  );
}

/** A worker running the parallel steps of a generation. */
export class Lane {
  private readonly worker: Worker;
  private readonly port: MessagePort;
  private readonly signal = new Int32Array(new SharedArrayBuffer(4));
  private seen = 0;
  private readonly drawn = new Map<string, unknown>();
  private finished = false;
  private started = false;
  private readonly createdAt = performance.now();

  /**
   * Starts the worker on the universe as `db` holds it now: the tables it reads are copied
   * into its database first, here, so they are what step `after` left whatever the main thread
   * writes next.
   */
  constructor(
    db: Database.Database,
    private readonly work: Omit<LaneWork, 'port' | 'signal'>,
    private readonly onMessage: (message: LaneMessage) => void,
  ) {
    rmSync(work.file, { force: true });
    try {
      copyInputs(db, work.file, work.copies);
    } catch (error) {
      rmSync(work.file, { force: true });
      throw error;
    }
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    this.worker = startUniverseWorker('universe-worker.js', 'universeWorker.ts', {
      workerData: { ...work, port: port2, signal: this.signal },
      transferList: [port2],
    });
    // Errors surface through the port; an unhandled one must not take the process down.
    this.worker.on('error', () => undefined);
  }

  /** Reads what the worker said since last time; throws its error if it failed. */
  poll(): void {
    for (let message = receiveMessageOnPort(this.port); message; message = receiveMessageOnPort(this.port)) {
      const said = message.message as LaneMessage;
      if (said.type === 'error') {
        this.finished = true;
        throw new Error(`Generating ${this.work.steps.join(', ')} failed: ${said.message}`);
      }
      if (said.type === 'started') this.started = true;
      if (said.type === 'done') this.finished = true;
      if (said.type === 'drawn') this.drawn.set(said.step, said.drawn);
      this.onMessage(said);
    }
  }

  /**
   * The draws the worker hands over for `step`, once it has made them; undefined if it ends
   * or never starts without handing them over (the main thread then draws them itself).
   */
  handedOver(step: string): unknown {
    for (;;) {
      this.poll();
      if (this.drawn.has(step)) {
        const drawn = this.drawn.get(step);
        this.drawn.delete(step);
        return drawn;
      }
      if (this.finished || this.neverStarted()) return undefined;
      this.sleep();
    }
  }

  /**
   * Blocks until the worker is done, passing its progress on. False when it never started
   * (the caller then runs its steps itself).
   */
  wait(): boolean {
    for (;;) {
      this.poll();
      if (this.finished) return true;
      if (this.neverStarted()) {
        this.abandon();
        return false;
      }
      this.sleep();
    }
  }

  private neverStarted(): boolean {
    return !this.started && performance.now() - this.createdAt > START_TIMEOUT_MS;
  }

  /** Until the worker says something (or a while, to look at the time again). */
  private sleep(): void {
    Atomics.wait(this.signal, 0, this.seen, 200);
    this.seen = Atomics.load(this.signal, 0);
  }

  /** Stops the worker (after failure elsewhere) and removes its file. */
  abandon(): void {
    void this.worker.terminate();
    rmSync(this.work.file, { force: true });
  }

  /**
   * Copies the worker's tables into the universe and removes its file. A full-text table is
   * created afresh and its shadow tables (its index) are copied over the empty ones: SQLite
   * lets a connection write them only outside its defensive mode, which is left for the copy
   * alone.
   */
  mergeInto(db: Database.Database): void {
    db.prepare('ATTACH ? AS lane').run(this.work.file);
    try {
      const copied = new Set(this.work.copies.map((copy) => copy.table));
      // A table's kind: 'table', 'virtual' (full-text) or 'shadow' (a virtual table's storage).
      const kinds = new Map(
        (db.prepare('PRAGMA lane.table_list').all() as { name: string; type: string }[]).map((table) => [
          table.name,
          table.type,
        ]),
      );
      const objects = db
        .prepare(
          "SELECT type, name, tbl_name AS tableName, sql FROM lane.sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%'",
        )
        .all() as { type: string; name: string; tableName: string; sql: string }[];
      const kept = objects.filter((object) => !copied.has(object.tableName));
      const tables = kept.filter((o) => o.type === 'table').map((o) => o.name);
      // Tables and their indexes first, then the rows: SQLite then copies b-trees whole.
      for (const object of kept.filter((o) => o.type === 'table' && kinds.get(o.name) !== 'shadow'))
        db.exec(object.sql);
      for (const object of kept.filter((o) => o.type === 'index')) db.exec(object.sql);
      for (const table of tables.filter((name) => kinds.get(name) === 'table'))
        db.exec(`INSERT INTO main."${table}" SELECT * FROM lane."${table}"`);
      copyShadowTables(
        db,
        tables.filter((name) => kinds.get(name) === 'shadow'),
      );
      copyStatistics(db, tables);
    } finally {
      db.exec('DETACH lane');
      // Deleting a file of some hundreds of megabytes can take most of a second (a disk that
      // discards freed blocks): done on libuv's threads, which the process waits for before
      // it exits; a file left by a crash is pruned later (universeCache.ts).
      rm(this.work.file, { force: true }, () => undefined);
    }
  }
}

/** Replaces the rows of the universe's shadow tables `tables` with the worker's. */
function copyShadowTables(db: Database.Database, tables: readonly string[]): void {
  if (tables.length === 0) return;
  db.unsafeMode(true);
  try {
    for (const table of tables) {
      db.exec(`DELETE FROM main."${table}"`);
      db.exec(`INSERT INTO main."${table}" SELECT * FROM lane."${table}"`);
    }
  } finally {
    db.unsafeMode(false);
  }
}

/**
 * The worker's statistics of `tables` (its ANALYZE: the same rows give the same statistics),
 * for the planner tables the universe has by now; those it lacks are gathered at the end.
 */
function copyStatistics(db: Database.Database, tables: readonly string[]): void {
  const has = (schema: string, table: string) =>
    db.prepare(`SELECT 1 FROM ${schema}.sqlite_master WHERE type = 'table' AND name = ?`).get(table) !==
    undefined;
  for (const statistics of ['sqlite_stat1', 'sqlite_stat4'])
    if (has('main', statistics) && has('lane', statistics))
      db.prepare(
        `INSERT INTO main.${statistics} SELECT * FROM lane.${statistics} WHERE tbl IN (SELECT value FROM json_each(?))`,
      ).run(JSON.stringify(tables));
}

/** Copies the rows the worker reads into its database (`file`, created). */
function copyInputs(db: Database.Database, file: string, copies: readonly TableCopy[]): void {
  db.prepare('ATTACH ? AS lane').run(file);
  try {
    // The universe's page size (UNIVERSE_PAGE_SIZE), set before the first table.
    db.pragma(`lane.page_size = ${Number(db.pragma('main.page_size', { simple: true }))}`);
    for (const copy of copies) {
      db.exec(`CREATE TABLE lane."${copy.table}" (${copy.columns}, PRIMARY KEY (${copy.primaryKey}))`);
      const names = copy.columns
        .split(',')
        .map((column) => column.trim().split(/\s+/)[0])
        .join(', ');
      db.exec(
        `INSERT INTO lane."${copy.table}" SELECT ${names} FROM main."${copy.table}" WHERE ${copy.where}`,
      );
    }
  } finally {
    db.exec('DETACH lane');
  }
}

/** How a generation splits its steps: those the main thread runs, and the worker's. */
export interface LanePlan {
  parallel: GenerationStep[];
  /** Index of the step after which the worker can start. */
  startAfter: number;
  /** Index of the first main-thread step that needs the worker's tables. */
  mergeBefore: number;
  copies: TableCopy[];
  draws: string[];
  lists: string[] | undefined;
}

/** Splits `steps` into lanes, or undefined when none runs in parallel. */
export function planLanes(steps: readonly GenerationStep[]): LanePlan | undefined {
  const parallel = steps.filter((step) => step.parallel);
  if (parallel.length === 0) return undefined;
  const indexOf = (name: string) => {
    const index = steps.findIndex((step) => step.name === name);
    if (index < 0) throw new Error(`A parallel step waits for "${name}", which is not a step`);
    return index;
  };
  const startAfter = Math.max(...parallel.map((step) => indexOf(step.parallel!.after)));
  const lastParallel = Math.max(...parallel.map((step) => steps.indexOf(step)));
  const firstAfter = steps.findIndex((step, index) => index > lastParallel && !step.parallel);
  const copies = parallel.flatMap((step) => step.parallel!.reads ?? []);
  const draws = [...new Set(parallel.flatMap((step) => step.parallel!.draws ?? []))].sort(
    (a, b) => indexOf(a) - indexOf(b),
  );
  checkDraws(steps, draws.map(indexOf), startAfter, copies);
  // Listed only what some step reads: all of them as soon as one step does not say.
  const drawing = parallel.filter((step) => step.parallel!.draws?.length);
  const lists = drawing.every((step) => step.parallel!.lists)
    ? [...new Set(drawing.flatMap((step) => step.parallel!.lists!))]
    : undefined;
  return {
    parallel,
    startAfter,
    mergeBefore: firstAfter < 0 ? steps.length : firstAfter,
    copies,
    draws,
    lists,
  };
}

/**
 * The worker's copy of `instruments` stays what the universe holds as each drawn step starts
 * only if every main-thread step between the worker's start and the last drawn one is drawn
 * too, and each lists its instruments.
 */
function checkDraws(
  steps: readonly GenerationStep[],
  drawn: number[],
  startAfter: number,
  copies: readonly TableCopy[],
): void {
  if (drawn.length === 0) return;
  if (!copies.some((copy) => copy.table === 'instruments'))
    throw new Error('A parallel step draws instruments but copies no `instruments` table');
  for (let index = startAfter + 1; index <= Math.max(...drawn); index++) {
    const step = steps[index]!;
    if (step.parallel) continue;
    if (!drawn.includes(index) || !step.listDraws)
      throw new Error(`The worker starts before "${step.name}" but cannot list its instruments`);
  }
  for (const index of drawn)
    if (index <= startAfter) throw new Error(`"${steps[index]!.name}" has run before the worker starts`);
}
