/**
 * Page module of the Option chains workspace: the root search, the expiry tabs, the strike
 * window, the chain grids and the contract details beside them.
 */
import type { Locator, Page } from '@playwright/test';

export class OptionChainPage {
  readonly navigationLink: Locator;
  readonly rootSearchBox: Locator;
  readonly results: Locator;
  readonly expiryTabs: Locator;
  readonly activeTab: Locator;
  readonly referencePrice: Locator;
  readonly centre: Locator;
  readonly grids: Locator;
  readonly contractDetails: Locator;

  constructor(readonly page: Page) {
    this.navigationLink = page
      .getByRole('navigation', { name: 'Workspaces' })
      .getByRole('link', { name: 'Option chains', exact: true });
    this.rootSearchBox = page.getByLabel('Search option roots');
    this.results = page.getByTestId('search-results');
    this.expiryTabs = page.getByRole('tablist', { name: 'Expiries' }).getByRole('tab');
    this.activeTab = page.getByRole('tablist', { name: 'Expiries' }).getByRole('tab', { selected: true });
    this.referencePrice = page.getByLabel('Reference price');
    this.centre = page.getByTestId('chain-centre');
    this.grids = page.getByTestId('option-chain-grid');
    this.contractDetails = page.getByRole('complementary', { name: 'Contract details' });
  }

  async open(): Promise<void> {
    await this.navigationLink.click();
  }

  /** The first chain grid (the active expiry). */
  activeGrid(): Locator {
    return this.grids.first();
  }

  /** Data rows of the active expiry's grid. */
  strikeRows(): Locator {
    return this.activeGrid().locator('[role="row"][row-index]');
  }

  /** The strike cells of the active expiry, as shown. */
  strikeCells(): Locator {
    return this.activeGrid().locator('[role="gridcell"][col-id="strike"]');
  }

  /** The call uic cell in the row of `strike` (as displayed, e.g. "6,650"). */
  callCell(strike: string): Locator {
    return this.activeGrid()
      .getByRole('row')
      .filter({ has: this.page.locator('[col-id="strike"]', { hasText: new RegExp(`^${strike}$`) }) })
      .locator('[col-id="callUic"]');
  }
}
