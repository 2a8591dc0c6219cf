/**
 * CORS in a real browser: a page on another origin (another port) signs in at the standalone
 * simulator with the implicit flow and with code + PKCE, then reads the API with fetch. Nothing
 * is intercepted: Chromium itself checks every preflight and answer.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test, expect } from '@playwright/test';
import type { SimulatorInfo } from '../../main/simulator/server';
import { startApiBrowserApp, type ApiBrowserApp } from '../support/apiBrowserApp';
import { generatorFingerprint } from '../support/generatorFingerprint';
import { startReadyProcess, type ReadyProcess } from '../support/simulatorProcess';
import { ApiBrowserAppPage } from './pages/ApiBrowserAppPage';

/** The small universe's cache of the end-to-end tests that start a standalone simulator (shared with silentSignIn.spec.ts). */
const SMALL_UNIVERSE_CACHE_DIR = path.join(tmpdir(), 'refdesk-e2e-small-universe-cache', generatorFingerprint());

/** The built standalone simulator (`npm run build` first), small scale, with `extraArgs`. */
async function startSimulator(extraArgs: string[] = []): Promise<ReadyProcess<SimulatorInfo>> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'refdesk-e2e-cors-'));
  return startReadyProcess<SimulatorInfo>(
    process.execPath,
    ['out/main/simulator.js', '--port', '0', '--scale', 'small', '--cache-dir', SMALL_UNIVERSE_CACHE_DIR, '--data-dir', dataDir, ...extraArgs],
    { timeoutMs: 60_000 },
  );
}

test.describe('a browser app on another origin', () => {
  let simulator: ReadyProcess<SimulatorInfo>;
  let app: ApiBrowserApp;

  test.beforeAll(async () => {
    simulator = await startSimulator();
    const { authUrl, baseUrl, appKey } = simulator.ready;
    app = await startApiBrowserApp({ authUrl, baseUrl, appKey });
    expect(new URL(app.origin).port).not.toBe(new URL(baseUrl).port);
  });
  test.afterAll(async () => {
    await app.close();
    await simulator.stop();
  });

  for (const flow of ['implicit', 'code + PKCE'] as const) {
    test(`signs in with the ${flow} flow and searches, reads details and events with fetch`, async ({ page }) => {
      const browserApp = new ApiBrowserAppPage(page);
      await browserApp.open(app.url);
      await browserApp.signIn(flow === 'implicit' ? browserApp.implicitSignIn : browserApp.pkceSignIn, simulator.ready);
      await expect(browserApp.state).toHaveText(`Signed in with ${flow}; API read`, { timeout: 15_000 });
      await expect(browserApp.search).toHaveText(/^200: \d+ found, Apple Inc\. is uic 211$/);
      // An exposed header: the page can read how many requests its session has left.
      await expect(browserApp.rateLimit).toHaveText(/^\d+$/);
      await expect(browserApp.details).toHaveText(/^200: Apple Inc\. \(AAPL:xnas\), XNAS$/);
      await expect(browserApp.events).toHaveText(/^200: 5 of \d+, first [A-Z]{4} \S/);
      // A 401 is readable across origins too, WWW-Authenticate included.
      await expect(browserApp.anonymous).toHaveText('401 Bearer realm="refdesk-simulator"');
      // The login page answers no cross-origin read: Chromium blocks it.
      await expect(browserApp.loginPage).toHaveText('blocked: TypeError');
    });
  }
});

test.describe('a browser app on an origin --cors-origins does not list', () => {
  let simulator: ReadyProcess<SimulatorInfo>;
  let app: ApiBrowserApp;

  test.beforeAll(async () => {
    simulator = await startSimulator(['--cors-origins', 'http://localhost:1']);
    const { authUrl, baseUrl, appKey } = simulator.ready;
    app = await startApiBrowserApp({ authUrl, baseUrl, appKey });
  });
  test.afterAll(async () => {
    await app.close();
    await simulator.stop();
  });

  test('signs in, but Chromium withholds the token answer from it', async ({ page }) => {
    const browserApp = new ApiBrowserAppPage(page);
    await browserApp.open(app.url);
    await browserApp.signIn(browserApp.pkceSignIn, simulator.ready);
    await expect(browserApp.state).toHaveText(/^Failed: TypeError: Failed to fetch/, { timeout: 15_000 });
  });
});
