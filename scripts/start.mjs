#!/usr/bin/env node
/**
 * `npm start`: builds the app when its sources changed since the last finished build (or there
 * is none), then runs the launcher (Electron where a binary exists, else the web shell) with the
 * arguments given, passing it SIGINT and SIGTERM. `npm test` and `npm run dev` always build.
 */
import { spawn, spawnSync } from 'node:child_process';
import { buildNeeded } from './buildFreshness.mjs';

const reason = buildNeeded(process.cwd());
if (reason) {
  process.stderr.write(`Building RefDesk (${reason})...\n`);
  const build = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const launcher = spawn(process.execPath, ['out/main/launcher.js', ...process.argv.slice(2)], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => launcher.kill(signal));
launcher.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
