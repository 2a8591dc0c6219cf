/**
 * After a whole session (sign in as the administrator, open every workspace, reveal an app
 * secret, sign out), no token and no revealed app secret is anywhere it could leak: the web
 * shell's data folder with the browser profile kept in it (History, ukm_db, caches: what a
 * browser records of the URLs it visits), SQLite files read as bytes, its output, the page's
 * storage, and the bridge payloads but the reveal the user asked for. The embedded profile signs
 * in with code + PKCE, so the browser only ever sees a single-use code, spent at once (15.2).
 * The tokens are read where they belong, the OS keychain (needs the keyring `npm test`
 * unlocks). The refreshed session of a remote profile is in sessionRefreshSecrets.spec.ts.
 */
import { requestToken } from '../../main/core/session/tokenEndpoint';
import { ADMIN_USER } from '../../main/simulator/data/accounts/demo';
import { startWebShellProcess } from '../support/webShellProcess';
import { expect, test } from './fixtures';
import { AppsPage } from './pages/AppsPage';
import { SessionStatusBar } from './pages/SessionStatusBar';
import { SignInPage } from './pages/SignInPage';
import { WORKSPACES, WorkspaceNavigation } from './pages/WorkspaceNavigation';
import {
  captureShellOutput,
  launchBrowserInDataFolder,
  leaksAtRest,
  pageStorage,
  recordBridge,
  secretCarriers,
  storedSession,
} from '../support/secretLeaks';

// Its own web shell and browser profile: its data folder and output then hold this session only.
test('after a full session no token or revealed secret is in files (browser profile included), logs, storage or bridge payloads', async () => {
  test.setTimeout(120_000);
  const webShell = await startWebShellProcess();
  const { context, page } = await launchBrowserInDataFolder(webShell.dataDir);
  try {
    const { simulator } = webShell.ready;
    const shellOutput = captureShellOutput(webShell);
    const bridge = recordBridge(page);

    const signIn = await SignInPage.openSignedOut(page, webShell.ready.url);
    // The callback URL the login popup lands on: the browser records it.
    const popup = page.waitForEvent('popup');
    const loginDone = SignInPage.submitLogin(await signIn.openLoginPage(), {
      username: ADMIN_USER.login,
      password: ADMIN_USER.password,
    });
    const loginPage = await popup;
    let callbackUrl = '';
    loginPage.on('framenavigated', (frame) => {
      if (frame === loginPage.mainFrame() && frame.url().includes('/refdesk/callback'))
        callbackUrl ||= frame.url();
    });
    await loginDone;
    await expect(signIn.prompt).toBeHidden();
    const tokens = await storedSession(simulator.authUrl);
    expect(tokens?.flow, 'the embedded profile signs in with code + PKCE').toBe('code');
    expect(tokens?.refreshToken, 'and keeps a refresh token for the day').toBeTruthy();
    const accessToken = tokens?.accessToken ?? '';
    expect(accessToken.split('.')).toHaveLength(3);
    const callback = new URL(callbackUrl);
    expect(callback.hash).toBe('');
    const code = callback.searchParams.get('code') ?? '';
    expect(code.length).toBeGreaterThan(8);

    const navigation = new WorkspaceNavigation(page);
    for (const workspace of WORKSPACES) await navigation.open(workspace);

    const apps = new AppsPage(page);
    await navigation.open('Apps');
    await apps.openFirstAppWithSecrets();
    await apps.secretButton('Reveal').click();
    await expect(apps.revealedValue()).toBeVisible();
    const appSecret = (await apps.revealedValue().textContent()) ?? '';
    await apps.secretButton('Hide').click();

    const storage = await pageStorage(page);
    await new SessionStatusBar(page).signOut.click();
    await expect(signIn.prompt).toBeVisible();
    await bridge.settled();
    // What the browser has recorded goes to disk when it closes.
    await context.close();

    const secrets = {
      'access token': accessToken,
      'access token signature': accessToken.split('.')[2] ?? '',
      'refresh token': tokens?.refreshToken ?? '',
      'app secret': appSecret,
    };
    expect(await leaksAtRest(secrets, webShell, shellOutput(), storage)).toEqual([]);
    expect(bridge.exchanges.some((exchange) => exchange.channel === 'session:signOut')).toBe(true);
    expect(bridge.unreadAnswers.filter((answer) => !answer.fromPopup)).toEqual([]);
    // No token crosses the bridge; only the reveal the user asked for answers with the secret.
    expect(secretCarriers(secrets, bridge.exchanges)).toEqual(['app secret answered on apps:revealSecret']);

    // The code the browser recorded is worth nothing: main spent it at once.
    const replay = requestToken(
      simulator.authUrl,
      {
        grant_type: 'authorization_code',
        code,
        redirect_uri: `${webShell.ready.origin}/refdesk/callback`,
        code_verifier: 'x'.repeat(43),
      },
      { clientId: simulator.appKey },
    );
    await expect(replay).rejects.toMatchObject({ details: { code: 'invalid_grant' } });
  } finally {
    await context.close();
    await webShell.stop();
  }
});
