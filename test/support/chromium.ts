/**
 * Debian's Chromium (never a downloaded browser) and the flags every run of it uses: the
 * end-to-end tests (playwright.config.ts) and the benchmarks that drive the web shell. No
 * sandbox (containers), nothing phoning home. CHROMIUM_PATH overrides the binary.
 */
export const CHROMIUM_EXECUTABLE = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--disable-dev-shm-usage',
];
