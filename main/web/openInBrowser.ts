/**
 * Opens the web shell in Chromium's app mode (a window without browser chrome) when a display
 * is present; otherwise tells the user where to point a browser.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

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

/** Opens `url` in an app-mode window with its own profile under `dataDir`; returns what happened. */
export function openInBrowser(url: string, dataDir: string): string {
  const chromium = findChromium();
  if (!hasDisplay()) return `No display: open ${url} in a browser on this machine.`;
  if (!chromium) return `No Chromium found (set CHROMIUM_PATH): open ${url} in a browser on this machine.`;
  const child = spawn(
    chromium,
    [
      `--app=${url}`,
      `--user-data-dir=${path.join(dataDir, 'web-shell-browser')}`,
      // This is an offline tool: no sync, no component updates, no background calls home.
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    { detached: true, stdio: 'ignore' },
  );
  child.on('error', () => undefined);
  child.unref();
  return `Opened ${chromium} in app mode.`;
}
