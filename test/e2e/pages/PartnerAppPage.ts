/**
 * Page module of the partner browser app (test/support/partnerApp.html, served by
 * test/support/browserApps.ts) and of the simulator's login page it signs in through.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import type { Credentials } from './SignInPage';

export class PartnerAppPage {
  readonly session: Locator;
  readonly renewal: Locator;

  constructor(readonly page: Page) {
    this.session = page.getByTestId('session');
    this.renewal = page.getByTestId('renewal');
  }

  /** Signs in through the simulator's login page (a top-level navigation and back). */
  async signIn(credentials: Credentials): Promise<void> {
    await this.page.getByRole('button', { name: 'Sign in' }).click();
    await expect(this.page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await this.page.getByLabel('User name').fill(credentials.username);
    await this.page.getByLabel('Password').fill(credentials.password);
    await this.page.getByRole('button', { name: 'Sign in' }).click();
    await expect(this.session).toHaveText('Signed in');
  }

  /** Renews the token through the hidden iframe; resolves with what the app reports. */
  async renewSilently(): Promise<string> {
    await this.page.getByRole('button', { name: 'Renew silently' }).click();
    await expect(this.renewal).not.toHaveText(/^$|Renewing/);
    return (await this.renewal.textContent()) ?? '';
  }

  /** Signs out at the authorization server and comes back to the app. */
  async signOut(): Promise<void> {
    await this.page.getByRole('button', { name: 'Sign out' }).click();
    await expect(this.session).toHaveText('Not signed in');
  }

  /** The token the app holds. */
  token(): Promise<string | null> {
    return this.page.evaluate(() => sessionStorage.getItem('token'));
  }
}
