/**
 * A new day's roll of the cached universe, started in a worker thread before an entry point loads
 * the rest of the simulator (some hundreds of ms of module loading on the main thread), so that
 * the two run on both cores at once instead of one after the other; the simulator then finds
 * the day rolled. Used by the app's entries (main/app/earlyUniverseRoll.ts) and the standalone
 * simulator (cli.ts). Imports nothing heavy, or the point is lost.
 */
import type { Worker } from 'node:worker_threads';
import type { EarlierRoll } from './universe';
import { GENERATOR_VERSION, generationHolding, universeGenerations } from './universeCache';
import { startUniverseWorker } from './universeLanes';
import type { UniverseRollAnswer, UniverseRollWork } from './universeRollWorker';

/** A roll the worker made, and how long it took from the worker's start. */
export interface EarlyRollResult extends EarlierRoll {
  elapsedMs: number;
}

export interface EarlyUniverseRoll {
  /** The roll the worker made (undefined: nothing to roll, no cached universe, or it failed); never rejects. */
  result: Promise<EarlyRollResult | undefined>;
  /**
   * True when there is no cached universe of these settings: the start will generate one, on the
   * main thread, for seconds to minutes (false also when unknown); never rejects.
   */
  generationDue: Promise<boolean>;
  /** Lets the worker close its connection: call once the simulator has opened its own (or failed to). */
  release(): void;
}

/** No roll: what an entry hands on when it has none to start. */
export const NO_EARLY_ROLL: EarlyUniverseRoll = {
  result: Promise.resolve(undefined),
  generationDue: Promise.resolve(false),
  release: () => undefined,
};

/**
 * Starts rolling the cached universe `work` names to its day in a worker thread, unless a
 * universe file holds the day already (a warm start, or a new day prepared the day before,
 * universeAhead.ts): the worker's start then only cost the other core 60 ms beside the page's load.
 */
export function startUniverseRoll(work: UniverseRollWork): EarlyUniverseRoll {
  const day = work.asOf ?? new Date().toISOString().slice(0, 10);
  if (generationHolding(universeGenerations(work.cacheDir, GENERATOR_VERSION, work.scale, work.seed), day))
    return NO_EARLY_ROLL;
  let worker: Worker;
  const startedAt = performance.now();
  try {
    worker = startUniverseWorker('universe-roll-worker.js', 'universeRollWorker.ts', { workerData: work });
  } catch {
    return NO_EARLY_ROLL;
  }
  // It must never keep the process running, nor take it down: a failure only means the simulator rolls.
  worker.unref();
  worker.on('error', () => undefined);
  const answered = new Promise<UniverseRollAnswer | undefined>((resolve) => {
    worker.once('message', resolve);
    worker.once('error', () => resolve(undefined));
    worker.once('exit', () => resolve(undefined));
  });
  const result = answered.then((answer): EarlyRollResult | undefined =>
    answer?.type === 'rolled'
      ? { scale: work.scale, seed: work.seed, day: answer.day, from: answer.from, elapsedMs: performance.now() - startedAt }
      : undefined,
  );
  return {
    result,
    generationDue: answered.then((answer) => answer?.type === 'missing'),
    release: () => worker.postMessage('release'),
  };
}
