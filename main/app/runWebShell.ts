/**
 * Starts the web shell, prints `LISTENING {json}` (the page may be opened), starts the embedded
 * simulator and the desk behind it (webShellStart.ts) and prints `READY {json}`.
 */
import { closeOnSignals, parseCommandLine, parsePort, printListening, printReady, UsageError } from '../node/cli';
import { findAppRoot, rendererDir, userDataDir, webPreloadFile } from '../node/paths';
import type { SimulatorInfo } from '../simulator/server';
import type { Desk } from './desk';
import type { EarlyUniverseRoll } from './earlyUniverseRoll';
import { openInBrowser, type LaunchFile } from '../web/openInBrowser';
import { pageBeforeGeneration, startWebShellBeforeDesk } from './webShellStart';

/** How long an unopened launch file may wait for the browser before it is deleted anyway. */
const LAUNCH_FILE_LIFETIME_MS = 10 * 60_000;

/** A whole number of seconds for `--<name>`, from `min` to `max`. */
function parseSeconds(name: string, value: string | undefined, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new UsageError(`--${name} must be a whole number of seconds from ${min} to ${max} (got "${value}")`);
  }
  return Number(value);
}

/**
 * The embedded simulator as the READY line names it: its addresses, universe and demo app, but
 * not the demo password or AppSecret (15.5): the app signs in by itself, and a terminal's
 * scrollback or a CI log is no place for them. The standalone simulator's READY line keeps them.
 */
export function readySimulatorInfo(info: SimulatorInfo): Omit<SimulatorInfo, 'password' | 'appSecret'> {
  const { password: _password, appSecret: _appSecret, ...shown } = info;
  return shown;
}

/**
 * Runs the web shell from command-line arguments: `--port`, `--no-open`, `--token-ttl` and
 * `--refresh-token-ttl` (the embedded simulator's token lifetimes, to watch renewal and expiry).
 */
export async function runWebShell(
  argv: string[],
  startup: { earlyUniverseRoll?: EarlyUniverseRoll } = {},
): Promise<void> {
  const { values } = parseCommandLine(argv, {
    port: { type: 'string' },
    'no-open': { type: 'boolean' },
    web: { type: 'boolean' },
    'token-ttl': { type: 'string' },
    'refresh-token-ttl': { type: 'string' },
  });
  const tokenTtlSeconds = parseSeconds('token-ttl', values['token-ttl'], 5, 86_400);
  const refreshTokenTtlSeconds = parseSeconds('refresh-token-ttl', values['refresh-token-ttl'], 1, 30 * 86_400);
  const root = findAppRoot();
  const { shell, desk: deskStarting } = await startWebShellBeforeDesk(
    async (events, shell) => {
      // The desk's code (core, simulator: a quarter of a second of this thread) loads once the
      // shell listens, while the browser loads the page, rather than before.
      const [{ startDesk }, { progressDisplay }] = await Promise.all([import('./desk'), import('../simulator/cliProgress')]);
      return startDesk({
        events,
        ...(tokenTtlSeconds !== undefined ? { tokenTtlSeconds } : {}),
        // A terminal shows how a long universe generation advances; a log (tests, tools) stays quiet.
        ...(process.stderr.isTTY ? { onSimulatorProgress: progressDisplay(process.stderr) } : {}),
        ...(refreshTokenTtlSeconds !== undefined ? { refreshTokenTtlSeconds } : {}),
        ...(startup.earlyUniverseRoll
          ? { earlyUniverseRoll: pageBeforeGeneration(startup.earlyUniverseRoll, shell.pageConnected) }
          : {}),
      });
    },
    { rendererDir: rendererDir(root), webPreloadFile: webPreloadFile(root), port: parsePort(values.port, 0) },
  );
  let launchFile: LaunchFile | undefined;
  // Also marks a failure as heard: it is awaited only once the browser has been opened.
  let deskReady: Desk | undefined;
  void deskStarting.then((desk) => (deskReady = desk)).catch(() => undefined);
  // Before LISTENING, so a client that stops the shell as soon as it reads a line finds the handler.
  closeOnSignals(async () => {
    await launchFile?.remove();
    await shell.close();
    // A desk still starting is left to the exit, as a signal during the start always did.
    await deskReady?.close();
  });
  // The page may be opened now: its calls wait for the desk. LISTENING and READY print the same
  // link, which opens RefDesk once whichever line it was taken from.
  printListening({ url: shell.launchUrl, origin: shell.origin });
  if (!values['no-open']) {
    // The printed link and the window's link are different keys: each opens RefDesk once.
    const link = shell.newLaunchLink();
    const opened = await openInBrowser(link.url, userDataDir());
    process.stderr.write(`${opened.message}\n`);
    launchFile = opened.launchFile;
    if (launchFile) {
      const remove = launchFile.remove;
      void link.redeemed.then(remove);
      setTimeout(() => void remove(), LAUNCH_FILE_LIFETIME_MS).unref();
    }
  }
  // A desk that cannot start has closed the shell: the launch file goes, and the process exits 1.
  const desk = await deskStarting.catch(async (error: unknown) => {
    await launchFile?.remove();
    throw error;
  });
  printReady({ url: shell.launchUrl, origin: shell.origin, simulator: readySimulatorInfo(desk.simulator.info) });
  desk.simulator.prepareForRequests();
}
