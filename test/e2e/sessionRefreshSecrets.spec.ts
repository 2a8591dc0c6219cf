/**
 * A session with a refresh token (authorization code + PKCE, an AppSecret in the profile) that
 * refreshes while in use, then signs out and deletes the profile. The tokens are read where
 * they belong, the OS keychain; afterwards neither generation of access or refresh token, nor
 * the AppSecret, is in the data folder (the browser profile kept there included), the shell's
 * output, the page's storage or any bridge payload but the one the user typed the AppSecret
 * into — and the keychain holds none of them.
 *
 * Needs the keyring `npm test` unlocks (gnome-keyring in a D-Bus session).
 */
import { startWebShellProcess } from '../support/webShellProcess';
import { expect, test } from './fixtures';
import { ReferencePage } from './pages/ReferencePage';
import { pkceProfileOf, SessionProfilesDialog } from './pages/SessionProfilesDialog';
import { SessionStatusBar } from './pages/SessionStatusBar';
import { SignInPage } from './pages/SignInPage';
import { WORKSPACES, WorkspaceNavigation } from './pages/WorkspaceNavigation';
import type { TokenSet } from '../../main/core/session/tokenSet';
import { ADMIN_USER } from '../../main/simulator/data/accounts/demo';
import {
  captureShellOutput,
  keychainEntries,
  launchBrowserInDataFolder,
  leaksAtRest,
  pageStorage,
  recordBridge,
  secretCarriers,
  storedSession as storedSessionOf,
} from '../support/secretLeaks';

/** Access tokens live 20 s, so the session refreshes (at half their life) while the test runs. */
const TOKEN_TTL_SECONDS = 20;
const PROFILE = 'Simulator with PKCE';

/** The session of the code + PKCE profile signed in at `authUrl`, as stored in the keychain. */
const storedSession = (authUrl: string) => storedSessionOf(authUrl, 'code');

test('a refreshed code + PKCE session leaves no token or AppSecret behind, and none in the keychain after sign-out', async () => {
  test.setTimeout(120_000);
  const webShell = await startWebShellProcess(['--token-ttl', String(TOKEN_TTL_SECONDS)]);
  const { context, page } = await launchBrowserInDataFolder(webShell.dataDir);
  try {
    const { simulator } = webShell.ready;
    const shellOutput = captureShellOutput(webShell);
    const bridge = recordBridge(page);
    // Entries earlier runs left in this keyring are not this session's doing.
    const entryKey = (entry: { account: string; password: string }) => `${entry.account}\n${entry.password}`;
    const entriesBefore = new Set((await keychainEntries()).map(entryKey));

    const signIn = await SignInPage.openSignedOut(page, webShell.ready.url);
    await signIn.manageProfiles.click();
    const profiles = new SessionProfilesDialog(page);
    await profiles.saveAndUse(pkceProfileOf(simulator, PROFILE));
    await profiles.close.click();
    await signIn.signIn({ username: ADMIN_USER.login, password: ADMIN_USER.password });

    const first = await storedSession(simulator.authUrl);
    expect(first?.refreshToken, 'the code flow stores a refresh token in the keychain').toBeTruthy();

    const navigation = new WorkspaceNavigation(page);
    for (const workspace of WORKSPACES) await navigation.open(workspace);

    // The refresh (at half the token's life) rotates both tokens in the keychain.
    let second: TokenSet | undefined;
    await expect(async () => {
      second = await storedSession(simulator.authUrl);
      expect(second?.refreshToken).not.toBe(first?.refreshToken);
    }).toPass({ timeout: TOKEN_TTL_SECONDS * 1000 });
    expect(second?.accessToken).not.toBe(first?.accessToken);
    // The renewed session still answers (the page never saw the refresh).
    const reference = new ReferencePage(page);
    await reference.open();
    await reference.filter.fill('Denmark');
    await expect(reference.countryRow('Denmark')).toHaveCount(1);

    const storage = await pageStorage(page);
    const status = new SessionStatusBar(page);
    await status.signOut.click();
    await expect(signIn.prompt).toBeVisible();
    expect(
      await storedSession(simulator.authUrl),
      'signing out deletes the session from the keychain',
    ).toBeUndefined();

    // Deleting the profile takes its AppSecret out of the keychain too.
    await signIn.manageProfiles.click();
    await profiles.use('Embedded simulator');
    await profiles.delete(PROFILE);
    await profiles.close.click();
    await bridge.settled();
    // What the browser has recorded goes to disk when it closes.
    await context.close();

    const secrets = {
      'first access token': first?.accessToken ?? '',
      'first refresh token': first?.refreshToken ?? '',
      'second access token': second?.accessToken ?? '',
      'second refresh token': second?.refreshToken ?? '',
      'access token signature': second?.accessToken.split('.')[2] ?? '',
      AppSecret: simulator.appSecret,
    };
    const keychain = (await keychainEntries())
      .filter((entry) => !entriesBefore.has(entryKey(entry)))
      .map((entry) => entry.password);
    const leftInKeychain = Object.entries(secrets).filter(([, value]) =>
      keychain.some((stored) => stored.includes(value)),
    );
    expect(leftInKeychain.map(([name]) => `${name} in the keychain`)).toEqual([]);
    expect(await leaksAtRest(secrets, webShell, shellOutput(), storage)).toEqual([]);
    expect(bridge.unreadAnswers.filter((answer) => !answer.fromPopup)).toEqual([]);
    // The AppSecret crosses the bridge once, as the user typed it into the profile form; no token ever does.
    expect(secretCarriers(secrets, bridge.exchanges)).toEqual(['AppSecret sent on session:saveProfile']);
  } finally {
    await context.close();
    await webShell.stop();
  }
});
