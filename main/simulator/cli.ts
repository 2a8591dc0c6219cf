/**
 * `npm run simulator -- --port 0`: the simulator on its own, for other clients and tests.
 * Prints `READY {json}` once listening; stops cleanly on SIGINT/SIGTERM. While it generates or
 * rolls its universe it draws a progress bar on stderr (on a terminal, or with `--progress`).
 *
 * This file reads the arguments and starts a new day's roll of the cached universe in a worker
 * thread before it loads the simulator (cliRun.ts and what it imports: some hundreds of ms), so
 * the two go on at once, as the app's entries do (main/app/startEarlyWork.ts). It imports
 * nothing heavy, or the point is lost.
 */
import { parseCommandLine, runCommand, type CommandOptions, type CommandValues } from '../node/cli';
import { simulatorCacheDir } from '../node/paths';
import { DEFAULT_SEED, parseAsOf, SCALES, type Scale } from './data/universeChoice';
import { NO_EARLY_ROLL, startUniverseRoll, type EarlyUniverseRoll } from './data/universeRollEarly';

export const SIMULATOR_OPTIONS = {
  port: { type: 'string' },
  scale: { type: 'string' },
  seed: { type: 'string' },
  'cache-dir': { type: 'string' },
  regenerate: { type: 'boolean' },
  'as-of': { type: 'string' },
  'market-time': { type: 'string' },
  progress: { type: 'boolean' },
  verbose: { type: 'boolean' },
  'data-dir': { type: 'string' },
  'keep-identity': { type: 'boolean' },
  'token-ttl': { type: 'string' },
  'refresh-token-ttl': { type: 'string' },
  'login-session-ttl': { type: 'string' },
  'rate-limit': { type: 'string' },
  'rate-limit-search': { type: 'string' },
  'rate-limit-app-day': { type: 'string' },
  'cors-origins': { type: 'string' },
  'strict-oauth': { type: 'boolean' },
} as const satisfies CommandOptions;

/**
 * The roll of the day the arguments name, begun now; none when they ask for a new universe or
 * name one oddly (the full checks in cliRun.ts then say what is wrong).
 */
function earlyRoll(values: CommandValues<typeof SIMULATOR_OPTIONS>): EarlyUniverseRoll {
  if (values.regenerate) return NO_EARLY_ROLL;
  const scale = values.scale ?? 'default';
  const seed = values.seed ?? String(DEFAULT_SEED);
  if (!(SCALES as readonly string[]).includes(scale) || !/^\d{1,9}$/.test(seed)) return NO_EARLY_ROLL;
  try {
    if (values['as-of'] !== undefined) parseAsOf(values['as-of']);
  } catch {
    return NO_EARLY_ROLL;
  }
  return startUniverseRoll({
    cacheDir: simulatorCacheDir(values['cache-dir']),
    scale: scale as Scale,
    seed: Number(seed),
    ...(values['as-of'] !== undefined ? { asOf: values['as-of'] } : {}),
  });
}

runCommand(async () => {
  const { values } = parseCommandLine(process.argv.slice(2), SIMULATOR_OPTIONS);
  const early = earlyRoll(values);
  const { runSimulator } = await import('./cliRun');
  // The worker's connection closes once the simulator has opened its own (or failed to).
  await runSimulator(values, early).finally(() => early.release());
});
