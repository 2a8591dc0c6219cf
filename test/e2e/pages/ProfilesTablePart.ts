/**
 * Page module of the connection profiles table, the one component the profiles dialog and
 * Settings both show: its rows, Use, Edit, Delete (confirmed), and the profile form.
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

export class ProfilesTablePart {
  readonly table: Locator;
  readonly newProfile: Locator;
  readonly form: Locator;
  readonly formError: Locator;
  readonly saveProfile: Locator;

  /** The table inside `scope` (the dialog, or Settings' "Connection profiles" section). */
  constructor(
    readonly page: Page,
    readonly scope: Locator,
  ) {
    this.table = scope.getByTestId('profiles-table');
    this.newProfile = scope.getByRole('button', { name: 'New profile' });
    this.form = scope.getByRole('form');
    this.formError = this.form.getByRole('alert');
    this.saveProfile = this.form.getByRole('button', { name: 'Save profile' });
  }

  field(label: string): Locator {
    return this.form.getByLabel(label, { exact: true });
  }

  /** The row of a profile in the list. */
  row(name: string): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name }) });
  }

  /** Makes a profile the active one. */
  async use(name: string): Promise<void> {
    await this.row(name).getByRole('button', { name: `Use ${name}` }).click();
  }

  /** Deletes a remote profile, confirming the deletion, and waits until its row is gone. */
  async delete(name: string): Promise<void> {
    await this.row(name).getByRole('button', { name: `Delete ${name}` }).click();
    await this.scope.getByRole('alertdialog').getByRole('button', { name: 'Delete profile' }).click();
    await expect(this.row(name)).toHaveCount(0);
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
    await this.saveProfile.click();
  }

  /** Saves a valid profile, then makes it the active one. */
  async saveAndUse(entry: ProfileEntry): Promise<void> {
    await this.fillAndSave(entry);
    await expect(this.form).toBeHidden();
    await this.use(entry.name);
    await expect(this.row(entry.name)).toContainText('(active)');
  }
}
