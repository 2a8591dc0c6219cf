/**
 * Page module of the Option chains workspace: the root search, the roots of the underlying (the
 * switch and side by side), the expiry tabs, each expiry's header, the strike window, the chain
 * grids and the contract details beside them.
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
  readonly referencePriceError: Locator;
  readonly columnsButton: Locator;
  readonly columnsPanel: Locator;
  readonly kindFilter: Locator;
  readonly earlierExpiries: Locator;
  readonly laterExpiries: Locator;
  readonly expiryStrip: Locator;
  readonly rootFacts: Locator;
  readonly underlyingFilter: Locator;
  readonly showAllExpiries: Locator;
  readonly underlyingPrice: Locator;
  readonly underlyingState: Locator;
  readonly rootSwitch: Locator;
  readonly relatedRoots: Locator;
  readonly panels: Locator;
  readonly occNote: Locator;
  readonly simulatedDay: Locator;

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
    this.referencePriceError = page.getByRole('alert').filter({ hasText: 'reference price' });
    this.columnsButton = page.getByRole('button', { name: /^Columns/ }).first();
    this.columnsPanel = page.getByRole('group', { name: 'Chain columns' });
    this.kindFilter = page.getByRole('group', { name: 'Show expiries' }).first();
    this.earlierExpiries = page.getByRole('button', { name: 'Earlier expiries' }).first();
    this.laterExpiries = page.getByRole('button', { name: 'Later expiries' }).first();
    this.expiryStrip = page.getByRole('tablist', { name: 'Expiries' }).first();
    this.rootFacts = page.getByTestId('chain-root-facts').first();
    this.underlyingFilter = page.getByTestId('chain-underlying-filter');
    this.showAllExpiries = page.getByRole('button', { name: 'Show all expiries' });
    this.underlyingPrice = page.getByTestId('chain-underlying-quote').first().getByTestId('quote-price');
    this.underlyingState = page.getByTestId('chain-underlying-quote').first().getByTestId('quote-state');
    this.relatedRoots = page.getByTestId('related-roots');
    this.rootSwitch = this.relatedRoots.getByRole('group', { name: /^Roots of / });
    this.panels = page.locator('section.chain-panel');
    this.occNote = page.getByTestId('chain-occ-note').first();
    this.simulatedDay = page.getByTestId('chain-simulated-day').first();
  }

  /** The chain header's button switching to a root, e.g. "SPXW:xcbo". */
  rootButton(symbol: string): Locator {
    return this.rootSwitch.getByRole('button', { name: new RegExp(`^${symbol.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`) });
  }

  /** The tick box showing another root's chain side by side. */
  besideChoice(symbol: string): Locator {
    return this.relatedRoots.getByRole('checkbox', { name: symbol, exact: true });
  }

  /** The heading of the `index`th panel (its root's symbol and description). */
  panelHeading(index: number): Locator {
    return this.panels.nth(index).getByRole('heading').first();
  }

  /** One fact of the active expiry's header: days, lastTrade, exercise, settlement or underlying. */
  expiryFact(key: 'days' | 'lastTrade' | 'exercise' | 'settlement' | 'underlying'): Locator {
    return this.page.getByTestId(`expiry-${key}`).first();
  }

  /** The active expiry's heading above its grid. */
  expiryHeading(): Locator {
    return this.page.getByTestId('expiry-header').first().getByRole('heading');
  }

  /** The strike cells drawn in the grid's pinned left part (none unless the strike is pinned). */
  pinnedStrikeCells(): Locator {
    return this.activeGrid().locator('[role="gridcell"][col-id="strike"].ag-cell-last-left-pinned');
  }

  /** The strike cell of the row of `strike` in the grid's pinned left part (none unless pinned). */
  pinnedStrikeCell(strike: number): Locator {
    return this.activeGrid().locator(`[role="row"][row-id="${strike}"] [role="gridcell"][col-id="strike"].ag-cell-last-left-pinned`);
  }

  /** How far the active grid's columns overflow its width sideways, in pixels (0 or less when they all fit). */
  async sidewaysOverflow(): Promise<number> {
    return this.activeGrid().evaluate((grid) => {
      // Every column is drawn (no column virtualisation): the last header's right edge is the columns'.
      const rights = [...grid.querySelectorAll('[role="columnheader"]')].map((header) => header.getBoundingClientRect().right);
      return Math.max(...rights) - grid.getBoundingClientRect().right;
    });
  }

  /** Scrolls the active grid's columns to their right end. */
  async scrollSidewaysToEnd(): Promise<void> {
    await this.activeGrid().evaluate((grid) => {
      // Whatever scrolls sideways in the grid (its body and its header follow one another).
      for (const element of grid.querySelectorAll<HTMLElement>('*')) {
        if (element.scrollWidth > element.clientWidth + 1) element.scrollLeft = element.scrollWidth;
      }
    });
  }

  /** The data-expiry of every expiry tab shown. */
  async tabExpiries(): Promise<string[]> {
    return this.expiryTabs.evaluateAll((tabs) => tabs.map((tab) => tab.getAttribute('data-expiry') ?? ''));
  }

  /** A kind of the expiry filter, e.g. "Monthlies". */
  kind(label: string): Locator {
    return this.kindFilter.getByRole('checkbox', { name: new RegExp(`^${label} \\(\\d+\\)$`) });
  }

  /** The column chooser's tick box of a column, e.g. "Uic" (the chooser must be open). */
  columnChoice(label: string): Locator {
    return this.columnsPanel.getByRole('checkbox', { name: label, exact: true });
  }

  /** The chooser's button moving a column one place earlier. */
  moveEarlier(label: string): Locator {
    return this.columnsPanel.getByRole('button', { name: `Move ${label} earlier` });
  }

  /** The active grid's column headers, in the order shown. */
  async columnHeaders(): Promise<string[]> {
    return this.activeGrid()
      .locator('.ag-header-row-column [role="columnheader"]')
      .evaluateAll((headers) =>
        headers
          .map((header) => ({ index: Number(header.getAttribute('aria-colindex')), text: header.textContent?.trim() ?? '' }))
          .sort((a, b) => a.index - b.index)
          .map((header) => header.text),
      );
  }

  /** The texts of one column of the active grid, e.g. "callOccSymbol". */
  async column(colId: string): Promise<string[]> {
    return this.activeGrid().locator(`[role="gridcell"][col-id="${colId}"]`).allTextContents();
  }

  /** The kinds (last part of the accessible name) of the expiry tabs shown. */
  async tabKinds(): Promise<string[]> {
    return this.expiryTabs.evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label')?.split(', ').at(-1) ?? ''));
  }

  /** How far the expiry strip is scrolled. */
  async stripScroll(): Promise<number> {
    return this.expiryStrip.evaluate((strip) => strip.scrollLeft);
  }

  /**
   * Where the rows in view lie against the grid's body (below the header, above the horizontal
   * scrollbar): the first row's top and the last row's bottom, in pixels; the first row is cut
   * when it starts above the body's top.
   */
  async rowBounds(grid: Locator = this.activeGrid()): Promise<{ bodyTop: number; bodyBottom: number; firstTop: number; lastBottom: number; rows: number }> {
    return grid.evaluate((element) => {
      // The body lies between the header's bottom and the horizontal scrollbar (or the grid's bottom).
      const header = element.querySelector('.ag-header')?.getBoundingClientRect();
      const scrollbar = element.querySelector('.ag-body-horizontal-scroll')?.getBoundingClientRect();
      const whole = element.getBoundingClientRect();
      const bodyTop = header?.bottom ?? whole.top;
      const bodyBottom = scrollbar && scrollbar.height > 0 ? scrollbar.top : whole.bottom;
      // The rows the body shows at least in part (the grid also draws some out of view).
      const rows = [...element.querySelectorAll<HTMLElement>('[role="row"][row-index]')]
        .map((row) => row.getBoundingClientRect())
        .filter((box) => box.height > 0 && box.bottom > bodyTop + 1 && box.top < bodyBottom - 1)
        .sort((a, b) => a.top - b.top);
      return { bodyTop, bodyBottom, firstTop: rows[0]?.top ?? 0, lastBottom: rows.at(-1)?.bottom ?? 0, rows: rows.length };
    });
  }

  /** The rows of the active grid inside its visible body, by strike text. */
  async strikesInView(): Promise<string[]> {
    return this.activeGrid().evaluate((element) => {
      const top = element.querySelector('.ag-header')?.getBoundingClientRect().bottom ?? 0;
      const bottom = element.getBoundingClientRect().bottom;
      return [...element.querySelectorAll<HTMLElement>('[role="row"][row-index]')]
        .filter((row) => {
          const box = row.getBoundingClientRect();
          return box.height > 0 && box.top >= top - 1 && box.bottom <= bottom + 1 && row.querySelector('[col-id="strike"]');
        })
        .map((row) => row.querySelector('[col-id="strike"]')?.textContent ?? '');
    });
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

  /** The cell of column `colId` in the row the keyboard is on (the cursor may sit on another column). */
  focusedRowCell(colId: string): Locator {
    return this.activeGrid().locator(`.ag-row-focus [col-id="${colId}"]`);
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

  /** The row index of the active grid's row with the keyboard focus. */
  async focusedRowIndex(): Promise<number> {
    return Number(await this.activeGrid().locator('.ag-row-focus').first().getAttribute('row-index'));
  }

  /** Data rows of the grid of the `index`th expiry shown (0: the active one). */
  rowsOfGrid(index: number): Locator {
    return this.grids.nth(index).locator('[role="row"][row-index]');
  }

  /** Data rows of the active expiry's grid. */
  strikeRows(): Locator {
    return this.activeGrid().locator('[role="row"][row-index]');
  }

  /** The strike cells of the active expiry, as shown. */
  strikeCells(): Locator {
    return this.activeGrid().locator('[role="gridcell"][col-id="strike"]');
  }

  /** The call symbol cell in the row of `strike` (as displayed, e.g. "6,650"). */
  callCell(strike: string): Locator {
    return this.activeGrid()
      .getByRole('row')
      .filter({ has: this.page.locator('[col-id="strike"]', { hasText: new RegExp(`^${strike}$`) }) })
      .locator('[col-id="callSymbol"]');
  }

  /** A price or greek cell (`callBid`, `putDelta`…) in the row of `strike` (a number) of the active expiry. */
  priceCell(strike: number, colId: string): Locator {
    return this.activeGrid().locator(`[role="row"][row-id="${strike}"] [role="gridcell"][col-id="${colId}"]`);
  }
}
