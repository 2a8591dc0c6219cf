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
  expect(headers).toEqual(['Expiry', 'Calls Status', 'Calls OCC symbol', 'Calls Symbol', 'Strike', 'Puts Symbol', 'Puts OCC symbol', 'Puts Status']);
  const strikes = (await chain.column('strike')).map((shown) => Number(shown.replace(/,/g, '')));
  const first = rows.filter((row) => row[0] === expiry);
  // Strikes as numbers (a spreadsheet computes with them), in the grid's order.
  expect(first.map((row) => Number(row[4]))).toEqual(strikes);
  expect(new Set(rows.map((row) => row[0])).size).toBe(2);
  expect(first[0]?.[2]).toMatch(/^SPX {3}\d{6}C\d{8}$/);
});

test('a futures ladder exports its roll calendar without the links', async ({ deskPage }) => {
  const futures = new FuturesPage(deskPage);
  await futures.open();
  await futures.searchBox.fill('crude');
  await futures.resultRow('CL:xnym', 'Futures ladder').click();
  await expect(futures.rows().first()).toBeVisible();
  await expect.poll(async () => new Set(await futures.column('noticeDate'))).toEqual(new Set(['—']));
  const { text, fileName } = await new GridExportPart(deskPage, /roll calendar$/).saveCsv();
  expect(fileName).toMatch(new RegExp(`roll-calendar-${today.slice(0, 4)}`));
  const [headers, ...rows] = readDelimited(text);
  expect(headers).toEqual(['Symbol', 'Contract month', 'First notice', 'Last trade', 'Days to roll', 'Flags', 'Uic']);
  // Every contract, not only the rows drawn; the first ones as the grid shows them.
  const contracts = Number(/^(\d+) contracts/.exec((await futures.summary.textContent()) ?? '')?.[1]);
  expect(rows).toHaveLength(contracts);
  const symbols = await futures.column('symbol');
  expect(rows.slice(0, symbols.length).map((row) => row[0])).toEqual(symbols);
  const rolls = await futures.column('daysToRoll');
  expect(rows.slice(0, rolls.length).map((row) => row[4])).toEqual(rolls);
  // No notice date is invented: where the grid shows a dash, the spreadsheet gets an empty cell.
  expect(new Set(rows.map((row) => row[2]))).toEqual(new Set(['']));
  expect(rows.every((row) => /^\d{4}-\d{2}-\d{2}$/.test(row[3] ?? '') && /^\d+$/.test(row[6] ?? ''))).toBe(true);
});
