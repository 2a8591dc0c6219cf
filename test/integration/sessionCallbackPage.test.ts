import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRIDGE_HEADER } from '../../contract/bridge';
import { startDesk, type Desk } from '../../main/app/desk';
import { popupSignIn } from '../../main/core/session/interactiveSignIn';
import { startWebShell, type RunningWebShell } from '../../main/web/server';
import { answerLoginPage } from '../support/loginPage';

/** The web shell's sign-in callback page, driven over HTTP as the login popup would reach it. */
describe('web shell sign-in callback', () => {
  let desk: Desk;
  let shell: RunningWebShell;
  let cookie: string;

  beforeAll(async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'refdesk-callback-'));
    process.env.REFDESK_DATA_DIR = dir;
    // The default-scale universe of the embedded simulator, cached like the end-to-end runs cache it.
    process.env.REFDESK_CACHE_DIR = path.join(tmpdir(), 'refdesk-e2e-universe-cache');
    await writeFile(path.join(dir, 'index.html'), '<html><head></head><body></body></html>');
    await writeFile(path.join(dir, 'preload.js'), 'window.desk = {};');
    desk = await startDesk();
    shell = await startWebShell({ dispatch: desk.createDispatcher, rendererDir: dir, webPreloadFile: path.join(dir, 'preload.js') });
    desk.services.session.useInteractiveSignIn(popupSignIn(shell.origin));
    const launch = await fetch(shell.launchUrl, { redirect: 'manual' });
    cookie = launch.headers.get('set-cookie')?.split(';')[0] ?? '';
  }, 120_000);
  afterAll(async () => {
    await shell?.close();
    await desk?.close();
    delete process.env.REFDESK_DATA_DIR;
    delete process.env.REFDESK_CACHE_DIR;
  });

  const invoke = async (channel: string, arg?: unknown) => {
    const response = await fetch(`${shell.origin}/__desk/invoke/${channel}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin: shell.origin, [BRIDGE_HEADER]: '1' },
      body: JSON.stringify(arg === undefined ? {} : { arg }),
    });
    return (await response.json()) as { ok: boolean; result: Record<string, unknown>; error?: { message: string } };
  };

  it('serves the callback page without the session cookie (a cross-site redirect does not send it), under the strict CSP', async () => {
    const page = await fetch(`${shell.origin}/refdesk/callback#access_token=x`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(page.headers.get('cache-control')).toBe('no-store');
    const html = await page.text();
    expect(html).toContain('<script src="/__desk/bridge.js"></script>');
    expect(html).not.toMatch(/<script>(?!<\/script>)/);
    const script = await (await fetch(`${shell.origin}/refdesk/callback.js`)).text();
    expect(script).toContain('history.replaceState');
    expect(script).not.toMatch(/localStorage|sessionStorage|document\.cookie|postMessage/);
    // Everything else still needs the cookie.
    expect((await fetch(`${shell.origin}/refdesk/callbackx`)).status).toBe(403);
  });

  it('completes a popup sign-in from the redirect parameters the page hands over', async () => {
    const start = await invoke('session:signIn');
    expect(start.result.outcome).toBe('openPopup');
    const authorizeUrl = new URL(start.result.authorizeUrl as string);
    expect(authorizeUrl.searchParams.get('redirect_uri')).toBe(`${shell.origin}/refdesk/callback`);

    const { username, password } = desk.simulator.info;
    const location = new URL(await answerLoginPage(authorizeUrl.toString(), { username, password, decision: 'allow' }));
    expect(location.origin + location.pathname).toBe(`${shell.origin}/refdesk/callback`);
    const completed = await invoke('session:completeSignIn', { query: location.search, fragment: location.hash });
    expect(completed.result.outcome).toBe('signedIn');
    const waited = await invoke('session:waitForSignIn', { attemptId: start.result.attemptId });
    expect(waited.result).toMatchObject({ outcome: 'signedIn', session: { signedIn: true } });
    // The embedded profile signs in with code + PKCE: the page hands over a code, never a token.
    expect(authorizeUrl.searchParams.get('response_type')).toBe('code');
    expect(location.searchParams.get('code')).toBeTruthy();
    expect(location.hash).toBe('');
    const token = desk.services.session.accessToken() ?? '';
    expect(token.length).toBeGreaterThan(20);
    expect(JSON.stringify([completed, waited])).not.toContain(token);

    const signedOut = await invoke('session:signOut');
    expect(signedOut.result).toMatchObject({ signedIn: false });
  });

  it('refuses a hand-over when no sign-in was started', async () => {
    const completed = await invoke('session:completeSignIn', { fragment: '#access_token=a&token_type=Bearer&expires_in=60&state=s' });
    expect(completed.result).toMatchObject({ outcome: 'failed', message: 'No sign-in is in progress; start it again from RefDesk.' });
  });
});
