import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ReferencePage } from './pages/ReferencePage';
import { SessionStatusBar } from './pages/SessionStatusBar';
import { SignInPage } from './pages/SignInPage';
import { storedSession } from '../support/secretLeaks';

interface Exchange {
  window: 'RefDesk' | 'login popup';
  channel: string;
  request: string;
  response: string;
}

/** Records every bridge call of the browser context (RefDesk's window and the login popup). */
async function recordBridge(page: Page, exchanges: Exchange[]): Promise<void> {
  await page.context().route('**/__desk/invoke/**', async (route) => {
    const request = route.request();
    const response = await route.fetch();
    exchanges.push({
      window: request.frame().page() === page ? 'RefDesk' : 'login popup',
      channel: decodeURIComponent(new URL(request.url()).pathname.slice('/__desk/invoke/'.length)),
      request: request.postData() ?? '',
      response: await response.text(),
    });
    await route.fulfill({ response });
  });
}

test('after sign-in no token is in any redirect, IPC payload, push event, storage or renderer state', async ({ page, webShell }) => {
  const signIn = await SignInPage.openSignedOut(page, webShell.ready.url);
  // Where the authorization server sends the browser back to: a code, never a token (15.2).
  const redirects: string[] = [];
  await page.context().route('**/auth/authorize', async (route) => {
    const response = await route.fetch({ maxRedirects: 0 });
    redirects.push(response.headers()['location'] ?? '');
    await route.fulfill({ response });
  });
  await page.evaluate(() => {
    const holder = window as unknown as {
      seenEvents: unknown[];
      desk: { on(event: string, listener: (payload: unknown) => void): () => void };
    };
    holder.seenEvents = [];
    for (const event of ['session:changed', 'session:expiring', 'connection:status']) {
      holder.desk.on(event, (payload) => holder.seenEvents.push({ event, payload }));
    }
  });
  const exchanges: Exchange[] = [];
  await recordBridge(page, exchanges);

  await signIn.signIn(webShell.ready.simulator);
  await expect(new SessionStatusBar(page).user).toContainText('Signed in as');
  const reference = new ReferencePage(page);
  await reference.open();
  await reference.filter.fill('Denmark');
  await expect(reference.countryRow('Denmark')).toHaveCount(1);

  // The token main received for the code, read where it is kept: the keychain (needs the keyring npm test unlocks).
  const issued = (await storedSession(webShell.ready.simulator.authUrl, 'code'))?.accessToken ?? '';
  expect(issued.split('.')).toHaveLength(3);
  const signature = issued.split('.')[2] ?? '';
  const callback = redirects.map((location) => new URL(location)).find((location) => location.pathname === '/refdesk/callback');
  expect(callback?.searchParams.get('code')).toBeTruthy();
  expect(callback?.hash).toBe('');
  const leaks = (text: string) => text.includes(issued) || text.includes(signature);

  const recorded = [...exchanges];
  expect(recorded.some((exchange) => exchange.channel === 'session:state')).toBe(true);
  // Not even the callback page's hand-over carries a token: it hands main a code, which main exchanges.
  const carriers = recorded.filter((exchange) => leaks(exchange.request)).map((exchange) => `${exchange.window} ${exchange.channel}`);
  expect(carriers).toEqual([]);
  expect(recorded.filter((exchange) => leaks(exchange.response)).map((exchange) => exchange.channel)).toEqual([]);

  const rendererState = await page.evaluate(() => {
    const root = document.querySelector('#app') as unknown as {
      __vue_app__: { config: { globalProperties: { $pinia: { state: { value: unknown } } } } };
    };
    return JSON.stringify({
      pinia: root.__vue_app__.config.globalProperties.$pinia.state.value,
      events: (window as unknown as { seenEvents: unknown[] }).seenEvents,
      localStorage: { ...window.localStorage },
      sessionStorage: { ...window.sessionStorage },
      cookie: document.cookie,
      html: document.documentElement.outerHTML,
      url: window.location.href,
    });
  });
  expect(rendererState).toContain('"signedIn":true');
  expect(rendererState).toContain('session:changed');
  expect(leaks(rendererState)).toBe(false);
  expect(leaks(webShell.stderr())).toBe(false);
});
