/**
 * The worker thread that rolls the cached universe to its day while the app loads
 * (main/app/earlyUniverseRoll.ts): it says what it rolled, then keeps its connection open until
 * told to close, so that closing it never is the last close (which would copy the roll's pages
 * into the file and sync it on the way to READY).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { generationSteps } from './steps';
import { rollCachedUniverse, type Scale } from './universe';

/** What the app hands the worker: the universe Settings name, and the day to roll it to. */
export interface UniverseRollWork {
  cacheDir: string;
  scale: Scale;
  seed: number;
  /** yyyy-mm-dd */
  day: string;
}

/** What the worker answers, once. */
export type UniverseRollAnswer = { type: 'rolled'; from?: string } | { type: 'failed'; message: string };

const work = workerData as UniverseRollWork;
const port = parentPort!;
let opened: ReturnType<typeof rollCachedUniverse>;
try {
  opened = rollCachedUniverse({
    cacheDir: work.cacheDir,
    scale: work.scale,
    seed: work.seed,
    asOf: new Date(`${work.day}T00:00:00Z`),
    steps: generationSteps,
  });
  const answer: UniverseRollAnswer = { type: 'rolled', ...(opened?.rolledFrom ? { from: opened.rolledFrom } : {}) };
  port.postMessage(answer);
} catch (error) {
  port.postMessage({ type: 'failed', message: (error as Error).message } satisfies UniverseRollAnswer);
}
// Any message means: the simulator has its own connection now (or will not open one).
port.once('message', () => opened?.db.close());
