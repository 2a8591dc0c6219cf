/**
 * Page module of the Instruments workspace: the search with its filters and results, and an
 * instrument's details with its field groups and trading schedule.
 */
import type { Locator, Page } from '@playwright/test';

export class InstrumentsPage {
  readonly navigationLink: Locator;
  readonly heading: Locator;
  readonly searchBox: Locator;
  readonly assetTypes: Locator;
  readonly exchange: Locator;
  readonly status: Locator;
  readonly results: Locator;
  readonly details: Locator;
  readonly detailsHeading: Locator;
  readonly scheduleTimeline: Locator;
  readonly scheduleSessions: Locator;
  readonly resultsViewport: Locator;
  readonly preview: Locator;
  readonly previewOpen: Locator;
  readonly searchError: Locator;
  readonly quotePrice: Locator;
  readonly quoteBid: Locator;
  readonly quoteState: Locator;

  constructor(readonly page: Page) {
    this.navigationLink = page
      .getByRole('navigation', { name: 'Workspaces' })
      .getByRole('link', { name: 'Instruments', exact: true });
    this.heading = page.getByRole('heading', { name: 'Instruments', exact: true });
    this.searchBox = page.getByLabel('Search instruments');
    this.assetTypes = page.getByLabel('Asset types');
    this.exchange = page.getByLabel('Exchange', { exact: true });
    this.status = page.getByTestId('search-status');
    this.results = page.getByTestId('search-results');
    this.resultsViewport = this.results.locator('.ag-grid-viewport');
    this.details = page.getByTestId('instrument-details');
    this.detailsHeading = this.details.getByRole('heading').first();
    this.scheduleTimeline = page.getByTestId('schedule-timeline');
    this.scheduleSessions = page.getByTestId('schedule-sessions');
    this.preview = page.getByRole('complementary', { name: 'Preview' });
    this.previewOpen = this.preview.getByRole('button', { name: /^Open / });
    this.searchError = page.getByRole('alert').filter({ hasText: 'Search failed' });
    this.quotePrice = page.getByTestId('instrument-quote').getByTestId('quote-price');
    this.quoteBid = page.getByTestId('instrument-quote').getByTestId('quote-bid');
    this.quoteState = page.getByTestId('instrument-quote').getByTestId('quote-state');
  }

  /** Opens a result where it belongs (a double click; a single click only previews it). */
  async openResult(row: Locator): Promise<void> {
    await row.dblclick();
  }

  /**
   * Chooses an exchange of the exchange filter from the keyboard: types part of its name or MIC
   * and takes the first choice offered (the pick-list's menu items carry no ARIA role).
   */
  async chooseExchange(typed: string): Promise<void> {
    await this.exchange.click();
    await this.exchange.pressSequentially(typed);
    await this.exchangeOption(typed).first().waitFor();
    await this.exchange.press('Enter');
  }

  /** The exchanges the open pick-list offers whose label holds `text`. */
  exchangeOption(text: string | RegExp): Locator {
    return this.page.locator('.n-base-select-option', { hasText: text });
  }

  /** A field of the preview's details, by its label. */
  previewField(label: string): Locator {
    return this.preview.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
  }

  /** The index of the first result row in view, as the grid reports it. */
  async firstRowInView(): Promise<number> {
    return this.results.evaluate((grid) => {
      const viewport = grid.querySelector('.ag-grid-viewport');
      const rows = [...grid.querySelectorAll<HTMLElement>('[role="row"][row-index]')];
      const top = viewport?.getBoundingClientRect().top ?? 0;
      const visible = rows.filter((row) => row.getBoundingClientRect().bottom > top + 2);
      return Math.min(...visible.map((row) => Number(row.getAttribute('row-index'))));
    });
  }

  /** The result row at `index` of the results (0 first). */
  resultRowAt(index: number): Locator {
    return this.results.locator(`[role="row"][row-index="${index}"]`);
  }

  /** The symbol shown in a result row. */
  async symbolOf(row: Locator): Promise<string | null> {
    return row.locator('[col-id="Symbol"]').textContent();
  }

  /** Scrolls the results down by `pixels`. */
  async scrollResultsBy(pixels: number): Promise<void> {
    await this.results.locator('.ag-grid-viewport').evaluate((viewport, by) => viewport.scrollBy(0, by), pixels);
  }

  async open(): Promise<void> {
    await this.navigationLink.click();
  }

  /** Types keywords into the search box, as a user would, key by key. */
  async search(keywords: string): Promise<void> {
    await this.searchBox.fill('');
    await this.searchBox.pressSequentially(keywords);
  }

  /** The result rows whose cells include `text` exactly. */
  resultRow(text: string): Locator {
    return this.results
      .getByRole('row')
      .filter({ has: this.page.getByRole('gridcell', { name: text, exact: true }) });
  }

  /** The result row of a symbol with one asset type (a symbol can be a stock and a CFD). */
  resultOf(symbol: string, assetType: string): Locator {
    return this.resultRow(symbol).filter({
      has: this.page.getByRole('gridcell', { name: assetType, exact: true }),
    });
  }

  /** Every data row of the results grid. */
  resultRows(): Locator {
    return this.results.locator('[role="row"][row-index]');
  }

  /** The highlighted (matched) words of the results. */
  matchedWords(): Locator {
    return this.results.locator('mark.match');
  }

  /** A cell of a result row, by its text (e.g. the "Option chain" of an option root). */
  resultCell(rowText: string, cellText: string): Locator {
    return this.resultRow(rowText).getByRole('gridcell', { name: cellText });
  }

  /** The texts of one column of the results, e.g. "ExchangeId". */
  async resultColumn(colId: string): Promise<string[]> {
    return this.results.locator(`[role="gridcell"][col-id="${colId}"]`).allTextContents();
  }

  /** Scrolls the results to their end (the next page loads). */
  async scrollResultsToEnd(): Promise<void> {
    await this.resultsViewport.evaluate((viewport) => viewport.scrollTo(0, viewport.scrollHeight));
  }

  /** The result cell and row that have the keyboard focus. */
  focusedResultCell(): Locator {
    return this.results.locator('.ag-cell-focus');
  }

  focusedResultRow(): Locator {
    return this.results.locator('.ag-row-focus');
  }

  /** The label of a field of the details (absent when the response did not carry it). */
  fieldLabel(label: string | RegExp): Locator {
    return this.details.locator('dt', { hasText: label });
  }

  /** A link in the details, e.g. to an option root. */
  detailsLink(name: string | RegExp): Locator {
    return this.details.getByRole('link', { name });
  }

  /** A session drawn on the schedule timeline, by its accessible name. */
  scheduleBlock(name: string | RegExp): Locator {
    return this.scheduleTimeline.getByRole('img', { name });
  }

  /** A column header of the schedule's sessions grid. */
  scheduleColumn(name: string): Locator {
    return this.scheduleSessions.getByRole('columnheader', { name });
  }

  /** A group of the details, e.g. "Identity". */
  section(title: string): Locator {
    return this.details.getByRole('region', { name: title });
  }

  /** The value shown for a field label of the details. */
  field(label: string): Locator {
    return this.details
      .locator('dt', { hasText: new RegExp(`^${label}$`) })
      .locator('xpath=following-sibling::dd[1]');
  }

  /** The toggle of a detail field group, e.g. "Trading sessions". */
  fieldGroupToggle(name: string): Locator {
    return this.details.getByRole('checkbox', { name });
  }
}
