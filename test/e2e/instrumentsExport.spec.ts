import { readDelimited } from '../support/csvText';
import { expect, test } from './fixtures';
import { FuturesPage } from './pages/FuturesPage';
import { GridExportPart } from './pages/GridExportPart';
import { InstrumentsPage } from './pages/InstrumentsPage';
import { OptionChainPage } from './pages/OptionChainPage';

const today = new Date().toISOString().slice(0, 10);

test('search results export as a CSV file and as tab-separated text, as the grid shows them', async ({ deskPage }) => {
  await deskPage.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const instruments = new InstrumentsPage(deskPage);
  await instruments.open();
  await instruments.search('Apple');
  await expect(instruments.resultOf('AAPL:xnas', 'Stock')).toBeVisible();
  const shown = Number(/^(\d+)/.exec((await instruments.status.textContent()) ?? '')?.[1]);
  const exporter = new GridExportPart(deskPage, /^Export search/);

  const { text, fileName } = await exporter.saveCsv();
  expect(text.charCodeAt(0)).toBe(0xfeff);
  expect(fileName).toMatch(/^search-apple-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = readDelimited(text);
  expect(rows[0]).toEqual(['Symbol', 'Description', 'Asset type', 'Exchange', 'Currency', 'Uic / root id', 'Opens']);
  // Every result loaded, not only the rows drawn.
  expect(rows).toHaveLength(shown + 1);
  expect(rows).toContainEqual(['AAPL:xnas', 'Apple Inc.', 'Stock', 'NASDAQ', 'USD', expect.stringMatching(/^\d+$/), 'Details']);
  await expect(exporter.message).toHaveText(`Saved ${shown} rows as ${fileName}.`);

  const copied = readDelimited(await exporter.copyTabSeparated(), '\t');
  expect(copied).toEqual(rows);
});

test('an option chain exports every expiry shown, one row per strike led by its expiry', async ({ deskPage }) => {
  // Stacking a second expiry of the largest root takes a while on a busy machine.
  test.setTimeout(180_000);
  const chain = new OptionChainPage(deskPage);
  await chain.open();
  await chain.rootSearchBox.fill('SPX');
  await chain.resultRow('SPX:xcbo').click();
  await expect(chain.strikeRows().first()).toBeVisible();
  await chain.stackNext.click();
  await expect(chain.grids).toHaveCount(2);
  await expect(chain.rowsOfGrid(1).first()).toBeVisible();
  const expiry = (await chain.activeTab.getAttribute('data-expiry')) ?? '';

  const { text, fileName } = await new GridExportPart(deskPage, /^Export SPX:xcbo chain/).saveCsv();
  expect(fileName.startsWith(`spx-xcbo-chain-${expiry}-`)).toBe(true);
  const [headers, ...rows] = readDelimited(text);
  // The chain's default columns, prices included, each side mirrored around the strike.
  expect(headers).toEqual([
    'Expiry',
    'Calls Symbol',
    'Calls Delta',
    'Calls IV',
    'Calls Ask',
    'Calls Bid',
    'Strike',
    'Puts Bid',
    'Puts Ask',
    'Puts IV',
    'Puts Delta',
    'Puts Symbol',
  ]);
  // The grid shows strikes ascending; its rows sit in the page in no set order.
  const strikes = (await chain.column('strike'))
    .map((shown) => Number(shown.replace(/,/g, '')))
    .sort((a, b) => a - b);
  const first = rows.filter((row) => row[0] === expiry);
  // Strikes as numbers (a spreadsheet computes with them), ascending as the grid shows them.
  expect(first.map((row) => Number(row[6]))).toEqual(strikes);
  expect(new Set(rows.map((row) => row[0])).size).toBe(2);
  // Each row names its own contracts: a call on the left, a put on the right.
  expect(first[0]?.[1]).toMatch(/^SPX\/\w+C[\d.]+:xcbo$/);
  expect(first[0]?.[11]).toMatch(/^SPX\/\w+P[\d.]+:xcbo$/);
});

test('a futures ladder exports its roll calendar without the links', async ({ deskPage }) => {
  const futures = new FuturesPage(deskPage);
  await futures.open();
  await futures.searchBox.fill('crude');
  await futures.resultRow('CL:xnym', 'Futures ladder').click();
  await expect(futures.rows().first()).toBeVisible();
  await expect.poll(async () => new Set(await futures.column('noticeDate'))).toEqual(new Set(['—']));
  // The first contract (on screen) is quoted before the export.
  await expect(futures.cell((await futures.column('symbol'))[0] as string, 'quoteBid')).toHaveText(/^\d[\d,]*\.\d{2}$/);
  const { text, fileName } = await new GridExportPart(deskPage, /roll calendar$/).saveCsv();
  expect(fileName).toMatch(new RegExp(`roll-calendar-${today.slice(0, 4)}`));
  const [headers, ...rows] = readDelimited(text);
  expect(headers).toEqual([
    'Symbol',
    'Contract month',
    'Bid',
    'Ask',
    'Last',
    'Net change',
    'First notice',
    'Last trade',
    'Days to roll',
    'Flags',
    'Uic',
  ]);
  // Quotes as numbers a spreadsheet computes with (no thousands separator, no formula escape).
  expect(rows[0]?.[2]).toMatch(/^\d+(\.\d+)?$/);
  expect(rows[0]?.[5]).toMatch(/^(-?\d+(\.\d+)?)?$/);
  // Every contract, not only the rows drawn; the first ones as the grid shows them.
  const contracts = Number(/^(\d+) contracts/.exec((await futures.summary.textContent()) ?? '')?.[1]);
  expect(rows).toHaveLength(contracts);
  const symbols = await futures.column('symbol');
  expect(rows.slice(0, symbols.length).map((row) => row[0])).toEqual(symbols);
  const rolls = await futures.column('daysToRoll');
  expect(rows.slice(0, rolls.length).map((row) => row[8])).toEqual(rolls);
  // No notice date is invented: where the grid shows a dash, the spreadsheet gets an empty cell.
  expect(new Set(rows.map((row) => row[6]))).toEqual(new Set(['']));
  expect(rows.every((row) => /^\d{4}-\d{2}-\d{2}$/.test(row[7] ?? '') && /^\d+$/.test(row[10] ?? ''))).toBe(true);
});
