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
  readonly callsHeader: Locator;
  readonly putsHeader: Locator;
  readonly halfWidth: Locator;
  readonly allStrikes: Locator;
  readonly stackNext: Locator;
  readonly removeFromStack: Locator;
  readonly contractDetails: Locator;
  readonly contractHeading: Locator;
  readonly contractFields: Locator;

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
    this.callsHeader = page.getByRole('columnheader', { name: 'Calls' });
    this.putsHeader = page.getByRole('columnheader', { name: 'Puts' });
    this.halfWidth = page.getByLabel('Strikes either side of the centre');
    this.allStrikes = page.getByRole('checkbox', { name: 'All strikes' });
    this.stackNext = page.getByRole('button', { name: 'Stack next expiry' });
    this.removeFromStack = page.getByRole('button', { name: 'Remove from stack' });
    this.contractDetails = page.getByRole('complementary', { name: 'Contract details' });
    this.contractHeading = this.contractDetails.getByRole('heading', { level: 2 });
    this.contractFields = this.contractDetails.getByTestId('instrument-details').locator('dt');
  }

  async open(): Promise<void> {
    await this.navigationLink.click();
  }

  /** The root search's result row that mentions `text`. */
  resultRow(text: string): Locator {
    return this.results.getByRole('row').filter({ hasText: text });
  }

  /** Sets the strike window's half width by typing it. */
  async setHalfWidth(strikes: number): Promise<void> {
    await this.halfWidth.fill(String(strikes));
    await this.halfWidth.press('Tab');
  }

  /** Scrolls the active expiry's grid to its last strike. */
  async scrollActiveGridToEnd(): Promise<void> {
    await this.activeGrid()
      .locator('.ag-grid-viewport')
      .evaluate((element) => element.scrollTo(0, element.scrollHeight));
  }

  /** Status cells saying NonTradable that are not dimmed (none should be). */
  undimmedNonTradable(): Locator {
    return this.activeGrid()
      .locator('[role="gridcell"][col-id$="Status"]')
      .filter({ hasText: /^NonTradable$/ })
      .and(this.page.locator(':not(.non-tradable)'));
  }

  /** The cell with the keyboard focus in the active grid (`colId`: only in that column). */
  focusedCell(colId?: string): Locator {
    return this.activeGrid().locator(colId ? `.ag-cell-focus[col-id="${colId}"]` : '.ag-cell-focus');
  }

  /** A field label of the contract's details, e.g. "Strike price". */
  contractField(label: string): Locator {
    return this.contractFields.filter({ hasText: new RegExp(`^${label}$`) });
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
