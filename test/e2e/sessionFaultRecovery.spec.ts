/**
 * Fault recovery: the service goes away mid-session. RefDesk says so in words, keeps what the
 * user typed, and loads again once the service is back on the same address.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../support/freePort';
import { startStandaloneSimulator } from '../support/standaloneSimulator';
import { startWebShellProcess } from '../support/webShellProcess';
import { expect, keepScreenshot, test } from './fixtures';
import { ReferencePage } from './pages/ReferencePage';
import { SessionProfilesDialog } from './pages/SessionProfilesDialog';
import { SessionStatusBar } from './pages/SessionStatusBar';
import { SignInPage } from './pages/SignInPage';

// Its own web shell: the remote profile it makes active must not outlive it in other specs' shell.
test('the simulator stops mid-session: RefDesk says so, keeps the filter, and loads again when it returns', async ({ page }) => {
  test.setTimeout(180_000);
  // The simulator must come back on the same port and data folder.
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'refdesk-fault-'));
  const webShell = await startWebShellProcess();
  let simulator = await startStandaloneSimulator({ port, dataDir });
  try {
    const remote = simulator.ready;
    const signIn = await SignInPage.openSignedOut(page, webShell.ready.url);
    await signIn.manageProfiles.click();
    const profiles = new SessionProfilesDialog(page);
    await profiles.fillAndSave({
      name: 'Standalone simulator',
      baseUrl: remote.baseUrl,
      authUrl: remote.authUrl,
      appKey: remote.appKey,
      appSecret: remote.appSecret,
      flow: 'Login page (authorization code + PKCE)',
    });
    await expect(profiles.form).toBeHidden();
    await profiles.use('Standalone simulator');
    await profiles.close.click();
    await signIn.signIn(remote);

    const status = new SessionStatusBar(page);
    await expect(status.profile).toHaveText('Standalone simulator');
    const reference = new ReferencePage(page);
    await reference.open();
    await reference.filter.fill('Denmark');
    await expect(reference.countryRow('Denmark')).toHaveCount(1);

    // The service goes away while the user works.
    await simulator.stop();
    await reference.refresh.click();
    const problem = reference.countriesProblem;
    await expect(problem).toContainText(`The service at http://127.0.0.1:${port} could not be reached.`);
    await expect(status.connection).toHaveText('Connection: Offline');
    await expect(reference.filter).toHaveValue('Denmark');
    await keepScreenshot(page, 'fault-service-gone');

    // Back on the same address: a fresh process knows no sessions, so RefDesk may ask again.
    simulator = await startStandaloneSimulator({ port, dataDir });
    await reference.refresh.click();
    // Either the old session still works, or the 401 brings up the sign-in prompt; the old
    // "could not be reached" alert goes as soon as the refresh starts.
    await expect(problem).toBeHidden();
    // The list on screen is the one read before the outage: wait for the new read to end, or to
    // wait on the sign-in prompt (Refresh is disabled while a read runs).
    await expect
      .poll(async () => (await signIn.prompt.isVisible()) || (await reference.refresh.isEnabled()), { timeout: 15_000 })
      .toBe(true);
    if (await signIn.prompt.isVisible()) {
      // Signing in again completes the pending read: the list comes back without another click.
      await signIn.signIn(simulator.ready);
    }
    await expect(reference.countryRow('Denmark')).toHaveCount(1);
    await expect(problem).toBeHidden();
    await expect(status.connection).toHaveText('Connection: Online');
    await expect(reference.filter).toHaveValue('Denmark');
  } finally {
    await simulator.stop();
    await webShell.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
});
