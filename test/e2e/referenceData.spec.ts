import { expect, keepScreenshot, test } from './fixtures';
import { ReferenceDataPage } from './pages/ReferenceDataPage';

test('the countries grid shows every country, Denmark with DNK and 208', async ({ deskPage }) => {
  const reference = new ReferenceDataPage(deskPage);
  await reference.open();
  await expect(reference.heading).toBeVisible();
  await expect(reference.status).toHaveText('249 countries');

  await reference.filter.fill('Denmark');
  const denmark = reference.countryRow('Denmark');
  await expect(denmark).toHaveCount(1);
  await expect(denmark.getByRole('gridcell', { name: 'DNK' })).toBeVisible();
  await expect(denmark.getByRole('gridcell', { name: '208' })).toBeVisible();
  await keepScreenshot(deskPage, 'reference-countries-denmark');
});

test('the page cannot be used without the launch link', async ({ page, webShell }) => {
  const response = await page.goto(webShell.ready.origin);
  expect(response?.status()).toBe(403);
  await expect(page.getByText('Open RefDesk through the link printed when it started.')).toBeVisible();
});
