/**
 * What an entry point starts first thing, before it loads the rest of the app (a quarter of a
 * second of the main thread), so that it runs on the other core and the thread pool meanwhile
 * instead of after: a new day's roll of the cached universe (a worker thread,
 * earlyUniverseRoll.ts) and the simulator's signing key pair (rsaKeyPairs.ts).
 */
import { prepareRsaKeyPairs } from '../simulator/auth/rsaKeyPairs';
import { startEarlyUniverseRoll, type EarlyUniverseRoll } from './earlyUniverseRoll';

/** Starts the early work; the roll is the desk's to wait for (startDesk's `earlyUniverseRoll`). */
export function startEarlyWork(): EarlyUniverseRoll {
  const earlyUniverseRoll = startEarlyUniverseRoll();
  prepareRsaKeyPairs(1);
  return earlyUniverseRoll;
}
