import { expect, keepScreenshot, test } from './fixtures';
import { InstrumentsPage } from './pages/InstrumentsPage';
import { OptionChainPage } from './pages/OptionChainPage';

test('search → details → option chain → contract details', async ({ deskPage }) => {
  const instruments = new InstrumentsPage(deskPage);
  await instruments.open();
  await expect(instruments.heading).toBeVisible();
  await instruments.search('SPX');
  const index = instruments.resultRow('SPX.I');
  await expect(index).toBeVisible();
  await expect(instruments.resultCell('SPX:xcbo', 'Option chain')).toBeVisible();
  await expect(instruments.matchedWords().first()).toHaveText('SPX');
  await keepScreenshot(deskPage, 'instruments-search-spx');

  // A click previews the result beside the list; a double click opens it.
  await index.click();
  await expect(instruments.preview).toContainText('SPX.I — S&P 500');
  await expect(deskPage).toHaveURL(/#\/instruments$/);
  await instruments.openResult(index);
  await expect(deskPage).toHaveURL(/#\/instruments\/StockIndex\/\d+$/);
  await expect(instruments.detailsHeading).toHaveText('SPX.I — S&P 500');
  await expect(instruments.section('Identity')).toBeVisible();
  await expect(instruments.field('Symbol')).toHaveText('SPX.I');
  // Its quote streams in, with the index's two decimals, and says what state it is in.
  await expect(instruments.quotePrice).toHaveText(/^\d{1,3}(,\d{3})*\.\d{2}$/);
  await expect(instruments.quoteState).toHaveText(/^(Live|Indicative|Market closed: last price)/);
  // Only the groups the response carries: an index has no bond or fund fields, and no notice date.
  await expect(instruments.section('Bonds')).toHaveCount(0);
  await expect(instruments.section('Mutual funds')).toHaveCount(0);
  await expect(instruments.fieldLabel('Notice date')).toHaveCount(0);
  await keepScreenshot(deskPage, 'instruments-details-spx');

  // The S&P 500 lists two roots, as on the platform: SPX (Standard, AM-settled) and SPXW (Weekly).
  await expect(instruments.detailsLink(/^StockIndexOption root \d+ \(Weekly\)$/)).toBeVisible();
  await instruments.detailsLink(/^StockIndexOption root \d+ \(Standard\)$/).click();
  const chain = new OptionChainPage(deskPage);
  await expect(deskPage).toHaveURL(/#\/chains\/\d+/);
  await expect(chain.activeTab).toHaveAttribute(
    'aria-label',
    /^\w{3} \d{1,2} \w{3} \d{4}, \d+ days?, (Weekly|Monthly|Quarterly|End of month)$/,
  );
  await expect(chain.centre).toContainText('strike nearest the underlying at');
  const firstStrike = (await chain.strikeCells().first().textContent()) ?? '';
  await chain.callCell(firstStrike).click();
  await expect(chain.contractDetails).toBeVisible();
  await expect(chain.contractHeading).toContainText(/Call$/);
  await expect(chain.contractField('Strike price')).toBeVisible();
  await keepScreenshot(deskPage, 'instruments-chain-contract');
});

test('field groups add their fields to the details', async ({ deskPage }) => {
  const instruments = new InstrumentsPage(deskPage);
  await instruments.open();
  await instruments.search('Apple');
  await instruments.openResult(instruments.resultOf('AAPL:xnas', 'Stock'));
  await expect(instruments.detailsHeading).toContainText('AAPL:xnas');
  await expect(instruments.fieldLabel(/^Trading sessions$/)).toHaveCount(0);
  await instruments.fieldGroupToggle('Trading sessions').click();
  await expect(instruments.field('Trading sessions')).toContainText(/\d+ sessions/);
  await instruments.fieldGroupToggle('Order type settings').click();
  await expect(instruments.field('Order type settings')).toContainText('Limit');
  // Nasdaq trades 09:30–16:00 New York time: the timeline is drawn in exchange time.
  await expect(instruments.scheduleBlock(/AutomatedTrading 09:30–16:00/).first()).toBeVisible();
  await expect(instruments.scheduleColumn('Start (local)')).toBeVisible();
  await keepScreenshot(deskPage, 'instruments-field-groups');
});

test('filters narrow the search and scrolling loads the next pages', async ({ deskPage }) => {
  const instruments = new InstrumentsPage(deskPage);
  await instruments.open();
  // The exchange filter offers exchanges by name and MIC; the search takes the platform's ExchangeId.
  await instruments.exchange.click();
  await instruments.exchange.pressSequentially('nasdaq');
  await expect(instruments.exchangeOption(/^Nasdaq \(XNAS\)$/)).toBeVisible();
  await expect(instruments.exchangeOption(/^Nasdaq Copenhagen \(XCSE\)$/)).toBeVisible();
  await instruments.exchange.fill('');
  await instruments.chooseExchange('XNAS');
  await instruments.search('a');
  await expect(instruments.status).toHaveText(/^\d+ of \d+ results/);
  const exchanges = await instruments.resultColumn('ExchangeId');
  expect(new Set(exchanges)).toEqual(new Set(['NASDAQ']));

  const loaded = async () => Number(/^(\d+)/.exec((await instruments.status.textContent()) ?? '')?.[1]);
  const before = await loaded();
  await instruments.scrollResultsToEnd();
  await expect.poll(loaded).toBeGreaterThan(before);
});

test('the asset type filter is chosen from the keyboard', async ({ deskPage }) => {
  const instruments = new InstrumentsPage(deskPage);
  await instruments.open();
  await instruments.search('S&P 500');
  await expect(instruments.resultOf('SPX.I', 'StockIndex')).toBeVisible();
  await instruments.searchBox.press('Tab');
  // The select opens with Enter, filters as the trader types, and Enter picks the first match.
  await deskPage.keyboard.press('Enter');
  await deskPage.keyboard.type('StockIndexOption');
  await deskPage.keyboard.press('Enter');
  await deskPage.keyboard.press('Escape');
  await expect(instruments.resultOf('SPX:xcbo', 'StockIndexOption')).toBeVisible();
  await expect(instruments.resultOf('SPX.I', 'StockIndex')).toHaveCount(0);
  const types = await instruments.resultColumn('AssetType');
  expect(new Set(types)).toEqual(new Set(['StockIndexOption']));
});

test('search finds shares by ISIN, exact hits first, and the details show the ISIN found', async ({ deskPage }) => {
  const instruments = new InstrumentsPage(deskPage);
  await instruments.open();
  await instruments.search('US0378331005');
  await expect(instruments.resultRows().first()).toContainText('AAPL:xnas');
  await instruments.openResult(instruments.resultOf('AAPL:xnas', 'Stock'));
  await expect(instruments.field('ISIN')).toHaveText('US0378331005 (matched by your search)');
  // A prefix of the ISIN (from its third character) finds it too.
  await instruments.open();
  await instruments.search('us03783');
  await expect(instruments.resultOf('AAPL:xnas', 'Stock')).toBeVisible();
});

test('search keeps its place: back from a result finds the same row in view and under the keyboard', async ({ deskPage }) => {
  const instruments = new InstrumentsPage(deskPage);
  await instruments.open();
  await instruments.search('a');
  await expect(instruments.status).toHaveText(/^\d+ of \d+ results/);
  await instruments.scrollResultsBy(26 * 20);
  await expect.poll(() => instruments.firstRowInView()).toBeGreaterThanOrEqual(18);
  // The next page the scroll asked for has arrived.
  await expect(instruments.status).toHaveText(/^\d+ of \d+ results$/);
  const top = await instruments.firstRowInView();
  const row = instruments.resultRowAt(top + 3);
  const symbol = (await instruments.symbolOf(row)) ?? '';
  await row.click();
  await expect(instruments.preview).toBeVisible();
  await deskPage.keyboard.press('Enter');
  await expect(instruments.detailsHeading).toContainText(symbol);
  await deskPage.goBack();
  await expect(instruments.focusedResultRow()).toContainText(symbol);
  expect(Math.abs((await instruments.firstRowInView()) - top)).toBeLessThanOrEqual(1);
  await keepScreenshot(deskPage, 'instruments-back-same-place');
});

test('the search box stops at the service’s limit, and refusals are in words', async ({ deskPage }) => {
  const instruments = new InstrumentsPage(deskPage);
  await instruments.open();
  await instruments.searchBox.fill('x'.repeat(300));
  await expect(instruments.searchBox).toHaveValue('x'.repeat(255));
  await expect(instruments.searchError).toHaveCount(0);
});
