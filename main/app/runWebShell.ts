/**
 * Starts the web shell with the embedded simulator behind it and prints `READY {json}`.
 */
import { popupSignIn } from '../core/session/interactiveSignIn';
import { closeOnSignals, parseCommandLine, parsePort, printReady, UsageError } from '../node/cli';
import { findAppRoot, rendererDir, userDataDir, webPreloadFile } from '../node/paths';
import { progressDisplay } from '../simulator/cliProgress';
import type { SimulatorInfo } from '../simulator/server';
import { startDesk } from './desk';
import type { EarlyUniverseRoll } from './earlyUniverseRoll';
import { openInBrowser, type LaunchFile } from '../web/openInBrowser';
import { startWebShell } from '../web/server';

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
  const desk = await startDesk({
    ...(tokenTtlSeconds !== undefined ? { tokenTtlSeconds } : {}),
    // A terminal shows how a long universe generation advances; a log (tests, tools) stays quiet.
    ...(process.stderr.isTTY ? { onSimulatorProgress: progressDisplay(process.stderr) } : {}),
    ...(refreshTokenTtlSeconds !== undefined ? { refreshTokenTtlSeconds } : {}),
    ...(startup.earlyUniverseRoll ? { earlyUniverseRoll: startup.earlyUniverseRoll } : {}),
  });
  const shell = await startWebShell({
    dispatch: desk.createDispatcher,
    rendererDir: rendererDir(root),
    webPreloadFile: webPreloadFile(root),
    port: parsePort(values.port, 0),
  });
  // The renderer opens login pages in a popup that returns to this shell's callback page.
  desk.services.session.useInteractiveSignIn(popupSignIn(shell.origin));
  // The printed link and the window's link are different keys: each opens RefDesk once.
  printReady({ url: shell.launchUrl, origin: shell.origin, simulator: readySimulatorInfo(desk.simulator.info) });
  desk.simulator.prepareForRequests();
  let launchFile: LaunchFile | undefined;
  if (!values['no-open']) {
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
  closeOnSignals(async () => {
    await launchFile?.remove();
    await shell.close();
    await desk.close();
  });
}
