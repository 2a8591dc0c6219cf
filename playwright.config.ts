import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests: Debian's Chromium (never a downloaded browser) driving the web shell.
 * CHROMIUM_PATH overrides the binary.
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
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
        '--disable-dev-shm-usage',
      ],
    },
  },
});
