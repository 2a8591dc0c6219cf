import { DEMO_USER } from '../../main/simulator/data/accounts/demo';
import { expect, keepScreenshot, test } from './fixtures';
import { ReferencePage } from './pages/ReferencePage';
import { pkceProfileOf, SessionProfilesDialog } from './pages/SessionProfilesDialog';
import { SessionStatusBar } from './pages/SessionStatusBar';
import { SignInPage } from './pages/SignInPage';

test('a remote profile is validated on entry, then signs in with code + PKCE through the login page', async ({
  page,
  webShell,
}) => {
  const { simulator } = webShell.ready;
  const signIn = await SignInPage.openSignedOut(page, webShell.ready.url);
  await signIn.manageProfiles.click();
  const profiles = new SessionProfilesDialog(page);
  await expect(profiles.row('Embedded simulator')).toContainText('(active)');

  await profiles.fillAndSave({
    name: 'Simulator with PKCE',
    baseUrl: 'gateway.example.com',
    authUrl: 'http://auth.example.com/auth',
    appKey: simulator.appKey,
    flow: 'Login page (authorization code + PKCE)',
  });
  // The refusal is in words (the fields' own messages), never the channel's name.
  await expect(profiles.formError).toHaveText(
    'Base URL must be a full web address, e.g. https://gateway.example.com/openapi. ' +
      'Authentication URL must use https:// (plain http:// is accepted only for 127.0.0.1 or localhost).',
  );
  await expect(profiles.field('Base URL')).toHaveAccessibleDescription(
    'Base URL must be a full web address, e.g. https://gateway.example.com/openapi.',
  );
  await expect(profiles.field('Authentication URL')).toHaveAccessibleDescription(
    'Authentication URL must use https:// (plain http:// is accepted only for 127.0.0.1 or localhost).',
  );
  await keepScreenshot(page, 'session-profile-invalid');

  await profiles.saveAndUse(pkceProfileOf(simulator, 'Simulator with PKCE'));
  await profiles.close.click();

  await expect(signIn.prompt).toContainText(
    'Signs in with the login page (code + PKCE) of Simulator with PKCE.',
  );
  await signIn.signIn(simulator);
  const status = new SessionStatusBar(page);
  await expect(status.profile).toHaveText('Simulator with PKCE');
  await expect(status.user).toHaveText(`Signed in as ${DEMO_USER.name}`);
  // The service answers with this profile's session.
  const reference = new ReferencePage(page);
  await reference.open();
  await reference.filter.fill('Denmark');
  await expect(reference.countryRow('Denmark')).toHaveCount(1);

  // Back to the embedded simulator, which was never signed in: it asks again; the remote one can go.
  await status.profile.click();
  await profiles.use('Embedded simulator');
  await profiles.delete('Simulator with PKCE');
  await profiles.close.click();
  await expect(signIn.prompt).toBeVisible();
  await expect(status.profile).toHaveText('Embedded simulator');
});
