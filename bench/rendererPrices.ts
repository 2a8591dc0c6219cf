/**
 * The renderer's main thread while a chain streams: the share of wall time Chromium's renderer
 * main thread is busy (CDP `Performance.getMetrics` TaskDuration over a window) while about 200
 * visible option chain rows update at main's pace (quotes coalesced to 4 a second per
 * instrument). Target: under 30%.
 *
 * The web shell (built bundle, default scale) runs its embedded simulator on a weekday
 * (settings.json's `simulator.asOf`: today, or the Wednesday before on a weekend) with its market
 * starting at 15:00 UTC (`simulator.marketTime`), so SPX (Cboe) trades whatever the hour of the
 * run; should it not move (a holiday), E-mini S&P 500 futures options (CME Globex) are tried. The page is tall enough for 200 rows and shows all strikes; cells
 * that change in the window are counted, so a window without updates is reported as such, not
 * as a figure. Run `npm run build` first. With REFDESK_RENDERER_PRICES_PROFILE=<file> the window
 * is also CPU-profiled (written there as a .cpuprofile, its heaviest functions printed): for
 * finding where the time goes, not for the figure (the profiler costs time of its own). With
 * REFDESK_RENDERER_PRICES_TRACE=<file> the window is traced and the main thread's time summed per
 * trace event (paint, commit, style... rendererPricesTrace.ts), likewise not for the figure.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type CDPSession, type Page } from '@playwright/test';
import { DateTime } from 'luxon';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../test/support/chromium';
import { startReadyProcess } from '../test/support/simulatorProcess';
import { signInThroughLoginPage } from './browserSignIn';
import { reportTrace, startTrace } from './rendererPricesTrace';

const TARGET_BUSY_SHARE = 0.3;
/** The market's time of day when the shell starts (`simulator.marketTime`): SPX trades then. */
const MARKET_TIME = '15:00';
const VISIBLE_ROWS = 200;
/** The desk theme's row height (gridSetup): the page is made tall enough for VISIBLE_ROWS of them. */
const ROW_HEIGHT = 26;
const WINDOW_SECONDS = Number(process.env.REFDESK_RENDERER_PRICES_SECONDS ?? 20);
const PROFILE_FILE = process.env.REFDESK_RENDERER_PRICES_PROFILE;
const TRACE_FILE = process.env.REFDESK_RENDERER_PRICES_TRACE;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

/** The functions with the most samples of their own, as `share% name (file:line)`. */
function heaviestFunctions(profile: { nodes: ProfileNode[] }, count = 15): string[] {
  const hits = new Map<string, number>();
  let total = 0;
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber } = node.callFrame;
    const name = `${functionName || '(anonymous)'} (${url.split('/').pop() ?? ''}:${lineNumber + 1})`;
    hits.set(name, (hits.get(name) ?? 0) + (node.hitCount ?? 0));
    total += node.hitCount ?? 0;
  }
  return [...hits.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, samples]) => `${((samples / total) * 100).toFixed(1)}% ${name}`);
}
/** Roots tried in turn: the first whose prices move is measured. */
const ROOTS = [
  { search: 'SPX', row: 'SPX:xcbo' },
  { search: 'E-mini S&P 500', row: 'E-mini S&P 500 Futures Options' },
];

interface WebShellReady {
  url: string;
}

/** Today when a weekday, else the Wednesday before: a day the exchanges trade. */
function tradingDay(now = DateTime.utc()): string {
  return (now.weekday >= 6 ? now.minus({ days: now.weekday - 3 }) : now).toISODate()!;
}

/** Counts the chain's price cells whose text changes (a MutationObserver in the page). */
async function countCellChanges(page: Page): Promise<void> {
  await page.evaluate(`(() => {
    window.benchCellChanges = 0;
    window.benchRowsChanged = new Set();
    const observer = new MutationObserver((records) => {
      for (const record of records) {
        const cell = (record.target.nodeType === 1 ? record.target : record.target.parentElement)?.closest('.ag-cell.price');
        if (!cell) continue;
        window.benchCellChanges += 1;
        const row = cell.closest('[role="row"]');
        if (row) window.benchRowsChanged.add(row.getAttribute('row-id'));
      }
    });
    observer.observe(document.querySelector('[data-testid="option-chain-grid"]'), { subtree: true, childList: true, characterData: true });
  })()`);
}

async function cellChanges(page: Page): Promise<{ changes: number; rows: number }> {
  return page.evaluate(`({ changes: window.benchCellChanges, rows: window.benchRowsChanged.size })`);
}

/** Opens `root`'s chain with all strikes (the page shows about VISIBLE_ROWS of them). */
async function openChain(page: Page, root: (typeof ROOTS)[number]): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Workspaces' })
    .getByRole('link', { name: 'Option chains', exact: true })
    .click();
  await page.getByLabel('Search option roots').fill(root.search);
  const row = page.getByTestId('search-results').getByRole('row').filter({ hasText: root.row }).first();
  await row.waitFor({ timeout: 120_000 });
  await row.locator('[col-id="Description"]').click();
  const cells = page.locator('[data-testid="option-chain-grid"] [role="gridcell"][col-id="strike"]');
  await cells.first().waitFor({ timeout: 60_000 });
  const allStrikes = page.getByRole('checkbox', { name: 'All strikes' });
  if (!(await allStrikes.isChecked())) await allStrikes.check();
  await page.waitForTimeout(1500);
}

/** Main-thread seconds (all tasks, and of them script, style and layout) and the metrics' own clock, from CDP. */
async function taskSeconds(cdp: CDPSession) {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as {
    metrics: { name: string; value: number }[];
  };
  const value = (name: string) => metrics.find((metric) => metric.name === name)?.value ?? Number.NaN;
  return {
    task: value('TaskDuration'),
    script: value('ScriptDuration'),
    style: value('RecalcStyleDuration'),
    layout: value('LayoutDuration'),
    // CPU time of the main thread: less swayed by other work on a loaded machine than task time.
    cpu: value('ThreadTime'),
    at: value('Timestamp'),
  };
}

/** Runs the measurement; prints and returns the busy share with its target. */
export async function benchRendererPrices(): Promise<Record<string, unknown>> {
  if (!existsSync('out/main/web.js'))
    throw new Error('out/main/web.js is missing: run `npm run build` first.');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'refdesk-bench-prices-'));
  const day = tradingDay();
  // The market starts at 15:00 UTC of that day (SPX's regular session), whatever the hour.
  const settings = {
    version: 1,
    simulator: { scale: 'default', seed: 20260101, asOf: day, marketTime: MARKET_TIME },
  };
  writeFileSync(path.join(dataDir, 'settings.json'), JSON.stringify(settings));
  const shell = await startReadyProcess<WebShellReady>(process.execPath, ['out/main/web.js', '--no-open'], {
    env: { REFDESK_DATA_DIR: dataDir, REFDESK_CACHE_DIR: path.join(tmpdir(), 'refdesk-e2e-universe-cache') },
    timeoutMs: 300_000,
  });
  const browser = await chromium.launch({
    executablePath: CHROMIUM_EXECUTABLE,
    args: CHROMIUM_ARGS,
    headless: true,
  });
  try {
    // Tall enough for the rows, the workspace's header and the expiry strip above them.
    const page = await browser.newPage({
      viewport: { width: 1920, height: VISIBLE_ROWS * ROW_HEIGHT + 600 },
    });
    await signInThroughLoginPage(page, shell.ready);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable', { timeDomain: 'timeTicks' });

    // The same page without a chain (the option roots listed) for as long: what the page costs
    // at this size before any price streams.
    await page
      .getByRole('navigation', { name: 'Workspaces' })
      .getByRole('link', { name: 'Option chains', exact: true })
      .click();
    await page.waitForTimeout(2000);
    const idleBefore = await taskSeconds(cdp);
    await page.waitForTimeout(5000);
    const idleAfter = await taskSeconds(cdp);
    const idleShare = (idleAfter.task - idleBefore.task) / (idleAfter.at - idleBefore.at);

    for (const root of ROOTS) {
      await openChain(page, root);
      await countCellChanges(page);
      // Let the watch of the rows on screen reach the stream and the snapshot fill the cells;
      // then prices must move (the snapshot's first figures are no update).
      await page.waitForTimeout(3000);
      const filled = await cellChanges(page);
      await page.waitForTimeout(2000);
      if ((await cellChanges(page)).changes === filled.changes) {
        console.log(
          `[renderer prices] ${root.row}: no price moved in 2 s (market closed at this hour?), next root`,
        );
        continue;
      }
      await page.evaluate('window.benchRowsChanged = new Set()');
      if (PROFILE_FILE) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.start');
      }
      const stopTrace = TRACE_FILE ? await startTrace(cdp) : undefined;
      const before = await taskSeconds(cdp);
      const changesBefore = await cellChanges(page);
      await page.waitForTimeout(WINDOW_SECONDS * 1000);
      const after = await taskSeconds(cdp);
      const changesAfter = await cellChanges(page);
      if (stopTrace && TRACE_FILE) reportTrace(await stopTrace(), TRACE_FILE);
      if (PROFILE_FILE) {
        const { profile } = (await cdp.send('Profiler.stop')) as { profile: { nodes: ProfileNode[] } };
        writeFileSync(PROFILE_FILE, JSON.stringify(profile));
        console.log(`[renderer prices] profile in ${PROFILE_FILE}; heaviest functions (self time):`);
        for (const line of heaviestFunctions(profile)) console.log(`  ${line}`);
      }
      const wall = after.at - before.at;
      const busyShare = (after.task - before.task) / wall;
      const figures = {
        root: root.row,
        day,
        windowSeconds: Math.round(wall * 10) / 10,
        busySharePercent: Math.round(busyShare * 1000) / 10,
        // What the busy time went to (the rest: paint, the bridge's events, idle tasks' overhead).
        scriptSharePercent: Math.round(((after.script - before.script) / wall) * 1000) / 10,
        styleSharePercent: Math.round(((after.style - before.style) / wall) * 1000) / 10,
        layoutSharePercent: Math.round(((after.layout - before.layout) / wall) * 1000) / 10,
        // The main thread's CPU time over the window: on a shared machine tasks wait for a core, so
        // their wall time grows while this stays close to the work done.
        cpuSharePercent: Math.round(((after.cpu - before.cpu) / wall) * 1000) / 10,
        targetPercent: TARGET_BUSY_SHARE * 100,
        idlePageBusySharePercent: Math.round(idleShare * 1000) / 10,
        ratioToTarget: Math.round((busyShare / TARGET_BUSY_SHARE) * 100) / 100,
        cellUpdatesPerSecond: Math.round((changesAfter.changes - changesBefore.changes) / wall),
        // The rows whose prices changed: those on screen and the two either side that are watched too.
        rowsUpdating: changesAfter.rows,
      };
      console.log(
        `renderer main thread while ${figures.rowsUpdating} chain rows (${root.row}) stream: busy ${figures.busySharePercent}%` +
          ` of ${figures.windowSeconds} s (${busyShare < TARGET_BUSY_SHARE ? 'within target' : 'OVER TARGET'}` +
          ` ${figures.targetPercent}%, ratio ${figures.ratioToTarget}); ${figures.cellUpdatesPerSecond} cell updates/s` +
          ` (script ${figures.scriptSharePercent}%, style ${figures.styleSharePercent}%, layout ${figures.layoutSharePercent}%;` +
          ` main thread CPU ${figures.cpuSharePercent}%);` +
          ` the page without a chain: busy ${figures.idlePageBusySharePercent}%`,
      );
      return figures;
    }
    throw new Error(
      `No root's prices moved on ${day} at this hour: ${ROOTS.map((root) => root.row).join(', ')}`,
    );
  } finally {
    await browser.close();
    await shell.stop();
  }
}
