/**
 * The simulated day applies everywhere: with the embedded simulator set to a day (Settings,
 * `simulator.asOf` in settings.json), the chain and the futures ladder count their days from it,
 * not from the computer's clock, so a trader can preview a roll date.
 */
import { startWebShellWithSimulator, type WebShellProcess } from '../support/webShellProcess';
import { expect, keepScreenshot, test } from './fixtures';
import { FuturesPage } from './pages/FuturesPage';
import { OptionChainPage } from './pages/OptionChainPage';
import { SignInPage } from './pages/SignInPage';

/** A Wednesday nine days before the March 2027 quarterly expiry (Friday 19 March). */
const SIMULATED_DAY = '2027-03-10';
let shell: WebShellProcess;

test.beforeAll(async () => {
  shell = await startWebShellWithSimulator(
    { scale: 'small', asOf: SIMULATED_DAY },
    'refdesk-e2e-simulated-day-',
  );
});
test.afterAll(async () => {
  await shell?.stop();
});

test('the chain and the futures ladder count their days from the simulated day', async ({ page }) => {
  const signIn = await SignInPage.openSignedOut(page, shell.ready.url);
  await signIn.signIn(shell.ready.simulator);

  const chain = new OptionChainPage(page);
  await chain.open();
  await chain.rootSearchBox.fill('SPX');
  await chain.resultRow('SPX:xcbo').first().click();
  await expect(chain.activeTab).toHaveAttribute('aria-label', 'Fri 19 Mar 2027, 9 days, Quarterly');
  await expect(chain.simulatedDay).toHaveText(`days counted from the simulated day ${SIMULATED_DAY}`);
  await expect(chain.expiryHeading()).toHaveText('Fri 19 Mar 2027, Quarterly');
  await expect(chain.expiryFact('days')).toHaveText('9 days to expiry');
  await expect(chain.expiryFact('lastTrade')).toHaveText('last trade 2027-03-18 16:15 (8 days)');
  await keepScreenshot(page, 'option-chains-simulated-day');

  // The roll date previewed: ESH7 expires with the quarterly, nine simulated days away.
  const futures = new FuturesPage(page);
  await futures.open();
  await futures.searchBox.fill('E-mini S&P');
  await futures.resultRow('ES', 'Futures ladder').first().click();
  await expect(futures.row('ESH7')).toBeVisible();
  await expect(futures.cell('ESH7', 'daysToRoll')).toHaveText('9 days (to last trade)');
  await expect(futures.summary).toContainText('front month ESH7');
  await keepScreenshot(page, 'futures-es-simulated-day');
});
