/**
 * Playwright fixtures: a web shell (with its embedded simulator) per worker, started from the
 * built bundle exactly as `npm start -- --web` runs it, and a page signed into it.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base, type Page } from '@playwright/test';
import { DEMO_APP, DEMO_USER } from '../../main/simulator/data/book/demo';
import { generatorFingerprint } from '../support/generatorFingerprint';
import { startReadyProcess, type ReadyProcess } from '../support/simulatorProcess';
import { SignInPage } from './pages/SignInPage';

export interface WebShellReady {
  url: string;
  origin: string;
  /** The embedded simulator, with the demo credentials and the demo app it accepts. */
  simulator: { baseUrl: string; authUrl: string; username: string; password: string; userId: string; appKey: string; appSecret: string };
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
 * Starts the built web shell with its own data folder (extra arguments, e.g. `--token-ttl`);
 * `--no-open` unless `open` (then `env` says which display and browser it finds).
 */
export async function startWebShellProcess(
  extraArgs: string[] = [],
  options: { open?: boolean; env?: NodeJS.ProcessEnv } = {},
): Promise<WebShellProcess> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'refdesk-e2e-'));
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
  const ready: WebShellReady = { ...printed, simulator: { ...printed.simulator, password: DEMO_USER.password, appSecret: DEMO_APP.appSecret } };
  return { ...shell, ready, printed, dataDir };
}

export const test = base.extend<{ deskPage: Page }, { webShell: WebShellProcess }>({
  webShell: [
    // Playwright reads a fixture's dependencies from its first parameter, which must be a pattern.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const shell = await startWebShellProcess();
      await use(shell);
      await shell.stop();
    },
    { scope: 'worker' },
  ],
  /** A page of the web shell, signed in as the demo user through the simulator's login page. */
  deskPage: async ({ page, webShell }, use) => {
    const { username, password } = webShell.ready.simulator;
    const signIn = await SignInPage.openSignedOut(page, webShell.ready.url);
    await signIn.signIn({ username, password });
    await use(page);
  },
});

export { expect } from '@playwright/test';

/** Saves a screenshot under reports/screenshots (Playwright empties its own output folder). */
export async function keepScreenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join('reports', 'screenshots', `${name}.png`), fullPage: true });
}
