/**
 * Smoke test of the Electron shell where an Electron binary exists: launch the built app on its
 * embedded simulator, sign in through the auth window, open every workspace, quit. Elsewhere
 * (no binary downloaded) it reports itself skipped with the reason.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { _electron as electron, expect, test } from '@playwright/test';
import { locateElectronBinary } from '../../main/app/electronBinary';
import { SessionStatusBar } from './pages/SessionStatusBar';
import { SignInPage } from './pages/SignInPage';
import { WORKSPACES, WorkspaceNavigation } from './pages/WorkspaceNavigation';

const appRoot = fileURLToPath(new URL('../..', import.meta.url));
const binary = locateElectronBinary(appRoot);
const DEMO = { username: 'demo', password: 'refdesk-demo' };

test('Electron: launch, sign in on the embedded simulator, open every workspace, quit', async () => {
  test.skip('reason' in binary, `no Electron binary: ${'reason' in binary ? binary.reason : ''}`);
  if (!('path' in binary)) return;
  test.setTimeout(180_000);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'refdesk-electron-'));
  const app = await electron.launch({
    executablePath: binary.path,
    // The project root: its package.json points Electron at out/main/index.js.
    args: [appRoot, '--no-sandbox', '--disable-gpu'],
    env: { ...process.env, REFDESK_DATA_DIR: dataDir, REFDESK_CACHE_DIR: path.join(tmpdir(), 'refdesk-e2e-universe-cache') },
    timeout: 120_000,
  });
  try {
    const window = await app.firstWindow();
    const signIn = new SignInPage(window);
    await expect(signIn.prompt).toBeVisible({ timeout: 90_000 });
    // The login page opens in the auth window (a second BrowserWindow), not a browser popup.
    const authWindow = app.waitForEvent('window');
    await signIn.signInButton.click();
    const loginPage = await authWindow;
    await expect(SignInPage.loginHeading(loginPage)).toBeVisible();
    await SignInPage.submitLogin(loginPage, DEMO);
    await expect(signIn.prompt).toBeHidden();
    await expect(new SessionStatusBar(window).user).toContainText('Signed in as');

    const navigation = new WorkspaceNavigation(window);
    for (const workspace of WORKSPACES) await navigation.open(workspace);

    const closed = app.waitForEvent('close');
    await app.evaluate(({ app: electronApp }) => electronApp.quit());
    await closed;
  } finally {
    await app.close().catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true });
  }
});
