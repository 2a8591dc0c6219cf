import { expect, keepScreenshot, test } from './fixtures';
import { AppTheme } from './pages/AppTheme';
import { InstrumentsPage } from './pages/InstrumentsPage';

test('dark by default; the light theme, once chosen, colours the shell and the grids', async ({
  deskPage,
}) => {
  const page = deskPage;
  const instruments = new InstrumentsPage(page);
  const theme = new AppTheme(page);
  /** Searches and returns the background colour of the first result row. */
  const firstRowBackground = async () => {
    await instruments.search('nokia');
    await expect(instruments.resultRows().first()).toBeVisible();
    return instruments
      .resultRows()
      .first()
      .evaluate((row) => getComputedStyle(row).backgroundColor);
  };
  await instruments.open();
  await expect(theme.root).toHaveAttribute('data-theme', 'dark');
  const darkRow = await firstRowBackground();

  // The Settings workspace stores the choice; the app applies it on its next start.
  await page.evaluate(() => localStorage.setItem('refdesk.theme', 'light'));
  await page.reload();
  await expect(theme.root).toHaveAttribute('data-theme', 'light');
  await expect(theme.root).toHaveAttribute('data-ag-theme-mode', 'light');
  await expect(theme.body).toHaveCSS('background-color', 'rgb(255, 255, 255)');
  await instruments.open();
  const lightRow = await firstRowBackground();
  expect(lightRow).not.toBe(darkRow);
  await keepScreenshot(page, 'theme-light-instruments');
  await page.evaluate(() => localStorage.removeItem('refdesk.theme'));
});
