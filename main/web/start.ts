/**
 * Starts the web shell with the embedded simulator behind it and prints `READY {json}`.
 */
import { closeOnSignals, parseCommandLine, parsePort, printReady } from '../core/cli';
import { findAppRoot, rendererDir, userDataDir, webPreloadFile } from '../core/paths';
import { startDeskRuntime } from '../core/runtime';
import { openInBrowser } from './openInBrowser';
import { startWebShell } from './server';

/** Runs the web shell from command-line arguments (`--port`, `--no-open`). */
export async function runWebShell(argv: string[]): Promise<void> {
  const { values } = parseCommandLine(argv, {
    port: { type: 'string' },
    'no-open': { type: 'boolean' },
    web: { type: 'boolean' },
  });
  const root = findAppRoot();
  const runtime = await startDeskRuntime();
  const shell = await startWebShell({
    dispatch: runtime.createDispatcher,
    rendererDir: rendererDir(root),
    webPreloadFile: webPreloadFile(root),
    port: parsePort(values.port, 0),
  });
  printReady({ url: shell.launchUrl, origin: shell.origin, simulator: runtime.simulator.info });
  if (!values['no-open']) process.stderr.write(`${openInBrowser(shell.launchUrl, userDataDir())}\n`);
  closeOnSignals(async () => {
    await shell.close();
    await runtime.close();
  });
}
