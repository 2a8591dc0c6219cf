/**
 * Starts the web shell with the embedded simulator behind it and prints `READY {json}`.
 */
import { popupSignIn } from '../core/session/interactiveSignIn';
import { closeOnSignals, parseCommandLine, parsePort, printReady, printServing, UsageError } from '../node/cli';
import { findAppRoot, rendererDir, userDataDir, webPreloadFile } from '../node/paths';
import { progressDisplay } from '../simulator/cliProgress';
import type { SimulatorInfo } from '../simulator/server';
import { deskToCome } from './deskToCome';
import { startDesk, type Desk } from './desk';
import type { EarlyUniverseRoll } from './earlyUniverseRoll';
import { openInBrowser, type LaunchFile } from '../web/openInBrowser';
import { startWebShell, type RunningWebShell } from '../web/server';

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

/** Opens a browser window on a new launch link; its launch file goes once used, or after a while. */
async function openBrowser(shell: RunningWebShell): Promise<LaunchFile | undefined> {
  const link = shell.newLaunchLink();
  const opened = await openInBrowser(link.url, userDataDir());
  process.stderr.write(`${opened.message}\n`);
  const launchFile = opened.launchFile;
  if (launchFile) {
    const remove = launchFile.remove;
    void link.redeemed.then(remove);
    setTimeout(() => void remove(), LAUNCH_FILE_LIFETIME_MS).unref();
  }
  return launchFile;
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
  const toCome = deskToCome();
  const starting = startDesk({
    events: toCome.events,
    ...(tokenTtlSeconds !== undefined ? { tokenTtlSeconds } : {}),
    // A terminal shows how a long universe generation advances; a log (tests, tools) stays quiet.
    ...(process.stderr.isTTY ? { onSimulatorProgress: progressDisplay(process.stderr) } : {}),
    ...(refreshTokenTtlSeconds !== undefined ? { refreshTokenTtlSeconds } : {}),
    ...(startup.earlyUniverseRoll ? { earlyUniverseRoll: startup.earlyUniverseRoll } : {}),
  });
  // A start that fails before the shell listens is reported below, not as an unhandled rejection.
  starting.catch(() => undefined);
  // The page is served while the desk starts (the simulator opens its universe meanwhile).
  const shell = await startWebShell({
    dispatch: (isTrustedSender) => toCome.dispatcher(isTrustedSender),
    rendererDir: rendererDir(root),
    webPreloadFile: webPreloadFile(root),
    port: parsePort(values.port, 0),
  }).catch(async (error: unknown) => {
    // The desk may still be starting: let it finish and close, so nothing is left half open.
    await starting.then((desk) => desk.close(), () => undefined);
    throw error;
  });
  // The printed link and the window's link are different keys: each opens RefDesk once.
  printServing({ url: shell.launchUrl, origin: shell.origin });
  const opening = values['no-open'] ? undefined : openBrowser(shell);
  let desk: Desk;
  try {
    desk = await starting;
  } catch (error) {
    toCome.fail(error);
    await shell.close();
    throw error;
  }
  // The renderer opens login pages in a popup that returns to this shell's callback page.
  desk.services.session.useInteractiveSignIn(popupSignIn(shell.origin));
  toCome.wire(desk);
  printReady({ url: shell.launchUrl, origin: shell.origin, simulator: readySimulatorInfo(desk.simulator.info) });
  desk.simulator.prepareForRequests();
  const launchFile = await opening;
  closeOnSignals(async () => {
    await launchFile?.remove();
    await shell.close();
    await desk.close();
  });
}
