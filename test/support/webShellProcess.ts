/**
 * The built web shell (with its embedded simulator) as a child process, started exactly as
 * `npm start -- --web` runs it: what the end-to-end tests drive. Run `npm run build` first.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_SETTINGS, type DeskSettings } from '../../contract/settings';
import { DEMO_APP, DEMO_USER } from '../../main/simulator/data/accounts/demo';
import { generatorFingerprint } from './generatorFingerprint';
import { startReadyProcess, type ReadyProcess } from './simulatorProcess';

export interface WebShellReady {
  url: string;
  origin: string;
  /** The embedded simulator, with the demo credentials and the demo app it accepts. */
  simulator: {
    baseUrl: string;
    authUrl: string;
    username: string;
    password: string;
    userId: string;
    appKey: string;
    appSecret: string;
  };
}

/** What the web shell's READY line prints: the embedded simulator without the demo password and AppSecret (15.5). */
export type PrintedWebShellReady = Omit<WebShellReady, 'simulator'> & {
  simulator: Omit<WebShellReady['simulator'], 'password' | 'appSecret'> & Record<string, unknown>;
};

/** A web shell process: the READY line as printed, its data folder, and the demo secrets the README documents. */
export interface WebShellProcess extends ReadyProcess<WebShellReady> {
  printed: PrintedWebShellReady;
  dataDir: string;
}

/**
 * The e2e runs' own universe cache: generated once a day per generator version, never mixed
 * with the user's, and keyed by the generator's sources like the Vitest cache.
 */
export const E2E_CACHE_DIR = path.join(tmpdir(), 'refdesk-e2e-universe-cache', generatorFingerprint());

/**
 * Starts the built web shell (extra arguments, e.g. `--token-ttl`) on a new data folder, or on
 * `dataDir` (a restart finds what the shell kept there); `--no-open` unless `open` (then `env`
 * says which display and browser it finds).
 */
export async function startWebShellProcess(
  extraArgs: string[] = [],
  options: { open?: boolean; env?: NodeJS.ProcessEnv; dataDir?: string } = {},
): Promise<WebShellProcess> {
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'refdesk-e2e-')));
  const shell = await startReadyProcess<PrintedWebShellReady>(
    process.execPath,
    ['out/main/web.js', ...(options.open ? [] : ['--no-open']), ...extraArgs],
    {
      env: { REFDESK_DATA_DIR: dataDir, REFDESK_CACHE_DIR: E2E_CACHE_DIR, ...options.env },
      // A cold cache means generating the default universe first (about 20 s on the build machines).
      timeoutMs: 90_000,
    },
  );
  const printed = shell.ready;
  // The README's demo credentials: the READY line no longer prints them.
  const ready: WebShellReady = {
    ...printed,
    simulator: { ...printed.simulator, password: DEMO_USER.password, appSecret: DEMO_APP.appSecret },
  };
  return { ...shell, ready, printed, dataDir };
}

/**
 * Starts the web shell on a new data folder whose settings.json sets the embedded simulator
 * (scale, day, market time…) over the defaults: a spec's own simulated world.
 */
export async function startWebShellWithSimulator(
  simulator: Partial<DeskSettings['simulator']>,
  folderPrefix = 'refdesk-e2e-',
): Promise<WebShellProcess> {
  const dataDir = await mkdtemp(path.join(tmpdir(), folderPrefix));
  const settings: DeskSettings = {
    ...DEFAULT_SETTINGS,
    simulator: { ...DEFAULT_SETTINGS.simulator, ...simulator },
  };
  await writeFile(path.join(dataDir, 'settings.json'), JSON.stringify(settings));
  return startWebShellProcess([], { dataDir });
}

/**
 * Starts the built web shell on a new data folder and cache folder of its own (so its embedded
 * simulator generates the small universe first: a first start) and resolves at its LISTENING
 * line, while that generation may still be to come; READY follows in `stdout()`.
 */
export async function startWebShellGenerating(): Promise<ReadyProcess<{ url: string; origin: string }>> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'refdesk-e2e-'));
  const cacheDir = await mkdtemp(path.join(tmpdir(), 'refdesk-e2e-fresh-cache-'));
  const settings: DeskSettings = { ...DEFAULT_SETTINGS, simulator: { ...DEFAULT_SETTINGS.simulator, scale: 'small' } };
  await writeFile(path.join(dataDir, 'settings.json'), JSON.stringify(settings));
  return startReadyProcess(process.execPath, ['out/main/web.js', '--no-open'], {
    env: { REFDESK_DATA_DIR: dataDir, REFDESK_CACHE_DIR: cacheDir },
    line: 'LISTENING',
  });
}
