import { expect, keepScreenshot, startWebShellProcess, test } from './fixtures';
import { InboxPage } from './pages/InboxPage';
import { SessionStatusBar } from './pages/SessionStatusBar';
import { SettingsPage } from './pages/SettingsPage';
import { SignInPage } from './pages/SignInPage';

// Its own web shell: choosing profiles and resetting the simulator must not touch other specs' shell.
test('settings: profiles validated, chosen and deleted; theme; the embedded simulator reset to another scale and seed', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const shell = await startWebShellProcess();
  const { username, password } = shell.ready.simulator;
  try {
    const signIn = await SignInPage.openSignedOut(page, shell.ready.url);
    await signIn.signIn({ username, password });
    const settings = new SettingsPage(page);
    await settings.open();

    await test.step('the simulator status names the running universe', async () => {
      await expect(settings.simulatorStatus).toContainText(shell.ready.simulator.baseUrl);
      await expect(page.getByTestId('simulator-scale')).toHaveText('default');
      await expect(page.getByTestId('simulator-seed')).toHaveText('20260101');
    });

    await test.step('a profile with a bad address is refused by the field; fixed, it is saved, chosen, and deleted', async () => {
      const section = settings.section('Connection profiles');
      await section.getByRole('button', { name: 'New profile' }).click();
      const form = page.getByRole('form', { name: 'New profile' });
      await form.getByLabel('Name').fill('Staging gateway');
      await form.getByLabel('Base URL').fill('gateway.example.com');
      await form.getByLabel('Authentication URL').fill('https://auth.example.com/auth');
      await form.getByLabel('AppKey').fill('staging-app-key');
      await form.getByRole('button', { name: 'Save profile' }).click();
      await expect(form.getByText(/Base URL must be a full web address/)).toBeVisible();
      await form.getByLabel('Base URL').fill('https://gateway.example.com/openapi');
      await form.getByRole('button', { name: 'Save profile' }).click();
      const row = settings.profiles.getByRole('row', { name: /Staging gateway/ });
      await expect(row).toContainText('https://gateway.example.com/openapi');
      await row.getByRole('button', { name: 'Use Staging gateway' }).click();
      await expect(section).toContainText('Active: Staging gateway');
      await keepScreenshot(page, 'settings-profiles');
      // Not signed in to the new profile yet: the sign-in prompt offers to switch back.
      const prompt = new SignInPage(page);
      await expect(prompt.prompt).toBeVisible();
      await prompt.prompt.getByLabel('Connection profile').selectOption({ label: 'Embedded simulator' });
      // The embedded profile's session is restored when still valid; otherwise sign in again.
      const restored = await expect(new SessionStatusBar(page).user)
        .toHaveText(/^Signed in as/, { timeout: 5_000 })
        .then(
          () => true,
          () => false,
        );
      if (!restored) await prompt.signIn({ username, password });
      await expect(section).toContainText('Active: Embedded simulator');
      await row.getByRole('button', { name: 'Delete Staging gateway' }).click();
      await section.getByRole('button', { name: 'Delete profile' }).click();
      await expect(settings.profiles.getByRole('row', { name: /Staging gateway/ })).toHaveCount(0);
    });

    await test.step('the theme switches to light and back', async () => {
      await page.getByRole('radio', { name: 'Light' }).check();
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
      await keepScreenshot(page, 'settings-light');
      await page.getByRole('radio', { name: 'Dark' }).check();
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    });

    await test.step('reset the simulator to the small scale with seed 7, sign in again, and use it', async () => {
      const section = settings.section('Embedded simulator');
      await section.getByLabel('Scale').selectOption('small');
      await section.getByLabel('Seed').fill('7');
      // Generated afresh: a cached universe of an older generator must not decide the outcome.
      await section.getByLabel('Generate the universe again').check();
      await section.getByRole('button', { name: 'Reset simulator' }).click();
      await section.getByRole('button', { name: 'Restart now' }).click();
      await expect(page.getByTestId('simulator-scale')).toHaveText('small', { timeout: 120_000 });
      await expect(page.getByTestId('simulator-seed')).toHaveText('7');
      await expect(settings.simulatorStatus).toContainText(shell.ready.simulator.baseUrl);
      await keepScreenshot(page, 'settings-simulator-reset');
      const again = new SignInPage(page);
      await expect(again.prompt).toBeVisible();
      await again.signIn({ username, password });
      const inbox = new InboxPage(page);
      await inbox.open();
      await expect(inbox.status).toHaveText(/^\d+ events · \d+ loaded$/);
    });
  } finally {
    await shell.stop();
  }
});
