/**
 * CORS in a real browser: a page on another origin (another port) signs in at the standalone
 * simulator with the implicit flow and with code + PKCE, then reads the API with fetch. Nothing
 * is intercepted: Chromium itself checks every preflight and answer.
 */
import { test, expect } from '@playwright/test';
import type { SimulatorInfo } from '../../main/simulator/server';
import { API_BROWSER_APP, startBrowserApp, type BrowserApp } from '../support/browserApps';
import type { ReadyProcess } from '../support/simulatorProcess';
import { startStandaloneSimulator } from '../support/standaloneSimulator';
import { ApiBrowserAppPage } from './pages/ApiBrowserAppPage';

test.describe('a browser app on another origin', () => {
  let simulator: ReadyProcess<SimulatorInfo>;
  let app: BrowserApp;

  test.beforeAll(async () => {
    simulator = await startStandaloneSimulator();
    const { authUrl, baseUrl, appKey } = simulator.ready;
    app = await startBrowserApp(API_BROWSER_APP, { authUrl, baseUrl, appKey });
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
      await expect(browserApp.details).toHaveText(/^200: Apple Inc\. \(AAPL:xnas\), NASDAQ$/);
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
  let app: BrowserApp;

  test.beforeAll(async () => {
    simulator = await startStandaloneSimulator({ extraArgs: ['--cors-origins', 'http://localhost:1'] });
    const { authUrl, baseUrl, appKey } = simulator.ready;
    app = await startBrowserApp(API_BROWSER_APP, { authUrl, baseUrl, appKey });
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
