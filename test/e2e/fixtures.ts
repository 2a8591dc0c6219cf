/**
 * Playwright fixtures: a web shell (with its embedded simulator) per worker, started from the
 * built bundle exactly as `npm start -- --web` runs it, and a page signed into it.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base, type Page } from '@playwright/test';
import { startReadyProcess, type ReadyProcess } from '../support/simulatorProcess';

export interface WebShellReady {
  url: string;
  origin: string;
  simulator: { baseUrl: string; authUrl: string };
}

export const test = base.extend<{ deskPage: Page }, { webShell: ReadyProcess<WebShellReady> }>({
  webShell: [
    async ({}, use) => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'refdesk-e2e-'));
      const shell = await startReadyProcess<WebShellReady>(process.execPath, ['out/main/web.js', '--no-open'], {
        env: { REFDESK_DATA_DIR: dataDir },
      });
      await use(shell);
      await shell.stop();
    },
    { scope: 'worker' },
  ],
  deskPage: async ({ page, webShell }, use) => {
    await page.goto(webShell.ready.url);
    await use(page);
  },
});

export { expect } from '@playwright/test';

/** Saves a screenshot under reports/screenshots (Playwright empties its own output folder). */
export async function keepScreenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join('reports', 'screenshots', `${name}.png`), fullPage: true });
}
