import { expect, keepScreenshot, test } from './fixtures';
import { FuturesPage } from './pages/FuturesPage';
import { InstrumentsPage } from './pages/InstrumentsPage';
import { OptionChainPage } from './pages/OptionChainPage';

test('search → futures ladder: months from the codes, front month, no invented notice dates', async ({
  deskPage,
}) => {
  const futures = new FuturesPage(deskPage);
  await futures.open();
  await futures.searchBox.fill('crude');
  await futures.resultRow('CL:xnym', 'Futures ladder').click();
  await expect(futures.heading).toContainText('CL:xnym');
  await expect(futures.rows().first()).toBeVisible();
  expect(await futures.rows().count()).toBeGreaterThan(12);

  const symbols = await futures.column('symbol');
  const months = await futures.column('contractMonth');
  const expiries = await futures.column('lastTradeDate');
  // WTI expires in the month before delivery: the contract month is read from the code.
  const january = symbols.findIndex((symbol) => /^CLF\d$/.test(symbol));
  expect(months[january]).toMatch(/^Jan 20\d\d$/);
  const januaryYear = Number(months[january]?.slice(4));
  expect(expiries[january]).toMatch(new RegExp(`^${januaryYear - 1}-12-\\d\\d$`));

  // CL carries no notice date before its last trading day: every contract rolls before its last trade.
  await expect.poll(async () => new Set(await futures.column('noticeDate'))).toEqual(new Set(['—']));
  expect(new Set((await futures.column('daysToRoll')).map((text) => text.replace(/^-?\d+ days? /, '')))).toEqual(
    new Set(['(to last trade)']),
  );
  const days = await futures.daysToRoll();
  expect(days).toEqual([...days].sort((a, b) => a - b));
  const frontIndex = days.findIndex((value) => value >= 0);
  await expect(futures.rows().nth(frontIndex)).toHaveClass(/front-month/);
  expect((await futures.column('badges'))[frontIndex]).toContain('Front');
  await expect(futures.summary).toContainText(`front month ${symbols[frontIndex]}`);
  // The contracts on screen are quoted: bid and ask with the contract's decimals (live, or the
  // last prices, greyed and said so, while the market is closed), the bid not above the ask.
  const front = symbols[frontIndex] as string;
  await expect(futures.columnHeader('Bid')).toBeVisible();
  await expect(futures.cell(front, 'quoteBid')).toHaveText(/^\d[\d,]*\.\d{2}$/);
  await expect(futures.cell(front, 'quoteAsk')).toHaveText(/^\d[\d,]*\.\d{2}$/);
  const [bid, ask] = await Promise.all(
    ['quoteBid', 'quoteAsk'].map(async (colId) => Number((await futures.cell(front, colId).textContent())?.replaceAll(',', ''))),
  );
  expect(bid).toBeLessThanOrEqual(ask as number);
  await expect(futures.cell(front, 'quoteNetChange')).toHaveText(/^([+-]?\d[\d,]*\.\d{2}|0\.00)$/);
  // The universe lists no calendar spreads on CL: said, not invented.
  await expect(futures.spreads).toContainText('The service lists no calendar spreads on CL contracts.');
  await keepScreenshot(deskPage, 'futures-cl-ladder');
});

test('the roll window badges the contracts within its number of days', async ({ deskPage }) => {
  const instruments = new InstrumentsPage(deskPage);
  await instruments.open();
  await instruments.search('crude');
  await instruments.openResult(instruments.resultOf('CL:xnym', 'ContractFutures'));
  const futures = new FuturesPage(deskPage);
  await expect(futures.rows().first()).toBeVisible();
  const days = await futures.daysToRoll();
  const rollCount = async () =>
    (await futures.column('badges')).filter((badge) => badge.includes('Roll')).length;

  await futures.rollDays.fill('0');
  await futures.rollDays.press('Tab');
  await expect.poll(rollCount).toBe(days.filter((value) => value === 0).length);
  await futures.rollDays.fill('100');
  await futures.rollDays.press('Tab');
  await expect.poll(rollCount).toBe(days.filter((value) => value >= 0 && value <= 100).length);
});

test('notice dates come from the contracts’ details and set the roll; a selected row shows details and schedule', async ({
  deskPage,
}) => {
  const instruments = new InstrumentsPage(deskPage);
  await instruments.open();
  await instruments.search('ZN');
  await instruments.openResult(instruments.resultOf('ZN:xcbt', 'ContractFutures'));
  const futures = new FuturesPage(deskPage);
  await expect(futures.heading).toContainText('ZN:xcbt');
  // Physically delivered T-Notes have a first notice date before expiry.
  await expect
    .poll(
      async () =>
        (await futures.column('noticeDate')).filter((date) => /^\d{4}-\d{2}-\d{2}$/.test(date)).length,
    )
    .toBeGreaterThan(0);
  const notices = await futures.column('noticeDate');
  const expiries = await futures.column('lastTradeDate');
  const rolls = await futures.column('daysToRoll');
  notices.forEach((notice, index) => {
    if (notice === '—') return;
    expect(notice < (expiries[index] ?? '')).toBe(true);
    // Physically delivered: the roll counts to the first notice, not the last trade.
    expect(rolls[index]).toMatch(/\(to notice\)$/);
  });
  // The front month is the nearest contract not yet in its delivery period (first notice ahead).
  const frontIndex = (await futures.column('badges')).findIndex((badge) => badge.includes('Front'));
  expect((await futures.daysToRoll())[frontIndex]).toBeGreaterThan(0);

  const symbol = (await futures.column('symbol'))[1] ?? '';
  await futures.row(symbol).click();
  await expect(futures.contractHeading).toContainText(symbol);
  await expect(futures.contractSchedule).toBeVisible();
  await expect(deskPage).toHaveURL(new RegExp(`contract=\\d+`));
  await keepScreenshot(deskPage, 'futures-zn-contract');
});

test('each contract links to the option roots on it: the chain shows only the expiries exercising into it', async ({ deskPage }) => {
  const instruments = new InstrumentsPage(deskPage);
  await instruments.open();
  await instruments.search('ZN');
  await instruments.openResult(instruments.resultOf('ZN:xcbt', 'ContractFutures'));
  const futures = new FuturesPage(deskPage);
  await expect(futures.rows().first()).toBeVisible();
  // The contract after the front month: the serial and quarterly options of the coming months
  // exercise into it (the front month's may all have expired already).
  await expect.poll(async () => (await futures.column('badges')).some((badge) => badge.includes('Front'))).toBe(true);
  const front = (await futures.column('badges')).findIndex((badge) => badge.includes('Front'));
  const symbol = (await futures.column('symbol'))[front + 1] ?? '';
  await expect(futures.link(symbol, 'Details')).toBeVisible();
  await futures.link(symbol, 'OZN options').click();
  const chain = new OptionChainPage(deskPage);
  await expect(deskPage).toHaveURL(/#\/chains\/\d+\?underlying=\d+/);
  await expect(chain.underlyingFilter).toHaveText(/^\d+ of \d+ expiries exercise into this futures contract\./);
  const [shown, all] = /^(\d+) of (\d+)/.exec((await chain.underlyingFilter.textContent()) ?? '')!.slice(1).map(Number);
  expect(shown).toBeGreaterThan(0);
  expect(shown).toBeLessThan(all ?? 0);
  await expect(chain.expiryTabs).toHaveCount(shown ?? 0);
  await keepScreenshot(deskPage, 'futures-zn-options-into-contract');
  await chain.showAllExpiries.click();
  await expect(chain.expiryTabs).toHaveCount(all ?? 0);
});
