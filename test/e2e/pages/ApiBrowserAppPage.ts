/**
 * Page module of the browser app on another origin (test/support/apiBrowserApp.html) and of the
 * simulator's login page it sends the user to.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import type { Credentials } from './SignInPage';

export class ApiBrowserAppPage {
  readonly implicitSignIn: Locator;
  readonly pkceSignIn: Locator;
  readonly state: Locator;
  readonly search: Locator;
  readonly rateLimit: Locator;
  readonly details: Locator;
  readonly events: Locator;
  readonly anonymous: Locator;
  readonly loginPage: Locator;

  constructor(readonly page: Page) {
    this.implicitSignIn = page.getByRole('button', { name: 'Sign in with the implicit flow' });
    this.pkceSignIn = page.getByRole('button', { name: 'Sign in with code + PKCE' });
    this.state = page.getByTestId('state');
    this.search = page.getByTestId('search');
    this.rateLimit = page.getByTestId('rate-limit');
    this.details = page.getByTestId('details');
    this.events = page.getByTestId('events');
    this.anonymous = page.getByTestId('anonymous');
    this.loginPage = page.getByTestId('login-page');
  }

  async open(url: string): Promise<void> {
    await this.page.goto(url);
    await expect(this.state).toHaveText('Signed out');
  }

  /** Clicks `button`, signs in on the simulator's login page and waits to be back on the app. */
  async signIn(button: Locator, credentials: Credentials): Promise<void> {
    const appOrigin = new URL(this.page.url()).origin;
    await button.click();
    await expect(this.page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await this.page.getByLabel('User name').fill(credentials.username);
    await this.page.getByLabel('Password').fill(credentials.password);
    await this.page.getByRole('button', { name: 'Sign in' }).click();
    await this.page.waitForURL((url) => url.origin === appOrigin);
  }
}
