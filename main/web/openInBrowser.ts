/**
 * Opens the web shell in Chromium's app mode (a window without browser chrome) when a display
 * is present; otherwise tells the user where to point a browser.
 *
 * Two things stay out of reach of other local users and of the disk (issue 15.2 and 15.5):
 * - the launch link: a browser's command line is readable by every local user
 *   (/proc/<pid>/cmdline), so Chromium is handed a local file readable by this user only, which
 *   moves on to the link; the key in it opens RefDesk once, and the file is deleted once it has;
 * - what the window sees: it runs incognito (in its own profile folder, so it never joins a
 *   browser the user has open), so no history, cache, session or cookie is written to disk.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const CANDIDATES = [
  process.env.CHROMIUM_PATH,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe',
];

/** The first Chromium-family browser found on this machine, if any. */
export function findChromium(): string | undefined {
  return CANDIDATES.find((candidate): candidate is string => Boolean(candidate && existsSync(candidate)));
}

function hasDisplay(): boolean {
  if (process.platform === 'win32' || process.platform === 'darwin') return true;
  return Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
}

/**
 * Chromium's command line for the shell's window: nothing secret on it (the launch file's path
 * only), incognito, its own profile folder, and no calls home from this offline tool.
 */
export function chromiumArguments(launchFile: string, profileDir: string): string[] {
  return [
    `--app=${pathToFileURL(launchFile).href}`,
    '--incognito',
    `--user-data-dir=${profileDir}`,
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ];
}

/** A page that moves on to `launchUrl` at once (a meta refresh: a file page may run no script here). */
export function launchFileContent(launchUrl: string): string {
  const attribute = launchUrl.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="referrer" content="no-referrer">
<meta http-equiv="refresh" content="0;url=${attribute}"><title>Opening RefDesk</title></head>
<body><p>Opening RefDesk…</p></body></html>
`;
}

/** Where the launch file lives: a folder of its own (0700) holding one file (0600). */
export interface LaunchFile {
  file: string;
  /** Deletes the file and its folder; safe to call more than once. */
  remove(): Promise<void>;
}

/** Writes the launch file for `launchUrl` into a fresh private folder under the system's temp folder. */
export async function writeLaunchFile(launchUrl: string): Promise<LaunchFile> {
  const folder = await mkdtemp(path.join(tmpdir(), 'refdesk-launch-'));
  const file = path.join(folder, 'open-refdesk.html');
  await writeFile(file, launchFileContent(launchUrl), { mode: 0o600, flag: 'wx' });
  return { file, remove: () => rm(folder, { recursive: true, force: true }) };
}

/** What opening a window did: a line for the user and the launch file to delete once it is used. */
export interface BrowserLaunch {
  message: string;
  launchFile?: LaunchFile;
}

/** Opens `launchUrl` in an app-mode, incognito window with its own profile under `dataDir`. */
export async function openInBrowser(launchUrl: string, dataDir: string): Promise<BrowserLaunch> {
  if (!hasDisplay()) return { message: 'No display: open the url of the LISTENING (or READY) line in a browser on this machine.' };
  const chromium = findChromium();
  if (!chromium) return { message: 'No Chromium found (set CHROMIUM_PATH): open the url of the LISTENING (or READY) line in a browser on this machine.' };
  const launchFile = await writeLaunchFile(launchUrl);
  const child = spawn(chromium, chromiumArguments(launchFile.file, path.join(dataDir, 'web-shell-browser')), {
    detached: true,
    stdio: 'ignore',
  });
  child.on('error', () => void launchFile.remove());
  child.unref();
  return { message: `Opened ${chromium} in app mode (incognito).`, launchFile };
}
