import { startWebShellProcess } from '../support/webShellProcess';
import { expect, keepScreenshot, test } from './fixtures';
import { AppTheme } from './pages/AppTheme';
import { CorporateActionsPage } from './pages/CorporateActionsPage';
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
      await expect(settings.simulatorScale).toHaveText('default');
      await expect(settings.simulatorSeed).toHaveText('20260101');
    });

    await test.step('a profile with a bad address is refused by the field; fixed, it is saved, chosen, and deleted', async () => {
      const section = settings.section('Connection profiles');
      const profiles = settings.profiles;
      await profiles.fillAndSave({
        name: 'Staging gateway',
        baseUrl: 'gateway.example.com',
        authUrl: 'https://auth.example.com/auth',
        appKey: 'staging-app-key',
        flow: 'Login page (implicit)',
      });
      await expect(profiles.field('Base URL')).toHaveAccessibleDescription(/Base URL must be a full web address/);
      await profiles.field('Base URL').fill('https://gateway.example.com/openapi');
      await profiles.saveProfile.click();
      const row = profiles.row('Staging gateway');
      await expect(row).toContainText('https://gateway.example.com/openapi');
      await profiles.use('Staging gateway');
      await expect(section).toContainText('Active: Staging gateway');
      await keepScreenshot(page, 'settings-profiles');
      // Not signed in to the new profile yet: the sign-in prompt offers to switch back.
      const prompt = new SignInPage(page);
      await expect(prompt.prompt).toBeVisible();
      await prompt.profile.selectOption({ label: 'Embedded simulator' });
      // The embedded profile's session is restored when still valid; otherwise sign in again.
      const restored = await expect(new SessionStatusBar(page).user)
        .toHaveText(/^Signed in as/, { timeout: 5_000 })
        .then(
          () => true,
          () => false,
        );
      if (!restored) await prompt.signIn({ username, password });
      await expect(section).toContainText('Active: Embedded simulator');
      await profiles.delete('Staging gateway');
    });

    await test.step('the theme switches to light and back', async () => {
      const theme = new AppTheme(page);
      await settings.lightTheme.check();
      await expect(theme.root).toHaveAttribute('data-theme', 'light');
      await keepScreenshot(page, 'settings-light');
      await settings.darkTheme.check();
      await expect(theme.root).toHaveAttribute('data-theme', 'dark');
    });

    await test.step('reset the simulator to the small scale with seed 7, sign in again, and use it', async () => {
      await settings.resetSimulator('small', 7);
      await expect(settings.simulatorScale).toHaveText('small', { timeout: 120_000 });
      await expect(settings.simulatorSeed).toHaveText('7');
      await expect(settings.simulatorStatus).toContainText(shell.ready.simulator.baseUrl);
      await keepScreenshot(page, 'settings-simulator-reset');
      const again = new SignInPage(page);
      await expect(again.prompt).toBeVisible();
      await again.signIn({ username, password });
      const inbox = new CorporateActionsPage(page);
      await inbox.open();
      await expect(inbox.status).toHaveText(/^\d+ to do · .* of all \d+ matching events/, { timeout: 30_000 });
    });
  } finally {
    await shell.stop();
  }
});
