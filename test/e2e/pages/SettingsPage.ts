/**
 * Page module of the Settings workspace.
 */
import type { Locator, Page } from '@playwright/test';
import { ProfilesTablePart } from './ProfilesTablePart';

export class SettingsPage {
  readonly heading: Locator;
  /** The connection profiles section's table (the same component as the profiles dialog's). */
  readonly profiles: ProfilesTablePart;
  readonly simulatorStatus: Locator;
  readonly simulatorScale: Locator;
  readonly simulatorSeed: Locator;
  readonly revealSeconds: Locator;
  readonly clipboardSeconds: Locator;
  readonly secretTimingsStatus: Locator;
  readonly lightTheme: Locator;
  readonly darkTheme: Locator;
  /** What the review store section says: this computer, connected to the team, or why not. */
  readonly reviewStoreStatus: Locator;
  readonly copyToTeam: Locator;
  readonly copyReport: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Settings', level: 1 });
    this.profiles = new ProfilesTablePart(page, this.section('Connection profiles'));
    this.simulatorStatus = page.getByTestId('simulator-status');
    this.simulatorScale = page.getByTestId('simulator-scale');
    this.simulatorSeed = page.getByTestId('simulator-seed');
    this.revealSeconds = page.getByLabel('Show a revealed secret for (seconds)');
    this.clipboardSeconds = page.getByLabel('Clear a copied secret after (seconds)');
    this.secretTimingsStatus = this.section('Application secrets').getByRole('status');
    this.lightTheme = page.getByRole('radio', { name: 'Light' });
    this.darkTheme = page.getByRole('radio', { name: 'Dark' });
    this.reviewStoreStatus = page.getByTestId('review-store-status');
    this.copyToTeam = page.getByRole('button', { name: 'Copy my local review state to the team' });
    this.copyReport = page.getByTestId('copy-report');
  }

  /** Keeps review state with the team review service at `urls` (tried in turn), and saves. */
  async useTeamReview(urls: string[]): Promise<void> {
    const section = this.section('Review store');
    await section.getByRole('radio', { name: 'With the team review service' }).check();
    await section.getByLabel('Team review service addresses (one per line, tried in turn)').fill(urls.join('\n'));
    await section.getByRole('button', { name: 'Save' }).click();
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

  /**
   * Restarts the embedded simulator with a scale and seed, its universe generated afresh (a
   * cached universe of an older generator must not decide the outcome), confirming the restart.
   */
  async resetSimulator(scale: 'small' | 'default' | 'large', seed: number): Promise<void> {
    const section = this.section('Embedded simulator');
    await section.getByLabel('Scale').selectOption(scale);
    await section.getByLabel('Seed').fill(String(seed));
    await section.getByLabel('Generate the universe again').check();
    await section.getByRole('button', { name: 'Reset simulator' }).click();
    await section.getByRole('button', { name: 'Restart now' }).click();
  }

  /** Restarts the embedded simulator on another day (`yyyy-mm-dd`), its scale and seed kept, confirming the restart. */
  async simulateDay(day: string): Promise<void> {
    const section = this.section('Embedded simulator');
    await section.getByLabel('Day to simulate (empty: today)').fill(day);
    await section.getByRole('button', { name: 'Reset simulator' }).click();
    await section.getByRole('button', { name: 'Restart now' }).click();
  }
}
