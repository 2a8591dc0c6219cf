/**
 * Page module of the status bar's session part: profile, user, remaining time, connection,
 * keychain notice, the expiry warning and sign-out.
 */
import type { Locator, Page } from '@playwright/test';

export class SessionStatusBar {
  readonly bar: Locator;
  readonly profile: Locator;
  readonly user: Locator;
  readonly remaining: Locator;
  readonly connection: Locator;
  /** "N requests wait for RefDesk", while main does not respond. */
  readonly waiting: Locator;
  readonly keychain: Locator;
  readonly expiryWarning: Locator;
  readonly signInAgain: Locator;
  readonly signOut: Locator;

  constructor(readonly page: Page) {
    this.bar = page.getByTestId('status-bar');
    this.profile = page.getByTestId('status-profile');
    this.user = page.getByTestId('status-user');
    this.remaining = page.getByTestId('status-remaining');
    this.connection = page.getByTestId('status-connection');
    this.waiting = page.getByTestId('status-waiting');
    this.keychain = page.getByTestId('status-keychain');
    this.expiryWarning = this.bar.getByRole('alert');
    this.signInAgain = this.bar.getByRole('button', { name: 'Sign in again' });
    this.signOut = this.bar.getByRole('button', { name: 'Sign out' });
  }

  /** Seconds left as the status bar shows them (`m:ss` or `h:mm:ss`). */
  async secondsLeft(): Promise<number> {
    const text = (await this.remaining.textContent()) ?? '';
    const clock = /(\d+(?::\d{2}){1,2})/.exec(text)?.[1];
    if (!clock) throw new Error(`no remaining time in "${text}"`);
    return clock.split(':').reduce((total, part) => total * 60 + Number(part), 0);
  }
}
