/**
 * `npm start`: opens the Electron app where an Electron binary exists; otherwise says so in one
 * line and starts the web shell (the same renderer and services, served to Chromium).
 * `--web` forces the web shell.
 */
import { spawn } from 'node:child_process';
import { runCommand } from './node/cli';
import { locateElectronBinary } from './app/electronBinary';
import { findAppRoot } from './node/paths';
import { startEarlyUniverseRoll } from './app/earlyUniverseRoll';
import { prepareRsaKeyPairs } from './simulator/auth/rsaKeyPairs';

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
  // A new day's first start rolls the cached universe in a worker, and the simulator's signing
  // key pair is made on the thread pool, while the web shell loads.
  const earlyUniverseRoll = startEarlyUniverseRoll();
  prepareRsaKeyPairs(1);
  const { runWebShell } = await import('./app/runWebShell');
  await runWebShell(argv, { earlyUniverseRoll });
});
