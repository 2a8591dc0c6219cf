/**
 * The worker thread of a two-lane generation (universeLanes.ts): copies the tables its steps
 * read from the universe being generated, runs the steps into its own database, and reports
 * progress and completion through its port, bumping the shared counter the main thread waits
 * on after every message.
 */
import { workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { randomStream } from './random';
import { generationSteps } from './steps';
import type { GenerationContext } from './universe';
import type { LaneMessage, LaneWork } from './universeLanes';

const work = workerData as LaneWork;

function say(message: LaneMessage): void {
  work.port.postMessage(message);
  Atomics.add(work.signal, 0, 1);
  Atomics.notify(work.signal, 0);
}

try {
  say({ type: 'started' });
  const db = new Database(work.file);
  // Private and thrown away on failure, like the universe file itself.
  db.pragma('journal_mode = OFF');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -262144');
  db.pragma('temp_store = MEMORY');
  // The main thread commits step by step; a copy waits for a commit rather than fail.
  db.pragma('busy_timeout = 600000');
  db.prepare('ATTACH ? AS universe').run(work.universeFile);
  for (const copy of work.copies) {
    db.exec(`CREATE TABLE main."${copy.table}" (${copy.columns}, PRIMARY KEY (${copy.primaryKey}))`);
    const names = copy.columns
      .split(',')
      .map((column) => column.trim().split(/\s+/)[0])
      .join(', ');
    db.exec(
      `INSERT INTO main."${copy.table}" SELECT ${names} FROM universe."${copy.table}" WHERE ${copy.where}`,
    );
  }
  db.exec('DETACH universe');

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
  for (const name of work.steps) {
    const step = generationSteps.find((candidate) => candidate.name === name);
    if (!step) throw new Error(`No generation step "${name}"`);
    current = name;
    db.transaction(() => step.run(context))();
    say({ type: 'stepDone', step: name });
  }
  for (const copy of work.copies) db.exec(`DROP TABLE main."${copy.table}"`);
  db.close();
  say({ type: 'done' });
} catch (error) {
  say({ type: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
}
