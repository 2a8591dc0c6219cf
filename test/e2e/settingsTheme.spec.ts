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
    const row = instruments.resultRows().first();
    await expect(row).toBeVisible();
    // A row the grid redraws between being found and being read is no longer in the page, and
    // its style reads as "": read again until a row in the page answers.
    let colour = '';
    await expect
      .poll(async () => (colour = await row.evaluate((element) => getComputedStyle(element).backgroundColor)))
      .not.toBe('');
    return colour;
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
