import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from './test/support/chromium';

/**
 * End-to-end tests: Debian's Chromium (never a downloaded browser, see test/support/chromium.ts)
 * driving the web shell.
 */
export default defineConfig({
  testDir: 'test/e2e',
  outputDir: 'reports/e2e-output',
  timeout: 60_000,
  workers: 1,
  // In CI a failed test runs once more in a fresh worker (a new web shell): a test that fails
  // twice fails the run; one that passes the second time is named as flaky in the summary.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'reports/playwright.json' }]] : 'list',
  use: {
    headless: true,
    viewport: { width: 1400, height: 900 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_EXECUTABLE,
      args: CHROMIUM_ARGS,
    },
  },
});
