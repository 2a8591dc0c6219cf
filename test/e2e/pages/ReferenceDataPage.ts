/**
 * Page module of the Reference data workspace.
 */
import type { Locator, Page } from '@playwright/test';

export class ReferenceDataPage {
  readonly heading: Locator;
  readonly filter: Locator;
  readonly status: Locator;
  readonly countriesGrid: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Reference data' });
    this.filter = page.getByLabel('Filter countries');
    this.status = page.getByRole('status');
    this.countriesGrid = page.getByTestId('countries-grid');
  }

  async open(): Promise<void> {
    await this.page.getByRole('link', { name: 'Reference data' }).click();
  }

  /** The grid row whose cells include `text`. */
  countryRow(text: string): Locator {
    return this.countriesGrid.getByRole('row').filter({ has: this.page.getByRole('gridcell', { name: text, exact: true }) });
  }
}
