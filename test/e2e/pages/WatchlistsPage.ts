/**
 * Page module of the Watchlists workspace and of the watchlist button the search, the chain and
 * the ladder carry (W adds the instrument under the cursor).
 */
import type { Locator, Page } from '@playwright/test';

export class WatchlistsPage {
  readonly navigationLink: Locator;
  readonly heading: Locator;
  readonly lists: Locator;
  readonly newName: Locator;
  readonly create: Locator;
  readonly grid: Locator;
  readonly count: Locator;
  /** The watchlist button of the workspace shown (search, chain or ladder) and what it said. */
  readonly watchButton: Locator;
  readonly watchMessage: Locator;

  constructor(readonly page: Page) {
    this.navigationLink = page
      .getByRole('navigation', { name: 'Workspaces' })
      .getByRole('link', { name: 'Watchlists', exact: true });
    this.heading = page.getByRole('heading', { name: 'Watchlists', level: 1 });
    this.lists = page.getByRole('navigation', { name: 'Watchlists' }).getByRole('listitem').getByRole('button');
    this.newName = page.getByLabel('New watchlist name');
    this.create = page.getByRole('button', { name: 'Create' });
    this.grid = page.getByTestId('watchlist-grid');
    this.count = page.getByTestId('watchlist-count');
    this.watchButton = page.getByTestId('watch-button').getByRole('button').first();
    this.watchMessage = page.getByTestId('watch-button').getByRole('status');
  }

  async open(): Promise<void> {
    await this.navigationLink.click();
  }

  /** The texts of one column of the watchlist shown, e.g. "symbol". */
  async column(colId: string): Promise<string[]> {
    return this.grid.locator(`[role="gridcell"][col-id="${colId}"]`).allTextContents();
  }

  /** The watchlist row of a symbol. */
  row(symbol: string): Locator {
    return this.grid.getByRole('row').filter({ has: this.page.getByRole('gridcell', { name: symbol, exact: true }) });
  }

  /** One cell of the row of `symbol`, e.g. its "exchangeId". */
  cell(symbol: string, colId: string): Locator {
    return this.row(symbol).locator(`[col-id="${colId}"]`);
  }

  /** The cell of a row that has the keyboard focus. */
  focusedCell(): Locator {
    return this.grid.locator('.ag-cell-focus');
  }
}
