/**
 * The worker thread of a two-lane generation (universeLanes.ts): in its own database, which
 * holds the tables its steps read as the main thread copied them from the universe, it lists
 * the instruments of the steps it does not wait for, runs its steps, and reports progress and
 * completion through its port, bumping the shared counter the main thread waits on after
 * every message.
 */
import { workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { randomStream } from './random';
import { generationSteps } from './steps';
import type { GenerationContext, StepDraws } from './universe';
import { analyzeTables, tuneForGeneration } from './universeBuild';
import type { LaneMessage, LaneWork } from './universeLanes';

const work = workerData as LaneWork;

function say(message: LaneMessage, transfer: ArrayBuffer[] = []): void {
  work.port.postMessage(message, transfer);
  Atomics.add(work.signal, 0, 1);
  Atomics.notify(work.signal, 0);
}

/**
 * The instruments of the steps the worker does not wait for, listed into its copy of
 * `instruments` in step order, as the main thread writes them into the universe; then only
 * the rows the copy takes. Only the asset types its steps read are listed (LaneWork.lists).
 * Every step is drawn first, against the copy as the worker started (StepDraws says why that
 * gives the same draws); those that hand their draws over before the others, each handed over
 * at once: the main thread, writing the steps before it meanwhile, is about to wait for them
 * (at the large scale it waited 0.77 s for the shares while the bonds were drawn first).
 */
function drawInstruments(db: Database.Database, context: GenerationContext): void {
  if (work.draws.length === 0) return;
  const insert = db.prepare(
    'INSERT INTO main.instruments (uic, asset_type, symbol, description, isin, currency, exchange_id, mic) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const steps = work.draws.map((name) => {
    const step = generationSteps.find((candidate) => candidate.name === name);
    if (!step?.listDraws) throw new Error(`No instruments to list of step "${name}"`);
    return step;
  });
  const drawn = new Map<string, StepDraws>();
  for (const step of [...steps.filter((s) => s.handsOverDraws), ...steps.filter((s) => !s.handsOverDraws)]) {
    const draws = step.listDraws!(context);
    const { handOver } = draws;
    if (handOver) say({ type: 'drawn', step: step.name, drawn: handOver.message }, handOver.transfer);
    drawn.set(step.name, draws);
  }
  const listed = work.lists ? new Set(work.lists) : undefined;
  for (const step of steps)
    db.transaction(() => {
      for (const i of drawn.get(step.name)!.listed)
        if (!listed || listed.has(i.assetType))
          insert.run(
            i.uic,
            i.assetType,
            i.symbol,
            i.description,
            i.isin ?? null,
            i.currency,
            i.exchangeId ?? null,
            i.mic ?? null,
          );
    })();
  const copy = work.copies.find((candidate) => candidate.table === 'instruments')!;
  db.exec(`DELETE FROM main.instruments WHERE NOT (${copy.where})`);
}

try {
  say({ type: 'started' });
  const db = new Database(work.file);
  // Private and thrown away on failure, like the universe file itself.
  tuneForGeneration(db);

  let current = '';
  let lastProgress = 0;
  const context: GenerationContext = {
    db,
    seed: work.seed,
    scale: work.scale,
    asOf: new Date(`${work.asOf}T00:00:00Z`),
    random: (name) => randomStream(work.seed, name),
    advance: (done, total) => {
      // A few reports a second are enough for a progress bar.
      if (performance.now() - lastProgress < 100 && done < total) return;
      lastProgress = performance.now();
      say({ type: 'progress', step: current, done, total });
    },
  };
  drawInstruments(db, context);
  for (const name of work.steps) {
    const step = generationSteps.find((candidate) => candidate.name === name);
    if (!step) throw new Error(`No generation step "${name}"`);
    current = name;
    // Said at once: the main thread, once waiting, shows the step the worker is on.
    say({ type: 'progress', step: name, done: 0, total: 1 });
    db.transaction(() => step.run(context))();
    say({ type: 'stepDone', step: name });
  }
  // The planner's statistics of the worker's tables, gathered here while the main thread is
  // still busy; they join the universe with the tables (Lane.mergeInto). Not of the copies,
  // which stay behind.
  const copied = new Set(work.copies.map((copy) => copy.table));
  analyzeTables(db, (table) => copied.has(table));
  db.close();
  say({ type: 'done' });
} catch (error) {
  say({ type: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
}
