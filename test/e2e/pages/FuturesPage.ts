/**
 * Page module of the Futures workspace: the futures search and a continuous future's ladder.
 */
import type { Locator, Page } from '@playwright/test';

export class FuturesPage {
  readonly navigationLink: Locator;
  readonly searchBox: Locator;
  readonly results: Locator;
  readonly heading: Locator;
  readonly summary: Locator;
  readonly rollDays: Locator;
  readonly ladder: Locator;
  readonly contractDetails: Locator;
  readonly contractHeading: Locator;
  readonly contractSchedule: Locator;
  readonly focusedRow: Locator;
  readonly spreads: Locator;

  constructor(readonly page: Page) {
    this.navigationLink = page
      .getByRole('navigation', { name: 'Workspaces' })
      .getByRole('link', { name: 'Futures', exact: true });
    this.searchBox = page.getByLabel('Search futures');
    this.results = page.getByTestId('search-results');
    this.heading = page.getByRole('heading', { level: 1 });
    this.summary = page.getByTestId('ladder-summary');
    this.rollDays = page.getByLabel('Roll window (days)');
    this.ladder = page.getByTestId('futures-ladder-grid');
    this.contractDetails = page.getByRole('complementary', { name: 'Contract details' });
    this.contractHeading = this.contractDetails.getByRole('heading', { level: 2 });
    this.contractSchedule = this.contractDetails.getByTestId('schedule-timeline');
    this.focusedRow = this.ladder.locator('.ag-row-focus');
    this.spreads = page.getByRole('region', { name: 'Calendar spreads' });
  }

  /** A link of a contract's Links cell, e.g. "Details" or "OZN options". */
  link(symbol: string, name: string | RegExp): Locator {
    return this.row(symbol).locator('[col-id="links"]').getByRole('link', { name });
  }

  /** A column's header in the ladder, e.g. "Bid". */
  columnHeader(name: string): Locator {
    return this.ladder.getByRole('columnheader', { name, exact: true });
  }

  /** The row index of the row with the keyboard focus. */
  async focusedRowIndex(): Promise<number> {
    return Number(await this.focusedRow.first().getAttribute('row-index'));
  }

  /** The symbol of the row with the keyboard focus. */
  focusedSymbol(): Locator {
    return this.focusedRow.locator('[col-id="symbol"]');
  }

  /** Days to roll as numbers (from "12 days (to notice)"). */
  async daysToRoll(): Promise<number[]> {
    return (await this.column('daysToRoll')).map((text) => Number(/^(-?\d+)/.exec(text)?.[1]));
  }

  async open(): Promise<void> {
    await this.navigationLink.click();
  }

  /** The search's result rows that mention every one of `texts`. */
  resultRow(...texts: string[]): Locator {
    return texts.reduce((rows, text) => rows.filter({ hasText: text }), this.results.getByRole('row'));
  }

  /** Data rows of the ladder, in order. */
  rows(): Locator {
    return this.ladder.locator('[role="row"][row-index]');
  }

  /** The ladder row of a contract symbol. */
  row(symbol: string): Locator {
    return this.ladder
      .getByRole('row')
      .filter({ has: this.page.getByRole('gridcell', { name: symbol, exact: true }) });
  }

  /** One cell of a contract's row, e.g. ("ESH7", "daysToRoll"). */
  cell(symbol: string, colId: string): Locator {
    return this.row(symbol).locator(`[col-id="${colId}"]`);
  }

  /** The texts of one column, in row order. */
  async column(colId: string): Promise<string[]> {
    return this.ladder.locator(`[role="gridcell"][col-id="${colId}"]`).allTextContents();
  }
}
