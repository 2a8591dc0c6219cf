/**
 * Page module of the connection profiles dialog and its profile form.
 */
import { expect, type Locator, type Page } from '@playwright/test';

export interface ProfileEntry {
  name: string;
  baseUrl: string;
  authUrl: string;
  appKey: string;
  appSecret?: string;
  redirectUri?: string;
  flow: 'Login page (implicit)' | 'Login page (authorization code + PKCE)' | 'Certificate (signed assertion)';
}

/** A code + PKCE profile for the embedded simulator's demo app (its AppSecret included). */
export function pkceProfileOf(
  simulator: { baseUrl: string; authUrl: string; appKey: string; appSecret: string },
  name: string,
): ProfileEntry {
  const { baseUrl, authUrl, appKey, appSecret } = simulator;
  return { name, baseUrl, authUrl, appKey, appSecret, flow: 'Login page (authorization code + PKCE)' };
}

export class SessionProfilesDialog {
  readonly dialog: Locator;
  readonly newProfile: Locator;
  readonly close: Locator;
  readonly form: Locator;
  readonly formError: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Connection profiles' });
    this.newProfile = this.dialog.getByRole('button', { name: 'New profile' });
    this.close = this.dialog.getByRole('button', { name: 'Close' });
    this.form = this.dialog.getByRole('form');
    this.formError = this.form.getByRole('alert');
  }

  field(label: string): Locator {
    return this.form.getByLabel(label, { exact: true });
  }

  /** The row of a profile in the list. */
  row(name: string): Locator {
    return this.dialog.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name }) });
  }

  /** Fills the profile form (creating a new profile when none is open) and saves it. */
  async fillAndSave(entry: ProfileEntry): Promise<void> {
    if (!(await this.form.isVisible())) await this.newProfile.click();
    await this.field('Name').fill(entry.name);
    await this.field('Base URL').fill(entry.baseUrl);
    await this.field('Authentication URL').fill(entry.authUrl);
    await this.field('AppKey').fill(entry.appKey);
    if (entry.appSecret !== undefined) await this.field('AppSecret').fill(entry.appSecret);
    if (entry.redirectUri !== undefined) await this.field('Redirect URI').fill(entry.redirectUri);
    await this.field('Sign-in flow').selectOption({ label: entry.flow });
    await this.form.getByRole('button', { name: 'Save profile' }).click();
  }

  /** Saves a valid profile, then makes it the active one. */
  async saveAndUse(entry: ProfileEntry): Promise<void> {
    await this.fillAndSave(entry);
    await expect(this.form).toBeHidden();
    await this.row(entry.name).getByRole('button', { name: `Use ${entry.name}` }).click();
    await expect(this.row(entry.name)).toContainText('(active)');
  }
}
