/**
 * After a whole session (sign in as the administrator, open every workspace, reveal an app
 * secret, sign out), no access token and no revealed app secret is anywhere it could leak: the
 * web shell's data folder (SQLite files read as bytes), its output, the page's storage, and the
 * bridge payloads — except the two hand-overs that must carry them (the login page's callback
 * to main, and the reveal the user asked for). The refresh-token session is in
 * fullSessionRefreshSecrets.spec.ts.
 */
import { ADMIN_USER } from '../../main/simulator/data/book/demo';
import { expect, startWebShellProcess, test } from './fixtures';
import { AppsPage } from './pages/AppsPage';
import { SessionStatusBar } from './pages/SessionStatusBar';
import { SignInPage } from './pages/SignInPage';
import { WORKSPACES, WorkspaceNavigation } from './pages/WorkspaceNavigation';
import { captureShellOutput, leaksAtRest, pageStorage, recordBridge, secretCarriers } from './secretLeaks';

// Its own web shell: its data folder and output then hold this session only.
test('after a full session no token or revealed secret is in files, logs, storage or bridge payloads', async ({ page }) => {
  test.setTimeout(120_000);
  const webShell = await startWebShellProcess();
  try {
    const shellOutput = captureShellOutput(webShell);
    const bridge = recordBridge(page);

    const signIn = await SignInPage.openSignedOut(page, webShell.ready.url);
    // The access token, read from the login popup's callback URL fragment.
    const popup = page.waitForEvent('popup');
    const loginDone = SignInPage.submitLogin(await signIn.openLoginPage(), { username: ADMIN_USER.login, password: ADMIN_USER.password });
    const loginPage = await popup;
    let accessToken = '';
    loginPage.on('framenavigated', (frame) => {
      if (frame === loginPage.mainFrame()) accessToken ||= new URLSearchParams(frame.url().split('#')[1] ?? '').get('access_token') ?? '';
    });
    await loginDone;
    await expect(signIn.prompt).toBeHidden();
    expect(accessToken.split('.')).toHaveLength(3);

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

    const secrets = { 'access token': accessToken, 'access token signature': accessToken.split('.')[2] ?? '', 'app secret': appSecret };
    expect(await leaksAtRest(secrets, webShell, shellOutput(), storage)).toEqual([]);
    expect(bridge.exchanges.some((exchange) => exchange.channel === 'session:signOut')).toBe(true);
    expect(bridge.unreadAnswers.filter((answer) => !answer.fromPopup)).toEqual([]);
    // Only the login page's callback hands the redirect to main, and only the reveal the user asked for answers with the secret.
    expect(secretCarriers(secrets, bridge.exchanges)).toEqual([
      'access token sent on session:completeSignIn',
      'access token signature sent on session:completeSignIn',
      'app secret answered on apps:revealSecret',
    ]);
  } finally {
    await webShell.stop();
  }
});
