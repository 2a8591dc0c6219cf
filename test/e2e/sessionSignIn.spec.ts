import { DEMO_USER } from '../../main/simulator/data/accounts/demo';
import { expect, keepScreenshot, test } from './fixtures';
import { ReferencePage } from './pages/ReferencePage';
import { SessionStatusBar } from './pages/SessionStatusBar';
import { SignInPage } from './pages/SignInPage';

test.describe('signing in through the simulator login page', () => {
  test('a fresh start asks to sign in; the login page signs the demo user in and the status bar ticks', async ({
    page,
    webShell,
  }) => {
    const signIn = await SignInPage.openSignedOut(page, webShell.ready.url);
    await expect(signIn.prompt).toContainText('Sign in to reach the service');
    const { username, password } = webShell.ready.simulator;
    await signIn.signIn({ username, password });

    const status = new SessionStatusBar(page);
    await expect(status.user).toHaveText(`Signed in as ${DEMO_USER.name}`);
    await expect(status.profile).toHaveText('Embedded simulator');
    const first = await status.secondsLeft();
    expect(first).toBeGreaterThan(1190);
    await expect.poll(() => status.secondsLeft(), { timeout: 5_000 }).toBeLessThan(first);

    // The workspace loads with the new token: the service is reachable.
    const reference = new ReferencePage(page);
    await reference.open();
    await reference.filter.fill('Denmark');
    await expect(reference.countryRow('Denmark')).toHaveCount(1);
    await expect(status.connection).toHaveText('Connection: Online');
    await keepScreenshot(page, 'session-signed-in');
  });

  test('the deny button is reported in words and RefDesk stays signed out', async ({ page, webShell }) => {
    const signIn = await SignInPage.openSignedOut(page, webShell.ready.url);
    await SignInPage.deny(await signIn.openLoginPage());
    await expect(signIn.message).toHaveText('You declined the sign-in, so RefDesk is not signed in.');
    await expect(new SessionStatusBar(page).user).toHaveText('Not signed in');
    await keepScreenshot(page, 'session-denied');
  });

  test('closing the login window cancels the sign-in', async ({ page, webShell }) => {
    const signIn = await SignInPage.openSignedOut(page, webShell.ready.url);
    const loginPage = await signIn.openLoginPage();
    await loginPage.close();
    await expect(signIn.message).toHaveText('The sign-in window was closed before the sign-in finished.');
    await expect(signIn.signInButton).toBeEnabled();
  });

  test('a page opening the callback with an error but without the sign-in state cannot end the sign-in in progress (15.6)', async ({
    page,
    webShell,
  }) => {
    const signIn = await SignInPage.openSignedOut(page, webShell.ready.url);
    const loginPage = await signIn.openLoginPage();
    // What any page on any site can do: open RefDesk's callback with an error of its choosing.
    const handedOver: string[] = [];
    await page.context().route(
      (url) => decodeURIComponent(url.pathname) === '/__desk/invoke/session:completeSignIn',
      async (route) => {
        const response = await route.fetch();
        handedOver.push(await response.text());
        await route.fulfill({ response });
      },
    );
    const forged = await page.context().newPage();
    await forged.goto(
      `${webShell.ready.origin}/refdesk/callback#error=access_denied&error_description=Call+0800-EVIL`,
    );
    await expect.poll(() => handedOver.length).toBe(1);
    expect(JSON.parse(handedOver[0] ?? '{}')).toMatchObject({
      ok: true,
      result: {
        outcome: 'failed',
        message: expect.stringMatching(/did not belong to the sign-in RefDesk started/),
      },
    });
    await expect(signIn.message).toBeHidden();
    // Still signing in: the prompt waits for the real login page.
    await expect(signIn.signingInButton).toBeDisabled();
    await expect(signIn.textOnPage('0800-EVIL')).toHaveCount(0);
    // The real sign-in goes on.
    await SignInPage.submitLogin(loginPage, webShell.ready.simulator);
    await expect(signIn.prompt).toBeHidden();
  });

  test('a wrong password keeps the login page open with its error, then the right one signs in', async ({
    page,
    webShell,
  }) => {
    const signIn = await SignInPage.openSignedOut(page, webShell.ready.url);
    const loginPage = await signIn.openLoginPage();
    await SignInPage.fillLogin(loginPage, {
      username: webShell.ready.simulator.username,
      password: 'not-the-password',
    });
    await expect(SignInPage.loginError(loginPage)).toHaveText('The user name or password is not correct.');
    await SignInPage.submitLogin(loginPage, webShell.ready.simulator);
    await expect(signIn.prompt).toBeHidden();
  });
});

test('signing out forgets the session and asks to sign in again', async ({ deskPage }) => {
  const status = new SessionStatusBar(deskPage);
  await expect(status.user).toContainText('Signed in as');
  await status.signOut.click();
  const signIn = new SignInPage(deskPage);
  await expect(signIn.prompt).toBeVisible();
  await expect(status.user).toHaveText('Not signed in');
  await expect(status.remaining).toBeHidden();
  // Nothing was kept: a reload of the page still finds RefDesk signed out.
  await deskPage.reload();
  await expect(signIn.prompt).toBeVisible();
});
