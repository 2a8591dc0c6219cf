/**
 * Page module of the Reference data workspace: countries, time zones and currency pairs.
 */
import type { Locator, Page } from '@playwright/test';

export class ReferencePage {
  readonly heading: Locator;
  readonly filter: Locator;
  readonly status: Locator;
  readonly countriesGrid: Locator;
  readonly timeZonesGrid: Locator;
  readonly currencyPairsGrid: Locator;
  readonly exchangesGrid: Locator;
  readonly exchangeDetails: Locator;
  readonly exchangeState: Locator;
  readonly exchangeHolidays: Locator;
  readonly scheduleNow: Locator;
  readonly scheduleLegend: Locator;
  readonly panel: Locator;
  readonly refresh: Locator;
  /** The alert of a failed countries load: "Could not load countries: <reason>". */
  readonly countriesProblem: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Reference data' });
    this.panel = page.getByRole('tabpanel');
    this.filter = page.getByLabel('Filter countries');
    // The list's count (the export menu beside it says what it did in a status of its own).
    this.status = this.panel.getByRole('status').first();
    this.countriesGrid = page.getByTestId('countries-grid');
    this.timeZonesGrid = page.getByTestId('time-zones-grid');
    this.currencyPairsGrid = page.getByTestId('currency-pairs-grid');
    this.exchangesGrid = page.getByTestId('exchanges-grid');
    this.exchangeDetails = page.getByRole('complementary', { name: 'Exchange details' });
    this.exchangeState = this.exchangeDetails.getByTestId('exchange-state');
    this.exchangeHolidays = this.exchangeDetails.getByTestId('exchange-holidays');
    this.scheduleNow = this.exchangeDetails.getByTestId('schedule-now');
    this.scheduleLegend = this.exchangeDetails.getByTestId('schedule-legend');
    this.refresh = this.panel.getByRole('button', { name: 'Refresh' });
    this.countriesProblem = this.panel.getByRole('alert').filter({ hasText: 'Could not load countries' });
  }

  async open(): Promise<void> {
    await this.page
      .getByRole('navigation', { name: 'Workspaces' })
      .getByRole('link', { name: 'Reference data' })
      .click();
  }

  /** Shows one list: "Countries", "Time zones" or "Currency pairs". */
  async showList(name: string): Promise<void> {
    await this.page.getByRole('tab', { name }).click();
  }

  /** The filter box of a list, e.g. "Filter time zones". */
  filterOf(label: string): Locator {
    return this.page.getByLabel(label);
  }

  /** The texts of one column of `grid`, in the order shown. */
  async column(grid: Locator, colId: string): Promise<string[]> {
    return grid.locator(`[role="gridcell"][col-id="${colId}"]`).allTextContents();
  }

  /** The grid row whose cells include `text`. */
  countryRow(text: string): Locator {
    return this.rowIn(this.countriesGrid, text);
  }

  /** The cell of `row` in the column `colId`. */
  cell(row: Locator, colId: string): Locator {
    return row.locator(`[col-id="${colId}"]`);
  }

  /** The cell of `row` whose text is `text`. */
  cellWithText(row: Locator, text: string): Locator {
    return row.getByRole('gridcell', { name: text });
  }

  /** The row of `grid` whose cells include `text` exactly. */
  rowIn(grid: Locator, text: string): Locator {
    return grid
      .getByRole('row')
      .filter({ has: this.page.getByRole('gridcell', { name: text, exact: true }) });
  }
}
