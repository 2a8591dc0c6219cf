/**
 * How the web shell lets a browser in (15.5): each launch link opens RefDesk once; the window the
 * shell opens itself gets its link through a file only this user can read, never on Chromium's
 * command line (which every local user can read); and the READY line holds no demo secret. The
 * shell listens (LISTENING) before its simulator has started (READY), both lines naming the same
 * link; a first start's page says how far the universe's generation has got; a desk that cannot
 * start ends the process with an error.
 */
import { chmod, mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_APP, DEMO_USER } from '../../main/simulator/data/accounts/demo';
import { startWebShellGenerating, startWebShellProcess } from '../support/webShellProcess';
import { expect, test } from './fixtures';
import { LaunchPage } from './pages/LaunchPage';
import { SignInPage } from './pages/SignInPage';

test('a launch link opens RefDesk once; another browser opening it again is refused with a page that says so', async ({
  browser,
}) => {
  const webShell = await startWebShellProcess();
  try {
    const printed = JSON.stringify(webShell.printed);
    expect(printed).not.toContain(DEMO_USER.password);
    expect(printed).not.toContain(DEMO_APP.appSecret);
    expect(webShell.printed.simulator).toMatchObject({ username: DEMO_USER.login, appKey: DEMO_APP.appKey });

    const first = await browser.newPage();
    await first.goto(webShell.ready.url);
    await expect(new SignInPage(first).prompt).toBeVisible();
    // The link's page is RefDesk itself (no second navigation), and the used key leaves the address.
    expect(new URL(first.url()).pathname).toBe('/');
    expect(first.url()).not.toContain('key=');
    // The same window opening it again (a reload of the link) just goes on.
    await first.goto(webShell.ready.url);
    await expect(new SignInPage(first).prompt).toBeVisible();

    const other = await browser.newPage();
    await other.goto(webShell.ready.url);
    await expect(new LaunchPage(other).linkUsed).toBeVisible();
    await expect(new LaunchPage(other).linkUsedAdvice).toBeVisible();
    expect(await other.context().cookies(webShell.ready.origin)).toEqual([]);
  } finally {
    await webShell.stop();
  }
});

test("the shell's own window is incognito and gets its link from a file only this user reads, deleted once used", async ({
  page,
  browser,
}, testInfo) => {
  // A stand-in for Chromium that records how the shell started it.
  const fakeChromium = testInfo.outputPath('fake-chromium.sh');
  const startedWith = testInfo.outputPath('chromium-argv.txt');
  await writeFile(fakeChromium, `#!/bin/sh\nprintf '%s\\n' "$@" > '${startedWith}'\n`);
  await chmod(fakeChromium, 0o755);
  const webShell = await startWebShellProcess([], {
    open: true,
    env: { DISPLAY: ':0', CHROMIUM_PATH: fakeChromium },
  });
  try {
    await expect
      .poll(() => readFile(startedWith, 'utf8').catch(() => ''), { timeout: 10_000 })
      .toContain('--app=');
    const argv = (await readFile(startedWith, 'utf8')).trim().split('\n');
    expect(argv).toContain('--incognito');
    expect(argv).toContain(`--user-data-dir=${path.join(webShell.dataDir, 'web-shell-browser')}`);
    expect(argv.join(' ')).not.toMatch(/key=/);
    const launchFile = new URL(argv.find((arg) => arg.startsWith('--app='))!.slice('--app='.length));
    expect(launchFile.protocol).toBe('file:');
    expect((await stat(launchFile)).mode & 0o077).toBe(0);
    const link = /url=([^"]+)"/.exec(await readFile(launchFile, 'utf8'))?.[1]?.replace(/&amp;/g, '&') ?? '';
    expect(link).toMatch(new RegExp(`^${webShell.ready.origin}/launch\\?key=`));
    expect(link).not.toBe(webShell.ready.url);

    // Chromium opens the file, which moves on to the link: RefDesk opens, signed out, in that window.
    await page.goto(launchFile.href);
    await expect(new SignInPage(page).prompt).toBeVisible();
    await expect
      .poll(() =>
        stat(launchFile).then(
          () => 'present',
          () => 'deleted',
        ),
      )
      .toBe('deleted');
    const other = await browser.newPage();
    await other.goto(link);
    await expect(new LaunchPage(other).linkUsed).toBeVisible();
  } finally {
    await webShell.stop();
  }
});

test('LISTENING comes before READY and names the same link, which opens RefDesk once whichever line it was taken from', async ({
  browser,
}) => {
  const webShell = await startWebShellProcess();
  try {
    const lines = webShell.stdout().split('\n');
    const listeningAt = lines.findIndex((line) => line.startsWith('LISTENING '));
    const readyAt = lines.findIndex((line) => line.startsWith('READY '));
    expect(listeningAt).toBeGreaterThanOrEqual(0);
    expect(listeningAt).toBeLessThan(readyAt);
    const listening = JSON.parse(lines[listeningAt]!.slice('LISTENING '.length)) as { url: string; origin: string };
    expect(listening).toEqual({ url: webShell.printed.url, origin: webShell.printed.origin });

    const first = await browser.newPage();
    await first.goto(listening.url);
    await expect(new SignInPage(first).prompt).toBeVisible();
    const other = await browser.newPage();
    await other.goto(webShell.printed.url);
    await expect(new LaunchPage(other).linkUsed).toBeVisible();
  } finally {
    await webShell.stop();
  }
});

test('a desk that cannot start ends the web shell with an error, after it said LISTENING', async () => {
  // A cache folder that is a file: the embedded simulator cannot keep its universe, so it cannot start.
  const notAFolder = path.join(await mkdtemp(path.join(tmpdir(), 'refdesk-e2e-bad-cache-')), 'cache');
  await writeFile(notAFolder, 'not a folder');
  const starting = startWebShellProcess([], { env: { REFDESK_CACHE_DIR: notAFolder } });
  await expect(starting).rejects.toThrow(/exited with 1 before READY \(its output: "LISTENING \{.*ENOTDIR/s);
});

test('a first start’s page, opened at LISTENING, says the simulator is starting and how far its universe has got, then asks to sign in', async ({
  browser,
}) => {
  const webShell = await startWebShellGenerating();
  try {
    const page = await browser.newPage();
    await page.goto(webShell.ready.url);
    const launch = new LaunchPage(page);
    // The universe is generated once the page has loaded, on main's thread: the page hears how far it has got.
    await expect(launch.starting).toContainText(/Starting the simulator….*Generating the universe: .+ \(step \d+ of \d+\), \d+%/);
    await expect(new SignInPage(page).prompt).toBeVisible({ timeout: 60_000 });
    await expect(launch.starting).toBeHidden();
    expect(webShell.stdout()).toContain('READY ');
  } finally {
    await webShell.stop();
  }
});
