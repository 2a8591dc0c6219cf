/**
 * Whether the bundles in out/ were built from the sources as they are now: `npm start` builds
 * only when they were not. The build writes out/build-stamp when it has finished (a failed or
 * interrupted build leaves none, so the next start builds again); the bundles are current when
 * the stamp is newer than every source file and folder (a folder's time changes when a file in
 * it is added, renamed or deleted).
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** Folders and files the bundles are built from. */
export const BUILD_INPUTS = [
  'main',
  'preload',
  'renderer',
  'contract',
  'vite.config.ts',
  'scripts/build-node.mjs',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.base.json',
  'tsconfig.node.json',
  'tsconfig.web.json',
];

/**
 * What the standalone simulator's bundle is built from (`npm run simulator` runs the bundle while
 * none of these changed): the renderer and the desk's code are not its sources.
 */
export const SIMULATOR_INPUTS = [
  'main/simulator',
  'main/node',
  'contract',
  'scripts/build-node.mjs',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.base.json',
  'tsconfig.node.json',
];

/** Written by the build when it has finished. */
export const BUILD_STAMP = 'out/build-stamp';

/** The newest modification time (ms) under `entry`, and the file or folder that has it. */
function newestUnder(entry) {
  let stat;
  try {
    stat = statSync(entry);
  } catch {
    return { ms: 0, file: undefined };
  }
  let newest = { ms: stat.mtimeMs, file: entry };
  if (stat.isDirectory()) {
    for (const name of readdirSync(entry)) {
      const inner = newestUnder(path.join(entry, name));
      if (inner.ms > newest.ms) newest = inner;
    }
  }
  return newest;
}

/**
 * Why the bundles under `root` must be built again, or undefined when they are current.
 * `inputs` and `stamp` are relative to `root`.
 */
export function buildNeeded(root, inputs = BUILD_INPUTS, stamp = BUILD_STAMP) {
  let built;
  try {
    built = statSync(path.join(root, stamp)).mtimeMs;
  } catch {
    return 'no finished build was found';
  }
  for (const input of inputs) {
    const newest = newestUnder(path.join(root, input));
    if (newest.ms > built) return `${path.relative(root, newest.file)} changed after the last build`;
  }
  return undefined;
}
