/**
 * `npm start`: opens the Electron app where an Electron binary exists; otherwise says so in one
 * line and starts the web shell (the same renderer and services, served to Chromium).
 * `--web` forces the web shell.
 */
import { spawn } from 'node:child_process';
import { runCommand } from './node/cli';
import { locateElectronBinary } from './app/electronBinary';
import { findAppRoot } from './node/paths';
import { startEarlyWork } from './app/startEarlyWork';

runCommand(async () => {
  const argv = process.argv.slice(2);
  const root = findAppRoot();
  const electron = argv.includes('--web') ? { reason: '--web was given' } : locateElectronBinary(root);
  if ('path' in electron) {
    const child = spawn(electron.path, [root], { stdio: 'inherit' });
    child.on('exit', (code) => process.exit(code ?? 0));
    return;
  }
  process.stderr.write(`No Electron binary (${electron.reason}): starting the web shell instead.\n`);
  // Started before the web shell loads, so the two overlap.
  const earlyUniverseRoll = startEarlyWork();
  const { runWebShell } = await import('./app/runWebShell');
  await runWebShell(argv, { earlyUniverseRoll });
});
