import { startWebShellProcess, type WebShellReady } from '../support/webShellProcess';
import { expect, keepScreenshot, test } from './fixtures';
import { ReferencePage } from './pages/ReferencePage';
import { SessionStatusBar } from './pages/SessionStatusBar';
import { SignInPage } from './pages/SignInPage';
import type { ReadyProcess } from '../support/simulatorProcess';

/**
 * Tokens of this web shell live 15 s: the warning comes at 10 s, expiry at 15 s. Its refresh
 * tokens live 1 s, so the embedded session (code + PKCE) cannot renew itself and ends.
 */
const TOKEN_TTL_SECONDS = 15;
let shortLived: ReadyProcess<WebShellReady>;

test.beforeAll(async () => {
  shortLived = await startWebShellProcess(['--token-ttl', String(TOKEN_TTL_SECONDS), '--refresh-token-ttl', '1']);
});
test.afterAll(async () => {
  await shortLived?.stop();
});

test('the embedded session renews itself before expiry: no warning, no prompt, still signed in after the first token expired (17.8)', async ({ page }) => {
  const tokenTtlSeconds = 10;
  const renewing = await startWebShellProcess(['--token-ttl', String(tokenTtlSeconds)]);
  try {
    const signIn = await SignInPage.openSignedOut(page, renewing.ready.url);
    await signIn.signIn(renewing.ready.simulator);
    const status = new SessionStatusBar(page);
    // Without renewal the warning would come at about 7 s and the prompt at 10 s; renewed at 5 s, neither does.
    for (let waited = 0; waited < (tokenTtlSeconds + 2) * 1000; waited += 500) {
      await expect(status.expiryWarning).toBeHidden({ timeout: 100 });
      await page.waitForTimeout(500);
    }
    await expect(signIn.prompt).toBeHidden();
    await expect(status.user).toContainText('Signed in as');
    expect(await status.secondsLeft()).toBeGreaterThan(0);
  } finally {
    await renewing.stop();
  }
});

test('after expiry the user signs in again and finds the workspace as they left it', async ({ page }) => {
  const credentials = shortLived.ready.simulator;
  const signIn = await SignInPage.openSignedOut(page, shortLived.ready.url);
  await signIn.signIn(credentials);
  const reference = new ReferencePage(page);
  await reference.open();
  await reference.filter.fill('Denmark');
  await expect(reference.countryRow('Denmark')).toHaveCount(1);

  const status = new SessionStatusBar(page);
  await expect(status.expiryWarning).toContainText('Your session is about to expire', { timeout: TOKEN_TTL_SECONDS * 1000 });
  await keepScreenshot(page, 'session-expiring');
  await expect(signIn.prompt).toContainText('Your session expired', { timeout: TOKEN_TTL_SECONDS * 1000 });
  await expect(status.user).toHaveText('Not signed in');
  await keepScreenshot(page, 'session-expired');

  await signIn.signIn(credentials);
  // Nothing was reloaded: the filter and its result are still there, and the service answers again.
  await expect(reference.filter).toHaveValue('Denmark');
  await expect(reference.countryRow('Denmark')).toHaveCount(1);
  await reference.refresh.click();
  await expect(reference.countryRow('Denmark')).toHaveCount(1);
  await expect(status.user).toContainText('Signed in as');
});

test('"Sign in again" in the expiry warning renews the session before it ends', async ({ page }) => {
  const signIn = await SignInPage.openSignedOut(page, shortLived.ready.url);
  await signIn.signIn(shortLived.ready.simulator);
  const status = new SessionStatusBar(page);
  await expect(status.signInAgain).toBeVisible({ timeout: TOKEN_TTL_SECONDS * 1000 });
  await signIn.signIn(shortLived.ready.simulator, status.signInAgain);
  await expect(status.expiryWarning).toBeHidden();
  expect(await status.secondsLeft()).toBeGreaterThan(TOKEN_TTL_SECONDS - 4);
  await expect(signIn.prompt).toBeHidden();
});
