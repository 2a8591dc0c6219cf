/**
 * `npm run simulator -- --port 0`: the simulator on its own, for other clients and tests.
 * Prints `READY {json}` once listening; stops cleanly on SIGINT/SIGTERM.
 */
import { closeOnSignals, parseCommandLine, parsePort, printReady, runCommand, UsageError } from '../core/cli';
import { SCALES, type Scale } from './data/universe';
import { DEFAULT_SEED, startSimulator } from './server';

function parseScale(value: string | undefined): Scale {
  if (value === undefined) return 'default';
  if (!(SCALES as readonly string[]).includes(value)) throw new UsageError(`--scale must be one of ${SCALES.join(', ')} (got "${value}")`);
  return value as Scale;
}

function parseSeed(value: string | undefined): number {
  if (value === undefined) return DEFAULT_SEED;
  if (!/^\d{1,9}$/.test(value)) throw new UsageError(`--seed must be a whole number up to 9 digits (got "${value}")`);
  return Number(value);
}

runCommand(async () => {
  const { values } = parseCommandLine(process.argv.slice(2), {
    port: { type: 'string' },
    scale: { type: 'string' },
    seed: { type: 'string' },
    'cache-dir': { type: 'string' },
    regenerate: { type: 'boolean' },
    verbose: { type: 'boolean' },
  });
  const simulator = await startSimulator({
    port: parsePort(values.port, 0),
    scale: parseScale(values.scale),
    seed: parseSeed(values.seed),
    ...(values['cache-dir'] ? { cacheDir: values['cache-dir'] } : {}),
    regenerate: values.regenerate ?? false,
    logRequests: values.verbose ?? false,
  });
  printReady(simulator.info);
  closeOnSignals(() => simulator.close());
});
