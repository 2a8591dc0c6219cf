import type { Page } from '@playwright/test';
import { DEMO_USER } from '../../main/simulator/data/accounts/demo';
import { startWebShellProcess, type WebShellProcess } from '../support/webShellProcess';
import { expect, keepScreenshot, test } from './fixtures';
import { FuturesPage } from './pages/FuturesPage';
import { InstrumentsPage } from './pages/InstrumentsPage';
import { OptionChainPage } from './pages/OptionChainPage';
import { SignInPage } from './pages/SignInPage';
import { WatchlistsPage } from './pages/WatchlistsPage';

async function signedIn(page: Page, shell: WebShellProcess): Promise<void> {
  const signIn = await SignInPage.openSignedOut(page, shell.ready.url);
  await signIn.signIn({ username: DEMO_USER.login, password: DEMO_USER.password });
}

test('W keeps instruments of the search, the chain and the ladder in a watchlist that survives a restart', async ({ page }) => {
  test.setTimeout(300_000);
  let shell = await startWebShellProcess();
  const { dataDir } = shell;
  const watchlists = new WatchlistsPage(page);
  const kept: string[] = [];

  try {
    await signedIn(page, shell);
    await test.step('a search result: the first W makes a watchlist', async () => {
      const instruments = new InstrumentsPage(page);
      await instruments.open();
      await instruments.search('Apple');
      await instruments.resultOf('AAPL:xnas', 'Stock').click();
      await expect(watchlists.watchButton).toHaveText('Add AAPL:xnas to a new watchlist (W)');
      await page.keyboard.press('w');
      await expect(watchlists.watchMessage).toHaveText('Added AAPL:xnas to Watchlist.');
      await expect(watchlists.watchButton).toHaveText('Remove AAPL:xnas from Watchlist (W)');
      kept.push('AAPL:xnas');
    });

    await test.step('an option chain contract, from the keyboard', async () => {
      const chain = new OptionChainPage(page);
      await chain.open();
      await chain.rootSearchBox.fill('SPX');
      await chain.resultRow('SPX:xcbo').click();
      // The keyboard starts on the centre strike's call (its bid); W keeps that contract.
      await expect(chain.focusedCell('callBid')).toBeVisible();
      // The symbols of the contracts are read after the chain is drawn.
      await expect(chain.focusedRowCell('callSymbol')).not.toHaveText('…');
      const symbol = (await chain.focusedRowCell('callSymbol').textContent()) ?? '';
      await page.keyboard.press('w');
      await expect(watchlists.watchMessage).toHaveText(`Added ${symbol} to Watchlist.`);
      kept.push(symbol);
    });

    await test.step('a futures ladder contract, the button as well as W', async () => {
      const futures = new FuturesPage(page);
      await futures.open();
      await futures.searchBox.fill('E-mini S&P');
      await futures.resultRow('ES:xcme', 'Futures ladder').first().click();
      await expect(futures.focusedRow).toHaveClass(/front-month/);
      const symbol = (await futures.focusedSymbol().textContent()) ?? '';
      await watchlists.watchButton.click();
      await expect(watchlists.watchMessage).toHaveText(`Added ${symbol} to Watchlist.`);
      kept.push(symbol);
    });

    await test.step('the Watchlists workspace lists them with their reference data', async () => {
      await watchlists.open();
      await expect(watchlists.count).toContainText('3 instruments');
      expect(await watchlists.column('symbol')).toEqual(kept);
      await expect(watchlists.cell('AAPL:xnas', 'exchangeId')).toHaveText('NASDAQ');
      await expect(watchlists.cell('AAPL:xnas', 'currency')).toHaveText('USD');
      await keepScreenshot(page, 'watchlists-three-workspaces');
    });
  } finally {
    await shell.stop();
  }

  await test.step('after a restart on the same data folder the list is there; Delete removes an instrument', async () => {
    shell = await startWebShellProcess([], { dataDir });
    try {
      await signedIn(page, shell);
      await watchlists.open();
      await expect(watchlists.lists).toHaveText([/^Watchlist\s*3$/]);
      await expect.poll(() => watchlists.column('symbol')).toEqual(kept);
      await watchlists.cell('AAPL:xnas', 'symbol').click();
      await page.keyboard.press('Delete');
      await expect(watchlists.count).toContainText('2 instruments');
      expect(await watchlists.column('symbol')).toEqual(kept.slice(1));
    } finally {
      await shell.stop();
    }
  });
});
