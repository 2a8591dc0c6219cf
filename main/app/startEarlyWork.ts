/**
 * What an entry point starts first thing, before it loads the rest of the app (a quarter of a
 * second of the main thread), so that it runs on the other core and the thread pool meanwhile
 * instead of after: a new day's roll of the cached universe (a worker thread,
 * earlyUniverseRoll.ts) and, on a first start, the simulator's signing key pair (rsaKeyPairs.ts);
 * later starts load the key the simulator kept (keptIdentityFile.ts) and make none.
 */
import { simulatorDataDir } from '../node/paths';
import { hasKeptIdentity } from '../simulator/auth/keptIdentityFile';
import { prepareRsaKeyPairs } from '../simulator/auth/rsaKeyPairs';
import { startEarlyUniverseRoll, type EarlyUniverseRoll } from './earlyUniverseRoll';

/** Starts the early work; the roll is the desk's to wait for (startDesk's `earlyUniverseRoll`). */
export function startEarlyWork(): EarlyUniverseRoll {
  const earlyUniverseRoll = startEarlyUniverseRoll();
  if (!hasKeptIdentity(simulatorDataDir())) prepareRsaKeyPairs(1);
  return earlyUniverseRoll;
}
