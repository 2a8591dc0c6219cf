/**
 * What a trader sees when something is out of reach: the status bar says "Offline" when
 * RefDesk's own main process (the web shell) is gone, and "Not responding" while it hangs; a sign-in to a server that does
 * not answer fails within 15 s with the reason, instead of a login page that never loads. And a
 * remote profile cannot take the built-in profile's name.
 */
import { freePort } from '../support/freePort';
import { startWebShellProcess } from '../support/webShellProcess';
import { expect, keepScreenshot, test } from './fixtures';
import { InstrumentsPage } from './pages/InstrumentsPage';
import { SessionProfilesDialog } from './pages/SessionProfilesDialog';
import { SessionStatusBar } from './pages/SessionStatusBar';
import { SignInPage } from './pages/SignInPage';

test('the status bar says Offline when RefDesk’s main process stops answering', async ({ page }) => {
  test.setTimeout(120_000);
  const shell = await startWebShellProcess();
  try {
    const signIn = await SignInPage.openSignedOut(page, shell.ready.url);
    await signIn.signIn(shell.ready.simulator);
    const status = new SessionStatusBar(page);
    await expect(status.user).toHaveText(/^Signed in as /);
    await expect(status.connection).not.toHaveText('Connection: Offline');
    await shell.stop();
    // Idle: the heartbeat finds main gone and says so within seconds.
    await expect(status.connection).toHaveText('Connection: Offline', { timeout: 3_000 });
    await keepScreenshot(page, 'status-offline-shell-gone');
  } finally {
    await shell.stop();
  }
});

test('the status bar says Not responding within 3 s of main stopping, a search says so, and both recover by themselves', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const shell = await startWebShellProcess();
  const pid = shell.child.pid ?? 0;
  try {
    const signIn = await SignInPage.openSignedOut(page, shell.ready.url);
    await signIn.signIn(shell.ready.simulator);
    const status = new SessionStatusBar(page);
    const instruments = new InstrumentsPage(page);
    await instruments.open();
    await expect(status.connection).not.toHaveText(/Offline|Not responding/);

    process.kill(pid, 'SIGSTOP');
    await instruments.search('Apple');
    await expect(status.connection).toHaveText('Connection: Not responding', { timeout: 3_000 });
    await expect(instruments.status).toHaveText('Searching… RefDesk is not responding; the search goes on when it answers.');
    await expect(status.waiting).toHaveText(/^\d+ requests? waits? for RefDesk$/);
    await keepScreenshot(page, 'status-not-responding');

    process.kill(pid, 'SIGCONT');
    await expect(status.connection).not.toHaveText(/Offline|Not responding/, { timeout: 3_000 });
    await expect(instruments.resultOf('AAPL:xnas', 'Stock')).toBeVisible();
    await expect(status.waiting).toBeHidden();
  } finally {
    process.kill(pid, 'SIGCONT');
    await shell.stop();
  }
});

test('signing in to a server that does not answer fails within 15 s, with the reason', async ({ page, webShell }) => {
  // A port nothing listens on: the sign-in service does not answer.
  const port = await freePort();
  const signIn = await SignInPage.openSignedOut(page, webShell.ready.url);
  await signIn.manageProfiles.click();
  const profiles = new SessionProfilesDialog(page);
  await profiles.saveAndUse({
    name: 'Gateway that is down',
    baseUrl: `http://127.0.0.1:${port}/openapi`,
    authUrl: `http://127.0.0.1:${port}/auth`,
    appKey: webShell.ready.simulator.appKey,
    flow: 'Login page (authorization code + PKCE)',
  });
  await profiles.close.click();
  const started = Date.now();
  await signIn.signInButton.click();
  await expect(signIn.message).toHaveText(
    `The sign-in service at http://127.0.0.1:${port} could not be reached: it refused the connection (nothing answers on that address and port).`,
    { timeout: 15_000 },
  );
  expect(Date.now() - started).toBeLessThan(15_000);
  await keepScreenshot(page, 'sign-in-server-unreachable');
  // Back to the embedded profile for the other tests of this web shell.
  await signIn.manageProfiles.click();
  await profiles.use('Embedded simulator');
  await profiles.delete('Gateway that is down');
  await profiles.close.click();
});

test('a remote profile cannot take the built-in profile’s name', async ({ page, webShell }) => {
  const signIn = await SignInPage.openSignedOut(page, webShell.ready.url);
  await signIn.manageProfiles.click();
  const profiles = new SessionProfilesDialog(page);
  await profiles.fillAndSave({
    name: 'embedded  Simulator',
    baseUrl: webShell.ready.simulator.baseUrl,
    authUrl: webShell.ready.simulator.authUrl,
    appKey: webShell.ready.simulator.appKey,
    flow: 'Login page (authorization code + PKCE)',
  });
  await expect(profiles.formError).toHaveText('"Embedded simulator" is the built-in profile\'s name; choose another.');
  await expect(profiles.field('Name')).toHaveAccessibleDescription('"Embedded simulator" is the built-in profile\'s name; choose another.');
});
