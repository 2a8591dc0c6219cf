import { ADMIN_USER } from '../../main/simulator/data/accounts/demo';
import { expect, keepScreenshot, test } from './fixtures';
import { AppsPage } from './pages/AppsPage';
import { SettingsPage } from './pages/SettingsPage';
import { SignInPage } from './pages/SignInPage';

test('an admin lists the apps, pages and filters them, reveals and hides a secret, copies it, and makes a profile from an app', async ({
  page,
  webShell,
}) => {
  test.setTimeout(120_000);
  // The documented administrator sees every registered application.
  const signIn = await SignInPage.openSignedOut(page, webShell.ready.url);
  await signIn.signIn({ username: ADMIN_USER.login, password: ADMIN_USER.password });
  await page
    .context()
    .grantPermissions(['clipboard-read', 'clipboard-write'], { origin: webShell.ready.origin });
  const settings = new SettingsPage(page);
  await settings.open();
  await settings.setSecretTimings(5, 5);
  await expect(settings.secretTimingsStatus).toHaveText('Saved.');

  const apps = new AppsPage(page);
  await apps.open();
  await expect(apps.status).toHaveText(/^\d+ applications? · showing 1–\d+ · page 1 of \d+$/);
  const total = Number(/^(\d+)/.exec((await apps.status.textContent()) ?? '')?.[1]);
  expect(total).toBeGreaterThan(0);
  await expect(apps.rows().first()).toBeVisible();
  const expiries = await apps.columnTexts('secretExpiry');
  expect(
    expiries.every((label) =>
      /^(Expired|Expires in \d+ days?|Valid until \d{4}-\d{2}-\d{2}|No secrets|Never expires)$/.test(label),
    ),
  ).toBe(true);

  await test.step('paging with $inlinecount: the total stays, the page moves', async () => {
    expect(total).toBeGreaterThan(10);
    await apps.perPage.selectOption('10');
    await apps.nextPage.click();
    await expect(apps.status).toHaveText(
      new RegExp(`^${total} applications · showing 11–\\d+ · page 2 of ${Math.ceil(total / 10)}$`),
    );
    await apps.previousPage.click();
    await expect(apps.status).toHaveText(new RegExp(`^${total} applications? · showing 1–`));
  });

  await test.step('the filter narrows the page', async () => {
    const name = (await apps.columnTexts('Name'))[0] ?? '';
    await apps.filter.fill(name);
    await expect
      .poll(async () => (await apps.columnTexts('Name')).every((shown) => shown.includes(name)))
      .toBe(true);
    await apps.filter.fill('');
  });

  const appKey = await apps.openFirstAppWithSecrets();
  await expect(apps.detail).toBeVisible();
  await expect(apps.detailHeading('Endpoints')).toBeVisible();
  await expect(apps.detailHeading(/^Redirect URIs \(\d+\)$/)).toBeVisible();
  await expect(apps.secretRows().first()).toContainText('••••');

  let secret = '';
  await test.step('reveal on demand, hide on Hide, and hide again by itself after the configured time', async () => {
    await apps.secretButton('Reveal').click();
    await expect(apps.revealedValue()).toBeVisible();
    secret = (await apps.revealedValue().textContent()) ?? '';
    expect(secret.length).toBeGreaterThan(8);
    await keepScreenshot(page, 'apps-secret-revealed');
    await apps.secretButton('Hide').click();
    await expect(apps.revealedValue()).toHaveCount(0);
    await expect(apps.detail).not.toContainText(secret);
    await apps.secretButton('Reveal').click();
    await expect(apps.revealedValue()).toBeVisible();
    await expect(apps.revealedValue()).toHaveCount(0, { timeout: 8_000 });
  });

  await test.step('copy puts the secret on the clipboard and clears it after the delay', async () => {
    await apps.secretButton('Copy').click();
    await expect(apps.secretsStatus).toContainText('copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()), { timeout: 10_000 })
      .toBe('');
  });

  await test.step('"Use for sign-in" creates a connection profile from the app', async () => {
    await apps.useForSignIn.click();
    const profileName = `From ${appKey.slice(0, 8)}`;
    await apps.useForSignInField('Profile name').fill(profileName);
    await expect(apps.useForSignInField('Authentication URL')).toHaveValue(webShell.ready.simulator.authUrl);
    await keepScreenshot(page, 'apps-use-for-sign-in');
    await apps.createProfile.click();
    await expect(apps.message).toContainText(`Connection profile “${profileName}” created`);
    await settings.open();
    const row = settings.profiles.row(profileName);
    await expect(row).toContainText(appKey);
    await expect(row).toContainText(webShell.ready.simulator.authUrl);
    await keepScreenshot(page, 'apps-profile-in-settings');
  });
});
