/**
 * Page module of the app registry manager.
 */
import { expect, type Locator, type Page } from '@playwright/test';

export class AppsPage {
  readonly heading: Locator;
  readonly status: Locator;
  readonly grid: Locator;
  readonly filter: Locator;
  readonly perPage: Locator;
  readonly nextPage: Locator;
  readonly previousPage: Locator;
  readonly detail: Locator;
  readonly message: Locator;
  readonly secretsStatus: Locator;
  readonly useForSignIn: Locator;
  readonly useForSignInForm: Locator;
  readonly createProfile: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Apps', level: 1 });
    this.status = page.getByRole('status').filter({ hasText: /applications?|Loading applications/ });
    this.grid = page.getByTestId('apps-grid');
    this.filter = page.getByLabel('Filter applications');
    this.perPage = page.getByLabel('Applications per page');
    this.nextPage = page.getByRole('button', { name: 'Next page' });
    this.previousPage = page.getByRole('button', { name: 'Previous page' });
    this.detail = page.getByTestId('app-detail');
    this.message = page.locator('p[aria-live="polite"]');
    this.secretsStatus = this.detail.getByRole('status');
    this.useForSignIn = this.detail.getByRole('button', { name: 'Use for sign-in' });
    this.useForSignInForm = page.getByRole('form', { name: /^New connection profile from/ });
    this.createProfile = this.useForSignInForm.getByRole('button', { name: 'Create profile' });
  }

  async open(): Promise<void> {
    await this.page.getByRole('link', { name: 'Apps', exact: true }).click();
    await this.heading.waitFor();
  }

  rows(): Locator {
    return this.grid.locator('[role="row"][row-id]');
  }

  /** The cell texts of one column for the rows rendered, in row order. */
  async columnTexts(colId: string): Promise<string[]> {
    return this.rows().evaluateAll(
      (rows, column) =>
        rows
          .map((row) => ({
            index: Number(row.getAttribute('row-index')),
            text: row.querySelector(`[col-id="${column}"]`)?.textContent?.trim() ?? '',
          }))
          .sort((a, b) => a.index - b.index)
          .map((cell) => cell.text),
      colId,
    );
  }

  row(appKey: string): Locator {
    return this.grid.locator(`[role="row"][row-id="${appKey}"]`);
  }

  /** The AppKeys of the rows the grid has rendered. */
  async appKeys(): Promise<string[]> {
    return this.rows().evaluateAll((rows) => rows.map((row) => row.getAttribute('row-id') ?? ''));
  }

  /** Opens an application in the detail pane by clicking its name (retried while the grid settles). */
  async openApp(appKey: string): Promise<void> {
    await expect(async () => {
      await this.row(appKey).locator('[col-id="Name"]').click({ timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
    await expect(this.detail).toContainText(appKey);
  }

  /**
   * Opens the first application of the page that has a secret (retried while the grid
   * settles); resolves with its AppKey.
   */
  async openFirstAppWithSecrets(): Promise<string> {
    let appKey = '';
    await expect(async () => {
      const rows = await this.rows().evaluateAll((elements) =>
        elements
          .map((row) => ({
            index: Number(row.getAttribute('row-index')),
            key: row.getAttribute('row-id') ?? '',
            expiry: row.querySelector('[col-id="secretExpiry"]')?.textContent ?? '',
          }))
          .sort((a, b) => a.index - b.index),
      );
      appKey = rows.find((row) => row.expiry !== 'No secrets')?.key ?? '';
      await this.row(appKey).locator('[col-id="Name"]').click({ timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
    await expect(this.detail).toContainText(appKey);
    return appKey;
  }

  /** A heading of the open application's detail, e.g. "Endpoints". */
  detailHeading(name: string | RegExp): Locator {
    return this.detail.getByRole('heading', { name });
  }

  /** The Reveal, Hide or Copy button of the open application's first (or `index`th) secret. */
  secretButton(action: 'Reveal' | 'Hide' | 'Copy', index = 0): Locator {
    return this.secretRows()
      .nth(index)
      .getByRole('button', { name: new RegExp(`^${action} secret`) });
  }

  /** A field of the "Use for sign-in" form, by its label. */
  useForSignInField(label: string): Locator {
    return this.useForSignInForm.getByLabel(label);
  }

  /** The secrets' rows of the open application. */
  secretRows(): Locator {
    return this.detail.locator('tr[data-testid^="secret-"]');
  }

  revealedValue(): Locator {
    return this.detail.getByTestId('secret-value');
  }
}
