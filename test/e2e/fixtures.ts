/**
 * The e2e suite's own `test`: Playwright's, with a web shell (with its embedded simulator) per
 * worker and a page signed into it. It stays beside the specs because it is built on their page
 * modules (the sign-in of `deskPage` is SignInPage's), which test/support never imports.
 */
import path from 'node:path';
import { test as base, type Page } from '@playwright/test';
import { startWebShellProcess, type WebShellProcess } from '../support/webShellProcess';
import { SignInPage } from './pages/SignInPage';

export const test = base.extend<{ deskPage: Page }, { webShell: WebShellProcess }>({
  webShell: [
    // Playwright reads a fixture's dependencies from its first parameter, which must be a pattern.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const shell = await startWebShellProcess();
      await use(shell);
      await shell.stop();
    },
    { scope: 'worker' },
  ],
  /** A page of the web shell, signed in as the demo user through the simulator's login page. */
  deskPage: async ({ page, webShell }, use) => {
    const { username, password } = webShell.ready.simulator;
    const signIn = await SignInPage.openSignedOut(page, webShell.ready.url);
    await signIn.signIn({ username, password });
    await use(page);
  },
});

export { expect } from '@playwright/test';

/** Saves a screenshot under reports/screenshots (Playwright empties its own output folder). */
export async function keepScreenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join('reports', 'screenshots', `${name}.png`), fullPage: true });
}
