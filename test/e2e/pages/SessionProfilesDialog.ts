/**
 * Page module of the connection profiles dialog (the status bar's profile, or the sign-in
 * prompt's "Manage profiles"): the profiles table and Close.
 */
import type { Locator, Page } from '@playwright/test';
import { ProfilesTablePart, type ProfileEntry } from './ProfilesTablePart';

export type { ProfileEntry } from './ProfilesTablePart';

/** A code + PKCE profile for the embedded simulator's demo app (its AppSecret included). */
export function pkceProfileOf(
  simulator: { baseUrl: string; authUrl: string; appKey: string; appSecret: string },
  name: string,
): ProfileEntry {
  const { baseUrl, authUrl, appKey, appSecret } = simulator;
  return { name, baseUrl, authUrl, appKey, appSecret, flow: 'Login page (authorization code + PKCE)' };
}

export class SessionProfilesDialog extends ProfilesTablePart {
  readonly dialog: Locator;
  readonly close: Locator;

  constructor(page: Page) {
    const dialog = page.getByRole('dialog', { name: 'Connection profiles' });
    super(page, dialog);
    this.dialog = dialog;
    this.close = dialog.getByRole('button', { name: 'Close' });
  }
}
