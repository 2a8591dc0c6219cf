/**
 * Silent re-authentication in Chromium, as a browser app of another team uses it: a page on
 * another origin signs in once on the simulator's login page, then renews its token through a
 * hidden iframe with `prompt=none` (no login page, no top-level navigation); after signing out
 * at the authorization server the same renewal answers `login_required`.
 */
import { expect, test } from '@playwright/test';
import type { SimulatorInfo } from '../../main/simulator/server';
import { PARTNER_APP, startBrowserApp, type BrowserApp } from '../support/browserApps';
import type { ReadyProcess } from '../support/simulatorProcess';
import { startStandaloneSimulator } from '../support/standaloneSimulator';
import { PartnerAppPage } from './pages/PartnerAppPage';

let simulator: ReadyProcess<SimulatorInfo>;
let app: BrowserApp;

test.beforeAll(async () => {
  simulator = await startStandaloneSimulator();
  app = await startBrowserApp(PARTNER_APP, { authUrl: simulator.ready.authUrl, appKey: simulator.ready.appKey });
});

test.afterAll(async () => {
  await app?.close();
  await simulator?.stop();
});

test('a page on another origin renews its token through a hidden iframe until it signs out at the authorization server', async ({ page }) => {
  const { authUrl, baseUrl, username, password } = simulator.ready;
  expect(new URL(app.origin).origin).not.toBe(new URL(authUrl).origin);
  const authorizeRequests: URL[] = [];
  page.on('request', (request) => {
    if (request.method() === 'GET' && request.url().startsWith(`${authUrl}/authorize`)) authorizeRequests.push(new URL(request.url()));
  });
  const apiStatus = async (token: string | null) =>
    (await fetch(`${baseUrl}/ref/v1/countries`, { headers: { authorization: `Bearer ${String(token)}` } })).status;

  const partner = new PartnerAppPage(page);
  await page.goto(app.url);
  await partner.signIn({ username, password });
  const first = await partner.token();
  expect(await apiStatus(first)).toBe(200);

  for (let renewal = 1; renewal <= 2; renewal += 1) {
    const before = await partner.token();
    expect(await partner.renewSilently()).toBe('Renewed');
    const renewed = await partner.token();
    expect(renewed).not.toBe(before);
    expect(await apiStatus(renewed)).toBe(200);
  }
  // The login page was shown once, at the top level; each renewal asked with prompt=none in the iframe.
  expect(authorizeRequests.map((url) => url.searchParams.get('prompt'))).toEqual([null, 'none', 'none']);
  expect(page.url()).toBe(app.url);

  await partner.signOut();
  expect(await partner.renewSilently()).toBe('Renewal failed: login_required');
  expect(await partner.token()).toBeNull();
});
