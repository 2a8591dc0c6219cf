/**
 * Page module of signing in: RefDesk's sign-in prompt and the simulator's login page, which
 * the web shell opens in a popup.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { openRefDesk } from '../../support/launchSession';
import { SessionStatusBar } from './SessionStatusBar';

export interface Credentials {
  username: string;
  password: string;
}

export class SignInPage {
  readonly prompt: Locator;
  readonly signInButton: Locator;
  readonly message: Locator;
  readonly manageProfiles: Locator;
  readonly profile: Locator;
  /** The prompt's button while a sign-in is under way. */
  readonly signingInButton: Locator;

  constructor(readonly page: Page) {
    this.prompt = page.getByRole('dialog', { name: 'Sign in to RefDesk' });
    this.signInButton = this.prompt.getByRole('button', { name: 'Sign in' });
    this.message = this.prompt.getByRole('alert');
    this.manageProfiles = this.prompt.getByRole('button', { name: 'Manage profiles' });
    this.profile = this.prompt.getByLabel('Connection profile');
    this.signingInButton = this.prompt.getByRole('button', { name: 'Signing in…' });
  }

  /** Any text of RefDesk's page (e.g. to check that a sign-in service's words are not shown). */
  textOnPage(text: string): Locator {
    return this.page.getByText(text);
  }

  /**
   * Opens RefDesk (the launch link, see launchSession.ts) signed out. Main outlives pages within a test worker, so an
   * earlier test may have left it signed in: then this signs out through the status bar.
   */
  static async openSignedOut(page: Page, launchUrl: string): Promise<SignInPage> {
    await openRefDesk(page, launchUrl);
    const status = new SessionStatusBar(page);
    await expect(status.user).toHaveText(/Signed in as|Not signed in/);
    if (await status.signOut.isVisible()) await status.signOut.click();
    const signIn = new SignInPage(page);
    await expect(signIn.prompt).toBeVisible();
    return signIn;
  }

  /** Clicks "Sign in" and returns the login popup it opens. */
  async openLoginPage(trigger: Locator = this.signInButton): Promise<Page> {
    const popup = this.page.waitForEvent('popup');
    await trigger.click();
    const loginPage = await popup;
    await expect(SignInPage.loginHeading(loginPage)).toBeVisible();
    return loginPage;
  }

  /** The simulator's login page heading (the page is ready to fill). */
  static loginHeading(loginPage: Page): Locator {
    return loginPage.getByRole('heading', { name: 'Sign in' });
  }

  /** What the simulator's login page says about a refused attempt. */
  static loginError(loginPage: Page): Locator {
    return loginPage.getByRole('alert');
  }

  /** Fills the simulator's login form and presses Sign in (the page may stay, e.g. refusing). */
  static async fillLogin(loginPage: Page, credentials: Credentials): Promise<void> {
    await loginPage.getByLabel('User name').fill(credentials.username);
    await loginPage.getByLabel('Password').fill(credentials.password);
    await loginPage.getByRole('button', { name: 'Sign in' }).click();
  }

  /** Fills the simulator's login form and signs in; resolves when the popup has closed itself. */
  static async submitLogin(loginPage: Page, credentials: Credentials): Promise<void> {
    const closed = loginPage.waitForEvent('close');
    await SignInPage.fillLogin(loginPage, credentials);
    await closed;
  }

  /** Presses the login page's deny button; resolves when the popup has closed itself. */
  static async deny(loginPage: Page): Promise<void> {
    const closed = loginPage.waitForEvent('close');
    await loginPage.getByRole('button', { name: 'Deny' }).click();
    await closed;
  }

  /** The whole sign-in through the login page, from the prompt. */
  async signIn(credentials: Credentials, trigger?: Locator): Promise<void> {
    await SignInPage.submitLogin(await this.openLoginPage(trigger), credentials);
    await expect(this.prompt).toBeHidden();
  }
}
