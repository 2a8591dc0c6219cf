/**
 * Prices moving, on any day at any hour: the embedded simulator is set (settings.json) to a
 * Wednesday with its market starting at 15:00 UTC (`simulator.marketTime`), when SPX trades, so
 * the chain's quotes stream whatever the real clock says. A bid and a delta change on screen, and the money
 * is shaded by the underlying as it moves: at every moment, calls below it and puts above it.
 */
import type { Page } from '@playwright/test';
import { startWebShellWithSimulator, type WebShellProcess } from '../support/webShellProcess';
import { expect, keepScreenshot, test } from './fixtures';
import { OptionChainPage } from './pages/OptionChainPage';
import { SignInPage } from './pages/SignInPage';

/** A Wednesday (the simulated-day spec's, so the small universe's cache serves both). */
const SIMULATED_DAY = '2027-03-10';
/** SPX's regular session (14:30–21:00 UTC before US daylight saving) is open then. */
const MARKET_TIME = '15:00';
let shell: WebShellProcess;

test.beforeAll(async () => {
  shell = await startWebShellWithSimulator(
    { scale: 'small', asOf: SIMULATED_DAY, marketTime: MARKET_TIME },
    'refdesk-e2e-prices-',
  );
});
test.afterAll(async () => {
  await shell?.stop();
});

interface ChainMoment {
  /** The underlying's price the chain goes by, as its centre says it. */
  underlying: number;
  /** Per strike on screen: whether its call and its put are shaded in the money. */
  rows: { strike: number; call: boolean; put: boolean }[];
}

/** The underlying and the shading read in one go (one task: no update between them). */
function readMoment(page: Page): Promise<ChainMoment> {
  return page.evaluate(() => {
    const centre = document.querySelector('[data-testid="chain-centre"]')?.textContent ?? '';
    const underlying = Number(
      /underlying at ([\d,.]+)\)/.exec(centre)?.[1]?.replaceAll(',', '') ?? Number.NaN,
    );
    const grid = document.querySelector('[data-testid="option-chain-grid"]');
    const shaded = (row: Element, colId: string) =>
      row.querySelector(`[col-id="${colId}"]`)?.classList.contains('in-the-money') ?? false;
    // The row of each strike that holds its price cells (a pinned strike sits in another part).
    const rows = [...(grid?.querySelectorAll('[role="row"][row-id]') ?? [])]
      .filter((row) => row.querySelector('[col-id="callBid"]'))
      .map((row) => ({
        strike: Number(row.getAttribute('row-id')),
        call: shaded(row, 'callBid'),
        put: shaded(row, 'putBid'),
      }));
    return { underlying, rows };
  });
}

test('the SPX chain streams at the set market time: a bid and a delta move, and the money is shaded by the underlying', async ({
  page,
}) => {
  const signIn = await SignInPage.openSignedOut(page, shell.ready.url);
  await signIn.signIn(shell.ready.simulator);
  const chain = new OptionChainPage(page);
  await chain.open();
  await chain.rootSearchBox.fill('SPX');
  await chain.resultRow('SPX:xcbo').first().click();
  // An index is quoted indicatively; the market is open, not closed as the real hour may have it.
  await expect(chain.underlyingState).toHaveText(/^(Live|Indicative)/, { timeout: 30_000 });
  await expect(chain.centre).toHaveText(/strike nearest the underlying at [\d,]+\.\d{2}\)$/);
  const centre = Number(/Centre ([\d.]+)/.exec((await chain.centre.textContent()) ?? '')?.[1]);
  const bid = chain.priceCell(centre, 'callBid');
  await expect(bid).toHaveText(/^\d[\d,]*\.\d{2}$/);
  await expect(bid).not.toHaveClass(/quote-(stale|closed)/);

  // Sampled while the market moves: the bid changes, the underlying moves, and every time the
  // shading says what the underlying then says.
  const firstBid = await bid.textContent();
  // Greeks are priced with the quote: the centre call's delta moves with the underlying too.
  const delta = chain.priceCell(centre, 'callDelta');
  const firstDelta = await delta.textContent();
  const underlyings = new Set<number>();
  await expect
    .poll(
      async () => {
        const moment = await readMoment(page);
        expect(moment.rows.length).toBeGreaterThan(10);
        for (const row of moment.rows) {
          if (Math.abs(row.strike - moment.underlying) < 0.01) continue;
          expect(row.call, `call ${row.strike} with the underlying at ${moment.underlying}`).toBe(
            row.strike < moment.underlying,
          );
          expect(row.put, `put ${row.strike} with the underlying at ${moment.underlying}`).toBe(
            row.strike > moment.underlying,
          );
        }
        underlyings.add(moment.underlying);
        return (
          underlyings.size > 1 &&
          (await bid.textContent()) !== firstBid &&
          (await delta.textContent()) !== firstDelta
        );
      },
      { timeout: 60_000, intervals: [250] },
    )
    .toBe(true);
  await keepScreenshot(page, 'option-chains-spx-prices-moving');
});
