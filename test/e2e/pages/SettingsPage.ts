/**
 * Page module of the Settings workspace.
 */
import type { Locator, Page } from '@playwright/test';

export class SettingsPage {
  readonly heading: Locator;
  readonly profiles: Locator;
  readonly simulatorStatus: Locator;
  readonly revealSeconds: Locator;
  readonly clipboardSeconds: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Settings', level: 1 });
    this.profiles = page.getByTestId('settings-profiles');
    this.simulatorStatus = page.getByTestId('simulator-status');
    this.revealSeconds = page.getByLabel('Show a revealed secret for (seconds)');
    this.clipboardSeconds = page.getByLabel('Clear a copied secret after (seconds)');
  }

  async open(): Promise<void> {
    await this.page.getByRole('link', { name: 'Settings', exact: true }).click();
    await this.heading.waitFor();
  }

  /** Sets how long secrets are shown and stay on the clipboard, and saves. */
  async setSecretTimings(revealSeconds: number, clipboardSeconds: number): Promise<void> {
    await this.revealSeconds.fill(String(revealSeconds));
    await this.clipboardSeconds.fill(String(clipboardSeconds));
    await this.page
      .getByRole('region', { name: 'Application secrets' })
      .getByRole('button', { name: 'Save' })
      .click();
  }

  section(name: string): Locator {
    return this.page.getByRole('region', { name });
  }
}
