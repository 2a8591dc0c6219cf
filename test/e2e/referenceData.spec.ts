import { DateTime } from 'luxon';
import { expect, keepScreenshot, test } from './fixtures';
import { LaunchPage } from './pages/LaunchPage';
import { ReferenceDataPage } from './pages/ReferenceDataPage';

test('the countries grid shows every country, Denmark with DNK and 208', async ({ deskPage }) => {
  const reference = new ReferenceDataPage(deskPage);
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
  const reference = new ReferenceDataPage(deskPage);
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

test('currency pairs list each currency’s related currencies with their uics, filterable', async ({
  deskPage,
}) => {
  const reference = new ReferenceDataPage(deskPage);
  await reference.open();
  await reference.showList('Currency pairs');
  await expect(reference.status).toHaveText(/^\d+ currencies, \d+ pairs$/);
  await reference.filterOf('Filter currency pairs').fill('EURUSD');
  const pair = reference.rowIn(reference.currencyPairsGrid, 'EURUSD');
  await expect(pair).toHaveCount(1);
  await expect(reference.cell(pair, 'currency')).toHaveText('EUR');
  await expect(reference.cell(pair, 'related')).toHaveText('USD');
  await expect(reference.cell(pair, 'uic')).toHaveText(/^\d+$/);
  await keepScreenshot(deskPage, 'reference-currency-pairs');
});

test('the page cannot be used without the launch link', async ({ page, webShell }) => {
  const response = await page.goto(webShell.ready.origin);
  expect(response?.status()).toBe(403);
  await expect(new LaunchPage(page).refusal).toBeVisible();
});
