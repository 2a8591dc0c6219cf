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
  /** yyyy-mm-dd; absent: today, as the simulator takes it. */
  asOf?: string;
}

/** What the worker answers, once: the day it rolled to and from which, or that there was nothing to roll (or no cached universe). */
export type UniverseRollAnswer =
  | { type: 'rolled'; day: string; from: string }
  | { type: 'unchanged' }
  | { type: 'missing' }
  | { type: 'failed'; message: string };

const work = workerData as UniverseRollWork;
const port = parentPort!;
let opened: ReturnType<typeof rollCachedUniverse>;
try {
  opened = rollCachedUniverse({
    cacheDir: work.cacheDir,
    scale: work.scale,
    seed: work.seed,
    ...(work.asOf !== undefined ? { asOf: new Date(`${work.asOf}T00:00:00Z`) } : {}),
    steps: generationSteps,
  });
  const answer: UniverseRollAnswer = !opened
    ? { type: 'missing' }
    : opened.rolledFrom
      ? { type: 'rolled', day: opened.day, from: opened.rolledFrom }
      : { type: 'unchanged' };
  port.postMessage(answer);
} catch (error) {
  port.postMessage({ type: 'failed', message: (error as Error).message } satisfies UniverseRollAnswer);
}
// Any message means: the simulator has its own connection now (or will not open one).
port.once('message', () => opened?.db.close());
