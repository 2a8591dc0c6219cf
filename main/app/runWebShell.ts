/**
 * Starts the web shell with the embedded simulator behind it and prints `READY {json}`.
 */
import { popupSignIn } from '../core/session/interactiveSignIn';
import { closeOnSignals, parseCommandLine, parsePort, printReady, UsageError } from '../node/cli';
import { findAppRoot, rendererDir, userDataDir, webPreloadFile } from '../node/paths';
import { progressDisplay } from '../simulator/cliProgress';
import { startDesk } from './desk';
import { openInBrowser } from '../web/openInBrowser';
import { startWebShell } from '../web/server';

/** `--token-ttl`: seconds, from 5 (to watch expiry happen) to a day. */
function parseTokenTtl(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < 5 || Number(value) > 86_400) {
    throw new UsageError(`--token-ttl must be a whole number of seconds from 5 to 86400 (got "${value}")`);
  }
  return Number(value);
}

/** Runs the web shell from command-line arguments (`--port`, `--no-open`, `--token-ttl`). */
export async function runWebShell(argv: string[]): Promise<void> {
  const { values } = parseCommandLine(argv, {
    port: { type: 'string' },
    'no-open': { type: 'boolean' },
    web: { type: 'boolean' },
    'token-ttl': { type: 'string' },
  });
  const tokenTtlSeconds = parseTokenTtl(values['token-ttl']);
  const root = findAppRoot();
  const desk = await startDesk({
    ...(tokenTtlSeconds !== undefined ? { tokenTtlSeconds } : {}),
    // A terminal shows how a long universe generation advances; a log (tests, tools) stays quiet.
    ...(process.stderr.isTTY ? { onSimulatorProgress: progressDisplay(process.stderr) } : {}),
  });
  const shell = await startWebShell({
    dispatch: desk.createDispatcher,
    rendererDir: rendererDir(root),
    webPreloadFile: webPreloadFile(root),
    port: parsePort(values.port, 0),
  });
  // The renderer opens login pages in a popup that returns to this shell's callback page.
  desk.services.session.useInteractiveSignIn(popupSignIn(shell.origin));
  printReady({ url: shell.launchUrl, origin: shell.origin, simulator: desk.simulator.info });
  if (!values['no-open']) process.stderr.write(`${openInBrowser(shell.launchUrl, userDataDir())}\n`);
  closeOnSignals(async () => {
    await shell.close();
    await desk.close();
  });
}
