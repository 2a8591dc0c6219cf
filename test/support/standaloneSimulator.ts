/**
 * The built standalone simulator (`npm run build` first; `npm run simulator` runs the same from
 * source) as a child process at small scale: the platform of the end-to-end tests that need one
 * of their own (a browser app on another origin, two desks, a service that goes away).
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SimulatorInfo } from '../../main/simulator/server';
import { generatorFingerprint } from './generatorFingerprint';
import { startReadyProcess, type ReadyProcess } from './simulatorProcess';

/** The small universe's cache of these simulators, keyed by the generator's sources. */
export const SMALL_UNIVERSE_CACHE_DIR = path.join(tmpdir(), 'refdesk-e2e-small-universe-cache', generatorFingerprint());

export interface StandaloneSimulatorOptions {
  /** Arguments added to the command line, e.g. `--cors-origins`. */
  extraArgs?: string[];
  /** The port to listen on (a restart comes back on the same one); any free port by default. */
  port?: number;
  /** Its data folder (a restart finds its state again); a new one by default. */
  dataDir?: string;
}

/** Starts the simulator and resolves with its READY line (demo credentials included). */
export async function startStandaloneSimulator(options: StandaloneSimulatorOptions = {}): Promise<ReadyProcess<SimulatorInfo>> {
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'refdesk-e2e-simulator-')));
  return startReadyProcess<SimulatorInfo>(
    process.execPath,
    [
      'out/main/simulator.js',
      ...['--port', String(options.port ?? 0), '--scale', 'small', '--cache-dir', SMALL_UNIVERSE_CACHE_DIR, '--data-dir', dataDir],
      ...(options.extraArgs ?? []),
    ],
    // A cold cache means generating the small universe first.
    { timeoutMs: 90_000 },
  );
}
