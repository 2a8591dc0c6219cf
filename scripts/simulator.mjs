#!/usr/bin/env node
/**
 * `npm run simulator`: the standalone simulator from its built bundle (out/node/simulator.cjs)
 * when the bundle is current, as `npm start` runs the app; loading the TypeScript sources through
 * tsx instead costs about 1.3 s of every start. When a source of the simulator changed since the
 * last finished build, it runs from the sources and says so (a full build takes far longer than
 * the sources' load). Either runs in this process (no second Node start); the simulator reads
 * its arguments and handles SIGINT and SIGTERM itself.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildNeeded, SIMULATOR_INPUTS } from './buildFreshness.mjs';

const stale = buildNeeded(process.cwd(), SIMULATOR_INPUTS);
if (stale) {
  process.stderr.write(`Running the simulator from its sources (${stale}; \`npm run build\` makes starts faster).\n`);
  const { register } = await import('tsx/esm/api');
  register();
}
// Built: the CommonJS build through V8's code cache (main/node/codeCache.ts), as `npm start` runs.
if (stale) await import(pathToFileURL('main/simulator/cli.ts').href);
else createRequire(import.meta.url)(path.resolve('out/node/simulator.cjs'));
