import { expect, keepScreenshot, test } from './fixtures';
import { FuturesPage } from './pages/FuturesPage';
import { InstrumentsPage } from './pages/InstrumentsPage';

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
  const expiries = await futures.column('expiryDate');
  // WTI expires in the month before delivery: the contract month is read from the code.
  const january = symbols.findIndex((symbol) => /^CLF\d$/.test(symbol));
  expect(months[january]).toMatch(/^Jan 20\d\d$/);
  const januaryYear = Number(months[january]?.slice(4));
  expect(expiries[january]).toMatch(new RegExp(`^${januaryYear - 1}-12-\\d\\d$`));

  const days = (await futures.column('daysToExpiry')).map(Number);
  expect(days).toEqual([...days].sort((a, b) => a - b));
  const frontIndex = days.findIndex((value) => value >= 0);
  await expect(futures.rows().nth(frontIndex)).toHaveClass(/front-month/);
  expect((await futures.column('badges'))[frontIndex]).toContain('Front');
  await expect(futures.summary).toContainText(`front month ${symbols[frontIndex]}`);
  // CL carries no notice date before its last trading day: every notice cell is a dash.
  await expect.poll(async () => new Set(await futures.column('noticeDate'))).toEqual(new Set(['—']));
  await keepScreenshot(deskPage, 'futures-cl-ladder');
});

test('the roll window badges the contracts within its number of days', async ({ deskPage }) => {
  const instruments = new InstrumentsPage(deskPage);
  await instruments.open();
  await instruments.search('crude');
  await instruments.resultOf('CL:xnym', 'ContractFutures').click();
  const futures = new FuturesPage(deskPage);
  await expect(futures.rows().first()).toBeVisible();
  const days = (await futures.column('daysToExpiry')).map(Number);
  const rollCount = async () =>
    (await futures.column('badges')).filter((badge) => badge.includes('Roll')).length;

  await futures.rollDays.fill('0');
  await futures.rollDays.press('Tab');
  await expect.poll(rollCount).toBe(days.filter((value) => value === 0).length);
  await futures.rollDays.fill('100');
  await futures.rollDays.press('Tab');
  await expect.poll(rollCount).toBe(days.filter((value) => value >= 0 && value <= 100).length);
});

test('notice dates come from the contracts’ details; a selected row shows details and schedule', async ({
  deskPage,
}) => {
  const instruments = new InstrumentsPage(deskPage);
  await instruments.open();
  await instruments.search('ZN');
  await instruments.resultOf('ZN:xcbt', 'ContractFutures').click();
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
  const expiries = await futures.column('expiryDate');
  notices.forEach((notice, index) => {
    if (notice !== '—') expect(notice < (expiries[index] ?? '')).toBe(true);
  });

  const symbol = (await futures.column('symbol'))[1] ?? '';
  await futures.row(symbol).click();
  await expect(futures.contractHeading).toContainText(symbol);
  await expect(futures.contractSchedule).toBeVisible();
  await expect(deskPage).toHaveURL(new RegExp(`contract=\\d+`));
  await keepScreenshot(deskPage, 'futures-zn-contract');
});
