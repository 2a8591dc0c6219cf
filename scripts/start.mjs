#!/usr/bin/env node
/**
 * `npm start`: builds the app when its sources changed since the last finished build (or there
 * is none), then runs the launcher (Electron where a binary exists, else the web shell) with the
 * arguments given, in this process: a second Node start cost 0.1–0.2 s of every launch. The
 * launcher reads its arguments and handles SIGINT and SIGTERM itself. `npm test` and
 * `npm run dev` always build.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { buildNeeded } from './buildFreshness.mjs';

const reason = buildNeeded(process.cwd());
if (reason) {
  process.stderr.write(`Building RefDesk (${reason})...\n`);
  const build = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
// The launcher's CommonJS build through V8's code cache (main/node/codeCache.ts): 0.1 s less
// compiling on every start after the first.
createRequire(import.meta.url)(path.resolve('out/node/launcher.cjs'));
