import { expect, keepScreenshot, test } from './fixtures';
import { OptionChainPage } from './pages/OptionChainPage';

/** Opens a root of the S&P 500 (SPX, AM-settled third Fridays, or SPXW, its PM-settled weeklies). */
async function openSpx(chain: OptionChainPage, root: 'SPX:xcbo' | 'SPXW:xcbo' = 'SPX:xcbo'): Promise<void> {
  await chain.open();
  await chain.rootSearchBox.fill(root.split(':')[0] ?? root);
  await chain.resultRow(root).first().click();
  await expect(chain.activeTab).toBeVisible();
}

/** The third Friday (yyyy-mm-dd) of the first `month` (1–12) after `from`. */
function nextThirdFriday(month: number, from = new Date()): string {
  for (let year = from.getUTCFullYear(); ; year++) {
    const first = new Date(Date.UTC(year, month - 1, 1));
    const friday = new Date(Date.UTC(year, month - 1, 1 + ((5 - first.getUTCDay() + 7) % 7) + 14));
    if (friday > from) return friday.toISOString().slice(0, 10);
  }
}

test('the largest root opens on its first expiry, one row per strike within the window', async ({
  deskPage,
}) => {
  const chain = new OptionChainPage(deskPage);
  await openSpx(chain, 'SPXW:xcbo');
  const tabs = await chain.expiryTabs.count();
  expect(tabs).toBeGreaterThan(20);
  await expect(chain.expiryTabs.first()).toHaveAttribute('aria-selected', 'true');
  // ±15 strikes around the strike nearest the underlying, which is labelled as such.
  await expect(chain.strikeRows()).toHaveCount(31);
  // More rows than fit: scrolled to the centre strike, the first row in view is whole.
  await expect.poll(async () => {
    const bounds = await chain.rowBounds();
    return bounds.firstTop - bounds.bodyTop;
  }).toBeGreaterThanOrEqual(-1);
  await expect(chain.centre).toHaveText(/^Centre [\d.]+ \(strike nearest the underlying at [\d,]+\.\d{2}\)$/);
  await expect(chain.callsHeader).toBeVisible();
  await expect(chain.putsHeader).toBeVisible();
  // Every expiry tab carries a kind derived from its date.
  const kinds = await chain.expiryTabs.evaluateAll((buttons) =>
    buttons.map((button) => button.getAttribute('aria-label')?.split(', ').at(-1)),
  );
  expect(new Set(kinds)).toEqual(new Set(['Weekly', 'Monthly', 'Quarterly', 'End of month']));
  await keepScreenshot(deskPage, 'option-chains-spx-first-expiry');
});

test('the SPX chain streams prices and greeks around the underlying and shades the money by it', async ({
  deskPage,
}) => {
  const chain = new OptionChainPage(deskPage);
  await openSpx(chain);
  // The underlying's price heads the chain (live, or the last one and said so) and centres it.
  await expect(chain.underlyingPrice).toHaveText(/^\d{1,3}(,\d{3})*\.\d{2}$/);
  await expect(chain.underlyingState).toHaveText(/^(Live|Indicative|Market closed: last price)/);
  await expect(chain.centre).toHaveText(/^Centre [\d.]+ \(strike nearest the underlying at [\d,]+\.\d{2}\)$/);
  const centreText = (await chain.centre.textContent()) ?? '';
  const centre = Number(/Centre ([\d.]+)/.exec(centreText)?.[1]);
  const underlying = Number(/at ([\d,.]+)\)/.exec(centreText)?.[1]?.replaceAll(',', ''));
  expect(Math.abs(centre - underlying)).toBeLessThan(100);

  // The strike nearest the underlying: bid and ask with the root's decimals, delta near a half.
  await expect(chain.priceCell(centre, 'callBid')).toHaveText(/^\d[\d,]*\.\d{2}$/);
  await expect(chain.priceCell(centre, 'callAsk')).toHaveText(/^\d[\d,]*\.\d{2}$/);
  await expect(chain.priceCell(centre, 'putBid')).toHaveText(/^\d[\d,]*\.\d{2}$/);
  const callBid = Number((await chain.priceCell(centre, 'callBid').textContent())?.replaceAll(',', ''));
  const callAsk = Number((await chain.priceCell(centre, 'callAsk').textContent())?.replaceAll(',', ''));
  expect(callAsk).toBeGreaterThanOrEqual(callBid);
  await expect(chain.priceCell(centre, 'callDelta')).toHaveText(/^0\.\d{3}$/);
  const delta = Number(await chain.priceCell(centre, 'callDelta').textContent());
  expect(delta).toBeGreaterThan(0.2);
  expect(delta).toBeLessThan(0.8);
  await expect(chain.priceCell(centre, 'putDelta')).toHaveText(/^-0\.\d{3}$/);

  // In the money: calls below the underlying, puts above it.
  const strikes = (await chain.strikeCells().allTextContents()).map((text) => Number(text.replaceAll(',', '')));
  const below = strikes.filter((strike) => strike < underlying - 1).at(-3)!;
  const above = strikes.filter((strike) => strike > underlying + 1).at(2)!;
  await expect(chain.priceCell(below, 'callBid')).toHaveClass(/in-the-money/);
  await expect(chain.priceCell(below, 'putBid')).not.toHaveClass(/in-the-money/);
  await expect(chain.priceCell(above, 'putBid')).toHaveClass(/in-the-money/);
  await expect(chain.priceCell(above, 'callBid')).not.toHaveClass(/in-the-money/);
  await keepScreenshot(deskPage, 'option-chains-spx-prices');
});

test('a reference price written as traders write it recentres the window; all strikes keep the centre in view', async ({ deskPage }) => {
  const chain = new OptionChainPage(deskPage);
  await openSpx(chain);
  await chain.referencePrice.fill('-5,000');
  await expect(chain.referencePriceError).toHaveText('The reference price cannot be negative.');
  await expect(chain.centre).toContainText('strike nearest the underlying');
  await chain.referencePrice.fill('5,000');
  await expect(chain.referencePriceError).toHaveCount(0);
  await expect(chain.centre).toHaveText(/^Centre [\d.]+ \(strike nearest the reference price\)$/);
  const centre = Number(/Centre ([\d.]+)/.exec((await chain.centre.textContent()) ?? '')?.[1]);
  expect(Math.abs(centre - 5000)).toBeLessThan(100);

  await chain.setHalfWidth(5);
  await expect(chain.strikeRows()).toHaveCount(11);
  // Eleven rows fit: none is clipped under the header.
  const bounds = await chain.rowBounds();
  expect(bounds.firstTop).toBeGreaterThanOrEqual(bounds.bodyTop - 1);
  await chain.allStrikes.click();
  // Every strike is listed, and the view is scrolled to the centre strike, not the top.
  const centreText = new Intl.NumberFormat('en-US', { maximumFractionDigits: 4 }).format(centre);
  await expect.poll(() => chain.strikesInView()).toContain(centreText);
  expect(await chain.strikeRows().count()).toBeGreaterThan(11);
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
  await keepScreenshot(deskPage, 'option-chains-spx-all-strikes');
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
  await keepScreenshot(deskPage, 'option-chains-spx-stacked');
  await chain.removeFromStack.click();
  await expect(chain.grids).toHaveCount(1);
});

test('arrows move and Enter opens the contract under the cursor', async ({ deskPage }) => {
  const chain = new OptionChainPage(deskPage);
  await openSpx(chain);
  // The chain opens with the keyboard on the centre strike's call, next to the strike (its bid).
  await expect(chain.focusedCell('callBid')).toBeVisible();
  await deskPage.keyboard.press('ArrowDown');
  await deskPage.keyboard.press('ArrowRight');
  await deskPage.keyboard.press('ArrowRight');
  await expect(chain.focusedCell()).toHaveAttribute('col-id', 'putBid');
  await deskPage.keyboard.press('Enter');
  await expect(chain.contractHeading).toContainText(/Put$/);
  await expect(deskPage).toHaveURL(/contract=\d+/);
  await deskPage.keyboard.press('Escape');
  await expect(chain.contractDetails).toHaveCount(0);
});

test('each contract shows its own symbol and its OCC symbol; columns are chosen and ordered per root and kept', async ({ deskPage }) => {
  // Wide enough for every column without pinning the strike (a narrower chain pins it: below).
  await deskPage.setViewportSize({ width: 1920, height: 1000 });
  const chain = new OptionChainPage(deskPage);
  await openSpx(chain);
  // By default the quote and the first greeks next to the strike, then the contract's symbol.
  expect(await chain.columnHeaders()).toEqual(['Symbol', 'Delta', 'IV', 'Ask', 'Bid', 'Strike', 'Bid', 'Ask', 'IV', 'Delta', 'Symbol']);
  // The contract's own columns only: the prices off, the OCC symbol and the status on.
  await chain.columnsButton.click();
  for (const label of ['Bid', 'Ask', 'IV', 'Delta']) await chain.columnChoice(label).uncheck();
  await chain.columnChoice('OCC symbol').check();
  await chain.columnChoice('Status').check();
  await expect.poll(() => chain.columnHeaders()).toEqual(['Status', 'OCC symbol', 'Symbol', 'Strike', 'Symbol', 'OCC symbol', 'Status']);
  const expiry = (await chain.activeTab.getAttribute('data-expiry')) ?? '';
  const yymmdd = expiry.replace(/-/g, '').slice(2);
  await expect.poll(async () => (await chain.column('callSymbol')).filter((symbol) => symbol.endsWith(':xcbo')).length).toBeGreaterThan(20);
  const strikes = (await chain.column('strike')).map((text) => Number(text.replace(/,/g, '')));
  const occ = await chain.column('callOccSymbol');
  // Root in six characters, yymmdd, C, strike × 1000 in eight digits.
  expect(occ[0]).toBe(`SPX   ${yymmdd}C${String(Math.round((strikes[0] ?? 0) * 1000)).padStart(8, '0')}`);
  expect((await chain.column('putOccSymbol'))[0]).toMatch(new RegExp(`^SPX {3}${yymmdd}P\\d{8}$`));
  await expect(chain.rootFacts).toContainText('European · cash settled');

  await chain.columnChoice('Uic').check();
  await chain.moveEarlier('Status').click();
  await chain.moveEarlier('Status').click();
  const chosen = ['Uic', 'OCC symbol', 'Symbol', 'Status', 'Strike', 'Status', 'Symbol', 'OCC symbol', 'Uic'];
  await expect.poll(() => chain.columnHeaders()).toEqual(chosen);
  await keepScreenshot(deskPage, 'option-chains-spx-columns');
  // Kept for this user and root: a reload (a new day at the desk) finds them again.
  await deskPage.reload();
  await expect(chain.activeTab).toBeVisible();
  await expect.poll(() => chain.columnHeaders()).toEqual(chosen);
});

test('expiry tabs are grouped by month with overflow navigation, and filtered by kind', async ({ deskPage }) => {
  const chain = new OptionChainPage(deskPage);
  await openSpx(chain, 'SPXW:xcbo');
  await expect(chain.earlierExpiries).toBeDisabled();
  await expect(chain.laterExpiries).toBeEnabled();
  await chain.laterExpiries.click();
  await expect.poll(() => chain.stripScroll()).toBeGreaterThan(0);
  await expect(chain.earlierExpiries).toBeEnabled();

  const all = await chain.expiryTabs.count();
  await chain.kind('Monthlies').check();
  await chain.kind('Quarterlies').check();
  await expect.poll(() => chain.expiryTabs.count()).toBeLessThan(all);
  expect(new Set(await chain.tabKinds())).toEqual(new Set(['Monthly', 'Quarterly']));
  // The expiry in front is one of those shown.
  expect(['Monthly', 'Quarterly']).toContain((await chain.activeTab.getAttribute('aria-label'))?.split(', ').at(-1));
  await keepScreenshot(deskPage, 'option-chains-spx-monthlies');
});

test('VIX-style monthlies (Wednesdays) are flagged monthly', async ({ deskPage }) => {
  const chain = new OptionChainPage(deskPage);
  await chain.open();
  await chain.rootSearchBox.fill('VIX');
  await chain.resultRow('VIX:xcbo').click();
  await expect(chain.activeTab).toBeVisible();
  expect(new Set(await chain.tabKinds())).toEqual(new Set(['Monthly']));
  const days = await chain.expiryTabs.evaluateAll((tabs) => tabs.map((tab) => tab.getAttribute('aria-label')?.slice(0, 3)));
  expect(new Set(days)).toEqual(new Set(['Wed']));
});

test('stacked expiries show every row of a narrow window, the first one unclipped', async ({ deskPage }) => {
  const chain = new OptionChainPage(deskPage);
  await openSpx(chain);
  await chain.setHalfWidth(3);
  await chain.stackNext.click();
  await expect(chain.grids).toHaveCount(2);
  for (const grid of [chain.grids.nth(0), chain.grids.nth(1)]) {
    await expect.poll(async () => (await chain.rowBounds(grid)).rows).toBe(7);
    const bounds = await chain.rowBounds(grid);
    expect(bounds.firstTop).toBeGreaterThanOrEqual(bounds.bodyTop - 1);
    expect(bounds.lastBottom).toBeLessThanOrEqual(bounds.bodyBottom + 1);
  }
  // A wide window in a stacked grid scrolls to the centre with its first row in view whole.
  await chain.setHalfWidth(15);
  for (const grid of [chain.grids.nth(0), chain.grids.nth(1)]) {
    await expect.poll(async () => {
      const bounds = await chain.rowBounds(grid);
      return bounds.rows > 0 ? bounds.firstTop - bounds.bodyTop : -99;
    }).toBeGreaterThanOrEqual(-1);
  }
});

test('SPX monthlies list the December and March third Fridays, which are quarterlies too', async ({ deskPage }) => {
  const chain = new OptionChainPage(deskPage);
  await openSpx(chain);
  const december = nextThirdFriday(12);
  const march = nextThirdFriday(3);
  await chain.kind('Monthlies').check();
  await expect.poll(() => chain.tabExpiries()).toEqual(expect.arrayContaining([december, march]));
  await expect(chain.kind('Monthlies')).toHaveAccessibleName(`Monthlies (${(await chain.tabExpiries()).length})`);
  await chain.kind('Monthlies').uncheck();
  await chain.kind('Quarterlies').check();
  await expect.poll(() => chain.tabExpiries()).toEqual(expect.arrayContaining([december, march]));
  await keepScreenshot(deskPage, 'option-chains-spx-monthlies-quarter-months');
});

test('the chain header switches between SPX and SPXW and shows them side by side', async ({ deskPage }) => {
  const chain = new OptionChainPage(deskPage);
  await openSpx(chain);
  await expect(chain.rootButton('SPX:xcbo')).toHaveAttribute('aria-pressed', 'true');
  await expect(chain.rootButton('SPX:xcbo')).toContainText('Standard');
  await expect(chain.rootButton('SPXW:xcbo')).toContainText('Weekly');
  await chain.rootButton('SPXW:xcbo').click();
  await expect(chain.panelHeading(0)).toContainText('SPXW:xcbo');
  await expect(chain.rootButton('SPXW:xcbo')).toHaveAttribute('aria-pressed', 'true');
  // SPXW lists the weeklies SPX does not.
  await expect.poll(async () => new Set(await chain.tabKinds()).has('Weekly')).toBe(true);
  await chain.besideChoice('SPX:xcbo').check();
  await expect(chain.panels).toHaveCount(2);
  await expect(chain.panelHeading(1)).toContainText('SPX:xcbo');
  await keepScreenshot(deskPage, 'option-chains-spxw-spx-side-by-side');
});

test('an expiry’s header says what its contracts share, once for the whole expiry', async ({ deskPage }) => {
  const chain = new OptionChainPage(deskPage);
  await openSpx(chain);
  const expiry = (await chain.activeTab.getAttribute('data-expiry')) ?? '';
  const days = Math.round((Date.parse(`${expiry}T00:00:00Z`) - Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`)) / 86_400_000);
  await expect(chain.expiryFact('days')).toHaveText(`${days} days to expiry`);
  // AM-settled: the last trade is the Thursday before, at the close in New York.
  await expect(chain.expiryFact('lastTrade')).toHaveText(new RegExp(`^last trade \\d{4}-\\d\\d-\\d\\d 16:15 \\(${days - 1} days\\)$`));
  await expect(chain.expiryFact('exercise')).toHaveText('European exercise');
  await expect(chain.expiryFact('settlement')).toHaveText('cash settled');
  await expect(chain.expiryFact('underlying')).toHaveCount(0);
  await keepScreenshot(deskPage, 'option-chains-spx-expiry-header');
});

test('with every reference column on the chain fits 1920 px; a narrower one pins its strike while the sides scroll', async ({ deskPage }) => {
  // Two window sizes, each laid out and drawn again by the grid.
  test.slow();
  await deskPage.setViewportSize({ width: 1920, height: 1080 });
  const chain = new OptionChainPage(deskPage);
  await openSpx(chain);
  await chain.columnsButton.click();
  // The contract's own columns only (every price column on as well scrolls sideways, strike pinned).
  for (const label of ['Bid', 'Ask', 'IV', 'Delta']) await chain.columnChoice(label).uncheck();
  await chain.columnChoice('OCC symbol').check();
  await chain.columnChoice('Status').check();
  await chain.columnChoice('Uic').check();
  // Closed with its button: the ticked box moved in the list, so the focus is no longer in it.
  await chain.columnsButton.click();
  await expect(chain.columnChoice('Uic')).toHaveCount(0);
  await expect.poll(() => chain.columnHeaders()).toEqual(['Uic', 'Status', 'OCC symbol', 'Symbol', 'Strike', 'Symbol', 'OCC symbol', 'Status', 'Uic']);
  await expect.poll(() => chain.sidewaysOverflow()).toBeLessThanOrEqual(0);
  await expect(chain.pinnedStrikeCells()).toHaveCount(0);

  await deskPage.setViewportSize({ width: 1000, height: 900 });
  await expect.poll(() => chain.pinnedStrikeCells().count()).toBeGreaterThan(0);
  await chain.scrollSidewaysToEnd();
  // The centre row (scrolled into view) keeps its strike in view at the left edge.
  const centre = /Centre ([\d.]+)/.exec((await chain.centre.textContent()) ?? '')?.[1];
  await expect(chain.pinnedStrikeCell(Number(centre))).toBeInViewport();
  await keepScreenshot(deskPage, 'option-chains-spx-pinned-strike');
});

test('futures options name the future each expiry exercises into, and have no OCC symbol', async ({ deskPage }) => {
  const chain = new OptionChainPage(deskPage);
  await chain.open();
  await chain.rootSearchBox.fill('ES');
  await chain.resultRow('ES:xcme').click();
  await expect(chain.activeTab).toBeVisible();
  await expect(chain.expiryFact('underlying')).toHaveText(/^exercises into ES[HMUZ]\d$/);
  await expect(chain.expiryFact('exercise')).toHaveText('American exercise');
  expect(await chain.columnHeaders()).toEqual(['Symbol', 'Delta', 'IV', 'Ask', 'Bid', 'Strike', 'Bid', 'Ask', 'IV', 'Delta', 'Symbol']);
  await chain.columnsButton.click();
  await expect(chain.columnChoice('OCC symbol')).toBeDisabled();
  await keepScreenshot(deskPage, 'option-chains-es-exercises-into');
});
