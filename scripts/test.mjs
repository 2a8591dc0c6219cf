#!/usr/bin/env node
/**
 * `npm test`: every test of the project, and one closing `N passed, N failed` line.
 *
 * 1. On Linux without a D-Bus session, re-runs itself inside `dbus-run-session` with an
 *    unlocked gnome-keyring, so keychain tests run against a real keyring.
 * 2. Builds the app (the end-to-end tests drive the built web shell).
 * 3. Runs Vitest (unit, integration, component, lint, Electron-faked) and Playwright (e2e),
 *    each with a JSON report under reports/, and sums them.
 * Exits non-zero when any test fails or any runner fails to report.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const KEYRING_PASSWORD = 'refdesk-test-keyring';

function which(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' }).stdout.trim();
}

if (process.platform === 'linux' && !process.env.DBUS_SESSION_BUS_ADDRESS && !process.env.REFDESK_TEST_IN_DBUS) {
  if (which('dbus-run-session') && which('gnome-keyring-daemon')) {
    const xdgDataHome = mkdtempSync(path.join(tmpdir(), 'refdesk-keyring-'));
    const inner = `echo -n '${KEYRING_PASSWORD}' | gnome-keyring-daemon --unlock --components=secrets >/dev/null && exec node scripts/test.mjs`;
    const result = spawnSync('dbus-run-session', ['--', 'sh', '-c', inner], {
      stdio: 'inherit',
      env: { ...process.env, REFDESK_TEST_IN_DBUS: '1', XDG_DATA_HOME: xdgDataHome },
    });
    rmSync(xdgDataHome, { recursive: true, force: true });
    process.exit(result.status ?? 1);
  }
  console.warn('dbus-run-session or gnome-keyring-daemon missing: keychain tests will report the keyring as unavailable.');
}

const run = (command, args, env = {}) =>
  spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;
const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined);

mkdirSync('reports', { recursive: true });
for (const report of ['reports/vitest.json', 'reports/playwright.json']) rmSync(report, { force: true });

if (run('npm', ['run', '--silent', 'build']) !== 0) {
  console.log('0 passed, 1 failed');
  console.error('The build failed; no tests were run.');
  process.exit(1);
}

// The security scan counts as one test: Electronegativity findings must be fixed or justified.
const securityExit = run('node', ['scripts/security-scan.mjs']);

const vitestExit = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=reports/vitest.json']);
const playwrightExit = run('npx', ['playwright', 'test'], { CI: '1' });

const totals = { passed: 0, failed: 0, skipped: 0 };
const problems = [];
if (securityExit === 0) totals.passed += 1;
else totals.failed += 1;

const vitest = readJson('reports/vitest.json');
if (vitest) {
  totals.passed += vitest.numPassedTests;
  totals.failed += vitest.numFailedTests;
  totals.skipped += vitest.numPendingTests + (vitest.numTodoTests ?? 0);
  if (vitestExit !== 0 && vitest.numFailedTests === 0) problems.push(`vitest exited ${vitestExit} (suite errors)`);
} else {
  problems.push('vitest wrote no report');
}

/** Titles of the tests Playwright reports as flaky (failed, then passed on the retry). */
function flakyTests(suite, titles = []) {
  for (const spec of suite.specs ?? []) {
    if (spec.tests.some((test) => test.status === 'flaky')) titles.push(`${spec.file}: ${spec.title}`);
  }
  for (const child of suite.suites ?? []) flakyTests(child, titles);
  return titles;
}

const playwright = readJson('reports/playwright.json');
if (playwright) {
  for (const title of playwright.suites.flatMap((suite) => flakyTests(suite))) console.warn(`flaky (passed on its retry): ${title}`);
  totals.passed += playwright.stats.expected + playwright.stats.flaky;
  totals.failed += playwright.stats.unexpected;
  totals.skipped += playwright.stats.skipped;
  if (playwrightExit !== 0 && playwright.stats.unexpected === 0) problems.push(`playwright exited ${playwrightExit}`);
} else {
  problems.push('playwright wrote no report');
}

for (const problem of problems) console.error(`test run problem: ${problem}`);
const failed = totals.failed + problems.length;
console.log(`${totals.passed} passed, ${failed} failed, ${totals.skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
