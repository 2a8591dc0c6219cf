/**
 * The trader's morning: RefDesk restarted, or started on a new day, opens signed in, without the
 * login page, because the embedded simulator kept its identity and the session kept in the
 * keychain (a real gnome-keyring here: `npm test` runs the suite inside dbus-run-session) is
 * still good, and renews by itself when its access token runs out; and it opens where the
 * trader was: the workspace, its open chain and its search text.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { DEFAULT_SETTINGS } from '../../contract/settings';
import { startWebShellProcess, type WebShellProcess } from '../support/webShellProcess';
import { openRefDesk } from '../support/launchSession';
import { expect, test } from './fixtures';
import { InstrumentsPage } from './pages/InstrumentsPage';
import { OptionChainPage } from './pages/OptionChainPage';
import { SessionStatusBar } from './pages/SessionStatusBar';
import { SignInPage } from './pages/SignInPage';

/** A data folder whose settings start the embedded simulator small, on `day` (absent: today). */
async function dataFolder(day?: string): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'refdesk-e2e-restart-'));
  await writeSimulatedDay(dataDir, day);
  return dataDir;
}

async function writeSimulatedDay(dataDir: string, day: string | undefined): Promise<void> {
  const simulator = { ...DEFAULT_SETTINGS.simulator, scale: 'small' as const, ...(day ? { asOf: day } : {}) };
  await writeFile(path.join(dataDir, 'settings.json'), JSON.stringify({ ...DEFAULT_SETTINGS, simulator }));
}

/** Signs in through the login page and checks the session went to the OS keychain. */
async function signInToKeychain(page: Page, shell: WebShellProcess): Promise<void> {
  const signIn = await SignInPage.openSignedOut(page, shell.ready.url);
  await signIn.signIn(shell.ready.simulator);
  const status = new SessionStatusBar(page);
  await expect(status.user).toHaveText('Signed in as Clara Lindqvist');
  await expect(
    status.keychain,
    'the session must go to a real keyring: run inside dbus-run-session with an unlocked gnome-keyring (docs/testing.md)',
  ).toBeHidden();
}

/** Opens the restarted shell in a new window: signed in, no prompt, and the service answers. */
async function expectSignedInWithoutPassword(page: Page, shell: WebShellProcess): Promise<void> {
  await openRefDesk(page, shell.ready.url);
  const status = new SessionStatusBar(page);
  await expect(status.user).toHaveText('Signed in as Clara Lindqvist');
  await expect(new SignInPage(page).prompt).toBeHidden();
  const instruments = new InstrumentsPage(page);
  await instruments.open();
  await instruments.search('Apple');
  // The first search of a start reads the universe's pages cold: seconds on a loaded machine.
  await expect(instruments.resultOf('AAPL:xnas', 'Stock')).toBeVisible({ timeout: 15_000 });
  await expect(status.connection).toHaveText('Connection: Online');
}

test('a restart keeps the session: no password, and it renews by itself when its token runs out', async ({ browser }) => {
  test.setTimeout(180_000);
  const dataDir = await dataFolder();
  // Short-lived access tokens, so the kept session must renew within the test.
  const args = ['--token-ttl', '20'];
  const first = await startWebShellProcess(args, { dataDir });
  const before = await browser.newPage();
  let second: WebShellProcess | undefined;
  try {
    await signInToKeychain(before, first);
    await before.close();
    await first.stop();

    second = await startWebShellProcess(args, { dataDir });
    expect(second.ready.simulator.authUrl).toBe(first.ready.simulator.authUrl);
    const after = await browser.newPage();
    await expectSignedInWithoutPassword(after, second);
    // Past the lifetime of the token kept from the first run: renewed with the kept refresh token.
    await after.waitForTimeout(22_000);
    const status = new SessionStatusBar(after);
    await expect(status.user).toHaveText('Signed in as Clara Lindqvist');
    expect(await status.secondsLeft()).toBeGreaterThan(0);
    await expect(status.expiryWarning).toBeHidden();
  } finally {
    await second?.stop();
    await first.stop();
  }
});

test('the first start of a new day asks for no password', async ({ browser }) => {
  test.setTimeout(180_000);
  const dataDir = await dataFolder('2026-11-26');
  const first = await startWebShellProcess([], { dataDir });
  let second: WebShellProcess | undefined;
  try {
    await signInToKeychain(await browser.newPage(), first);
    await first.stop();

    // The next morning: the simulated day moves on and the cached universe rolls to it.
    await writeSimulatedDay(dataDir, '2026-11-27');
    second = await startWebShellProcess([], { dataDir });
    expect(second.printed.simulator.universe).toMatchObject({ asOf: '2026-11-27' });
    await expectSignedInWithoutPassword(await browser.newPage(), second);
  } finally {
    await second?.stop();
    await first.stop();
  }
});

test('after signing out, a restart asks for the password again', async ({ browser }) => {
  test.setTimeout(180_000);
  const dataDir = await dataFolder();
  const first = await startWebShellProcess([], { dataDir });
  let second: WebShellProcess | undefined;
  try {
    const page = await browser.newPage();
    await signInToKeychain(page, first);
    await new SessionStatusBar(page).signOut.click();
    await expect(new SignInPage(page).prompt).toBeVisible();
    await first.stop();

    second = await startWebShellProcess([], { dataDir });
    const after = await browser.newPage();
    await openRefDesk(after, second.ready.url);
    await expect(new SignInPage(after).prompt).toBeVisible();
    await expect(new SessionStatusBar(after).user).toHaveText('Not signed in');
  } finally {
    await second?.stop();
    await first.stop();
  }
});

test('the start opens the last workspace with its open chain and its search text', async ({ browser }) => {
  test.setTimeout(300_000);
  const dataDir = await dataFolder();
  const first = await startWebShellProcess([], { dataDir });
  let second: WebShellProcess | undefined;
  try {
    const page = await browser.newPage();
    await signInToKeychain(page, first);
    const chain = new OptionChainPage(page);
    await chain.open();
    await chain.rootSearchBox.fill('SPX');
    await chain.resultRow('SPX:xcbo').click();
    // SPX is the largest root: its option space takes a while on a busy machine.
    await expect(chain.activeTab).toBeVisible({ timeout: 30_000 });
    const chainUrl = page.url().replace(first.ready.origin, '');
    expect(chainUrl).toMatch(/^\/#\/chains\/\d+$/);
    // Kept shortly after it settles.
    await page.waitForTimeout(1_500);
    await first.stop();

    second = await startWebShellProcess([], { dataDir });
    const after = await browser.newPage();
    await openRefDesk(after, second.ready.url);
    // The page first lands on its default workspace, then goes to the kept place.
    await expect(after).toHaveURL(`${second.ready.origin}${chainUrl}`, { timeout: 60_000 });
    const restored = new OptionChainPage(after);
    await expect(restored.activeTab).toBeVisible({ timeout: 30_000 });
    await restored.open();
    await expect(restored.rootSearchBox).toHaveValue('SPX');
    await expect(restored.resultRow('SPX:xcbo')).toBeVisible();
  } finally {
    await second?.stop();
    await first.stop();
  }
});
