/**
 * The first start of a new day rolls the cached universe to the day (0.3 s at the default
 * scale, 1.5 s at the large). Started here, first thing, in a worker thread, the roll runs on the
 * other core while the app loads its modules (startEarlyWork.ts), instead of after them; the
 * simulator then finds the day rolled. Only the simulator part of settings.json is read, without
 * changing anything: an unreadable file means the defaults, as it does for the app, whose own
 * read reports the problem.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_SETTINGS, type SimulatorSettings } from '../../contract/settings';
import { SETTINGS_FILE_NAME, simulatorSettingsOf } from '../core/settings/settingsFile';
import { simulatorCacheDir, userDataDir } from '../node/paths';
import { startUniverseRoll, type EarlyUniverseRoll } from '../simulator/data/universeRollEarly';
import type { UniverseRollWork } from '../simulator/data/universeRollWorker';

export type { EarlyUniverseRoll };

/** The simulator settings the app will start with, as far as a read that changes nothing can tell. */
function simulatorSettings(dataDir: string): SimulatorSettings {
  try {
    return simulatorSettingsOf(JSON.parse(readFileSync(path.join(dataDir, SETTINGS_FILE_NAME), 'utf8')));
  } catch {
    return DEFAULT_SETTINGS.simulator;
  }
}

/** Starts rolling the embedded simulator's cached universe to its day in a worker thread. */
export function startEarlyUniverseRoll(): EarlyUniverseRoll {
  const settings = simulatorSettings(userDataDir());
  const work: UniverseRollWork = {
    cacheDir: simulatorCacheDir(),
    scale: settings.scale,
    seed: settings.seed,
    ...(settings.asOf !== undefined ? { asOf: settings.asOf } : {}),
  };
  return startUniverseRoll(work);
}
