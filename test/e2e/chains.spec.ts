import { expect, keepScreenshot, test } from './fixtures';
import { OptionChainPage } from './pages/OptionChainPage';

/** Opens the largest root, SPX, from the Option chains workspace. */
async function openSpx(chain: OptionChainPage): Promise<void> {
  await chain.open();
  await chain.rootSearchBox.fill('SPX');
  await chain.resultRow('SPX:xcbo').click();
  await expect(chain.activeTab).toBeVisible();
}

test('the largest root opens on its first expiry, one row per strike within the window', async ({
  deskPage,
}) => {
  const chain = new OptionChainPage(deskPage);
  await openSpx(chain);
  const tabs = await chain.expiryTabs.count();
  expect(tabs).toBeGreaterThan(20);
  await expect(chain.expiryTabs.first()).toHaveAttribute('aria-selected', 'true');
  // ±15 strikes around the middle strike, which is labelled as such.
  await expect(chain.strikeRows()).toHaveCount(31);
  await expect(chain.centre).toHaveText(/^Centre [\d.]+ \(middle strike; this API carries no prices\)$/);
  await expect(chain.callsHeader).toBeVisible();
  await expect(chain.putsHeader).toBeVisible();
  // Every expiry tab carries a kind derived from its date.
  const kinds = await chain.expiryTabs.evaluateAll((buttons) =>
    buttons.map((button) => button.getAttribute('aria-label')?.split(', ').at(-1)),
  );
  expect(new Set(kinds)).toEqual(new Set(['Weekly', 'Monthly', 'Quarterly', 'End of month']));
  await keepScreenshot(deskPage, 'chains-spx-first-expiry');
});

test('a reference price recentres the window; all strikes scroll to the last one', async ({ deskPage }) => {
  const chain = new OptionChainPage(deskPage);
  await openSpx(chain);
  await chain.referencePrice.fill('5000');
  await expect(chain.centre).toHaveText(/^Centre [\d.]+ \(strike nearest the reference price\)$/);
  const centre = Number(/Centre ([\d.]+)/.exec((await chain.centre.textContent()) ?? '')?.[1]);
  expect(Math.abs(centre - 5000)).toBeLessThan(100);

  await chain.setHalfWidth(5);
  await expect(chain.strikeRows()).toHaveCount(11);
  await chain.allStrikes.click();
  const strikes = chain.strikeCells();
  // Scrolled again on every poll: on a loaded machine the grid may still be taking the whole
  // chain in when the first scroll happens, and a new row set puts the view back at the top.
  await expect
    .poll(async () => {
      await chain.scrollActiveGridToEnd();
      const shown = (await strikes.allTextContents()).map((text) => Number(text.replace(/,/g, '')));
      return shown.length > 10 ? Math.max(...shown) : 0;
    })
    .toBeGreaterThan(centre * 1.2);
  // Contracts that cannot be traded are dimmed, and only those.
  await expect(chain.undimmedNonTradable()).toHaveCount(0);
  await keepScreenshot(deskPage, 'chains-spx-all-strikes');
});

test('PageDown and PageUp change the expiry; a stacked expiry shows below', async ({ deskPage }) => {
  const chain = new OptionChainPage(deskPage);
  await openSpx(chain);
  const first = await chain.activeTab.getAttribute('data-expiry');
  await chain.strikeCells().first().click();
  await deskPage.keyboard.press('PageDown');
  await expect(chain.activeTab).not.toHaveAttribute('data-expiry', first ?? '');
  await expect(chain.expiryTabs.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(chain.strikeRows().first()).toBeVisible();
  await deskPage.keyboard.press('PageUp');
  await expect(chain.activeTab).toHaveAttribute('data-expiry', first ?? '');

  await chain.stackNext.click();
  await expect(chain.grids).toHaveCount(2);
  await expect(chain.expiryTabs.nth(1)).toHaveAttribute('aria-description', 'stacked below');
  await keepScreenshot(deskPage, 'chains-spx-stacked');
  await chain.removeFromStack.click();
  await expect(chain.grids).toHaveCount(1);
});

test('arrows move and Enter opens the contract under the cursor', async ({ deskPage }) => {
  const chain = new OptionChainPage(deskPage);
  await openSpx(chain);
  // The chain opens with the keyboard on the centre strike's call.
  await expect(chain.focusedCell('callUic')).toBeVisible();
  await deskPage.keyboard.press('ArrowDown');
  await deskPage.keyboard.press('ArrowRight');
  await deskPage.keyboard.press('ArrowRight');
  await expect(chain.focusedCell()).toHaveAttribute('col-id', 'putUic');
  await deskPage.keyboard.press('Enter');
  await expect(chain.contractHeading).toContainText(/Put$/);
  await expect(deskPage).toHaveURL(/contract=\d+/);
  await deskPage.keyboard.press('Escape');
  await expect(chain.contractDetails).toHaveCount(0);
});
