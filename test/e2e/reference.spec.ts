import { DateTime } from 'luxon';
import { expect, keepScreenshot, test } from './fixtures';
import { LaunchPage } from './pages/LaunchPage';
import { ReferencePage } from './pages/ReferencePage';

test('the countries grid shows every country, Denmark with DNK and 208', async ({ deskPage }) => {
  const reference = new ReferencePage(deskPage);
  await reference.open();
  await expect(reference.heading).toBeVisible();
  await expect(reference.status).toHaveText('249 countries');

  await reference.filter.fill('Denmark');
  const denmark = reference.countryRow('Denmark');
  await expect(denmark).toHaveCount(1);
  await expect(reference.cellWithText(denmark, 'DNK')).toBeVisible();
  await expect(reference.cellWithText(denmark, '208')).toBeVisible();
  await keepScreenshot(deskPage, 'reference-countries-denmark');
});

test('time zones show the offset in force now, daylight saving included', async ({ deskPage }) => {
  const reference = new ReferencePage(deskPage);
  await reference.open();
  await reference.showList('Time zones');
  await expect(reference.status).toHaveText(/^\d+ time zones$/);
  await reference.filterOf('Filter time zones').fill('New_York');
  const newYork = reference.rowIn(reference.timeZonesGrid, 'America/New_York');
  await expect(newYork).toHaveCount(1);
  const offsetNow = DateTime.now().setZone('America/New_York').toFormat('ZZ');
  await expect(reference.cell(newYork, 'currentOffset')).toHaveText(offsetNow);
  await expect(reference.cell(newYork, 'id')).toHaveText('3');
  await keepScreenshot(deskPage, 'reference-time-zones');
});

test('currency pairs: one row per pair as the market quotes it, each with its own uic', async ({ deskPage }) => {
  const reference = new ReferencePage(deskPage);
  await reference.open();
  await reference.showList('Currency pairs');
  await expect(reference.status).toHaveText(/^\d+ pairs$/);
  const pairs = await reference.column(reference.currencyPairsGrid, 'pair');
  expect(pairs).not.toContain('USDEUR');
  await reference.filterOf('Filter currency pairs').fill('EUR/USD');
  await expect(reference.status).toHaveText(/^1 of \d+ pairs$/);
  const pair = reference.rowIn(reference.currencyPairsGrid, 'EURUSD');
  await expect(pair).toHaveCount(1);
  await expect(reference.cell(pair, 'base')).toHaveText('EUR');
  await expect(reference.cell(pair, 'quote')).toHaveText('USD');
  await expect(reference.cell(pair, 'uic')).toHaveText('21');
  await reference.filterOf('Filter currency pairs').fill('JPY');
  await expect(reference.rowIn(reference.currencyPairsGrid, 'USDJPY')).toHaveCount(1);
  await expect(reference.rowIn(reference.currencyPairsGrid, 'JPYUSD')).toHaveCount(0);
  await keepScreenshot(deskPage, 'reference-currency-pairs');
});

test('filters ignore accents and the count follows the filter', async ({ deskPage }) => {
  const reference = new ReferencePage(deskPage);
  await reference.open();
  await reference.filter.fill('curacao');
  await expect(reference.status).toHaveText('1 of 249 countries');
  await expect(reference.countryRow('Curaçao')).toHaveCount(1);
  await reference.filter.fill('ALAND');
  await expect(reference.countryRow('Åland Islands')).toHaveCount(1);
});

test('exchanges at a glance: open now, or when they open or close, in the exchange’s time and yours', async ({ deskPage }) => {
  const reference = new ReferencePage(deskPage);
  await reference.open();
  await reference.showList('Exchanges');
  await expect(reference.status).toHaveText(/^\d+ exchanges, \d+ open now$/);
  expect(Number(/^(\d+)/.exec((await reference.status.textContent()) ?? '')?.[1])).toBeGreaterThan(40);
  // The rows drawn (the grid draws those in view).
  const states = await reference.column(reference.exchangesGrid, 'status');
  expect(states.length).toBeGreaterThan(20);
  for (const state of states) expect(state).toMatch(/^(Open|Closed|Pre-market|Post-market|Break|Opening auction|Closing auction)/);
  const next = await reference.column(reference.exchangesGrid, 'next');
  for (const text of next) expect(text).toMatch(/^((closes|opens|reopens|trading starts) in .+|—)$/);

  await reference.filterOf('Filter exchanges').fill('XNAS');
  const nasdaq = reference.rowIn(reference.exchangesGrid, 'XNAS');
  await expect(nasdaq).toHaveCount(1);
  await expect(reference.cell(nasdaq, 'zone')).toHaveText('America/New_York');
  await expect(reference.cell(nasdaq, 'nextExchangeTime')).toHaveText(/^\w{3} \d{2}:\d{2}$/);
  await expect(reference.cell(nasdaq, 'nextLocalTime')).toHaveText(/^\w{3} \d{2}:\d{2}$/);
  await reference.cell(nasdaq, 'name').click();
  await expect(reference.exchangeDetails).toBeVisible();
  await expect(reference.exchangeState).toContainText('exchange time');
  await expect(reference.exchangeHolidays).toContainText(/\d{4}-\d{2}-\d{2} /);
  await expect(reference.scheduleNow).toBeVisible();
  await expect(reference.scheduleLegend).toContainText('Pre-market');
  await expect(reference.scheduleLegend).toContainText('Post-market');
  await keepScreenshot(deskPage, 'reference-exchanges-nasdaq');
});

test('the page cannot be used without the launch link', async ({ page, webShell }) => {
  const response = await page.goto(webShell.ready.origin);
  expect(response?.status()).toBe(403);
  await expect(new LaunchPage(page).refusal).toBeVisible();
});
