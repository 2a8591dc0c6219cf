import { expect, keepScreenshot, test } from './fixtures';
import { CommandPalettePage } from './pages/CommandPalettePage';
import { FuturesPage } from './pages/FuturesPage';
import { InstrumentsPage } from './pages/InstrumentsPage';
import { OptionChainPage } from './pages/OptionChainPage';

test('keyboard only: palette → option chain → contract, then a workspace shortcut → futures ladder', async ({
  deskPage,
}) => {
  const page = deskPage;
  const palette = new CommandPalettePage(page);
  await palette.openWithShortcut();
  await expect(palette.input).toBeFocused();
  await page.keyboard.type('SPX');
  await expect(palette.option('SPX:xcbo')).toBeVisible();
  const rootIndex = (await palette.options.allTextContents()).findIndex((text) => text.includes('SPX:xcbo'));
  for (let step = 0; step < rootIndex; step += 1) await page.keyboard.press('ArrowDown');
  await expect(palette.activeOption).toContainText('SPX:xcbo');
  await keepScreenshot(page, 'keyboard-palette');
  await page.keyboard.press('Enter');

  const chain = new OptionChainPage(page);
  await expect(page).toHaveURL(/#\/chains\/\d+/);
  await expect(chain.focusedCell('callBid')).toBeVisible();
  await page.keyboard.press('PageDown');
  await expect(chain.expiryTabs.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(chain.focusedCell('callBid')).toBeVisible();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(chain.contractHeading).toContainText(/Call$/);
  await page.keyboard.press('Escape');
  await expect(chain.contractDetails).toHaveCount(0);

  await page.keyboard.press('Alt+3');
  const futures = new FuturesPage(page);
  await expect(futures.searchBox).toBeFocused();
  await page.keyboard.type('E-mini S&P');
  await expect(futures.resultRow('ES:xcme').first()).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(futures.heading).toContainText('ES:xcme');
  await expect(futures.focusedRow).toHaveClass(/front-month/);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(futures.contractDetails).toBeVisible();
  await keepScreenshot(page, 'keyboard-futures-contract');
});

test('keyboard only: search box → results → details', async ({ deskPage }) => {
  const page = deskPage;
  await page.keyboard.press('Alt+1');
  const instruments = new InstrumentsPage(page);
  await expect(instruments.searchBox).toBeFocused();
  await page.keyboard.type('Apple');
  await expect(instruments.resultOf('AAPL:xnas', 'Stock')).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(instruments.focusedResultCell()).toBeVisible();
  await expect(instruments.focusedResultRow()).toContainText('AAPL:xnas');
  await page.keyboard.press('Enter');
  await expect(instruments.detailsHeading).toContainText('AAPL:xnas');
});

test('j and k move in the chain and the ladder as the arrows do; open details follow, PageDown works from them', async ({
  deskPage,
}) => {
  test.setTimeout(180_000);
  const page = deskPage;
  const chain = new OptionChainPage(page);
  await chain.open();
  await chain.rootSearchBox.fill('SPX');
  await chain.resultRow('SPX:xcbo').click();
  await expect(chain.focusedCell('callBid')).toBeVisible();
  const centre = await chain.focusedRowIndex();
  await page.keyboard.press('j');
  await expect.poll(() => chain.focusedRowIndex()).toBe(centre + 1);
  await expect(chain.focusedCell('callBid')).toBeVisible();
  await page.keyboard.press('k');
  await page.keyboard.press('k');
  await expect.poll(() => chain.focusedRowIndex()).toBe(centre - 1);
  // The details opened with Enter follow the cursor; the keyboard stays in the chain.
  await page.keyboard.press('Enter');
  const first = (await chain.contractHeading.textContent()) ?? '';
  await page.keyboard.press('j');
  await expect(chain.contractHeading).not.toHaveText(first);
  await expect.poll(() => chain.focusedRowIndex()).toBe(centre);
  // PageDown changes the expiry wherever the keyboard is in the workspace, the details too.
  const expiry = await chain.activeTab.getAttribute('data-expiry');
  await chain.contractHeading.click();
  await page.keyboard.press('PageDown');
  await expect(chain.activeTab).not.toHaveAttribute('data-expiry', expiry ?? '');
  await page.keyboard.press('Escape');
  await expect(chain.contractDetails).toHaveCount(0);

  const futures = new FuturesPage(page);
  await futures.open();
  await futures.searchBox.fill('E-mini S&P');
  await futures.resultRow('ES:xcme', 'Futures ladder').first().click();
  await expect(futures.focusedRow).toHaveClass(/front-month/);
  const front = await futures.focusedRowIndex();
  await page.keyboard.press('j');
  await expect.poll(() => futures.focusedRowIndex()).toBe(front + 1);
  await page.keyboard.press('k');
  await expect.poll(() => futures.focusedRowIndex()).toBe(front);
  await expect(futures.focusedRow).toHaveClass(/front-month/);
});
