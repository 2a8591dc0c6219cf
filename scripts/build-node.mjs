/**
 * Bundles the Node side with esbuild: the Electron main entry, the launcher, the web shell and
 * the simulator CLI (ESM), the sandboxed Electron preload (one CommonJS file, as sandboxed
 * preloads require) and the web preload (one browser script).
 *
 * The Node bundles carry their dependencies too: loaded from node_modules, Fastify, undici, the
 * X.509 stack and the rest took 0.45 s of every start resolving and reading some hundreds of
 * files; from the bundle they load with it. Native modules (better-sqlite3, keytar) and Electron
 * stay outside, loaded by Node's `require`, which the banner gives the ESM bundles (esbuild's
 * CommonJS code of the bundled packages calls it for Node's built-in modules).
 */
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';

const watch = process.argv.includes('--watch');
const common = { bundle: true, sourcemap: true, logLevel: 'warning', target: 'node20', minifyWhitespace: true, minifySyntax: true };
const NATIVE_OR_ELECTRON = ['better-sqlite3', 'keytar', 'electron'];

/** The programs run through the code cache, by the name of their loader in out/node. */
const CACHED_PROGRAMS = {
  launcher: 'main/launcher.ts',
  simulator: 'main/simulator/cli.ts',
  'universe-worker': 'main/simulator/data/universeWorker.ts',
  'universe-roll-worker': 'main/simulator/data/universeRollWorker.ts',
  'universe-ahead-worker': 'main/simulator/data/universeAheadWorker.ts',
};

/**
 * Writes out/node/<name>.cjs: runs <name>.bundle.cjs through the code cache, naming the bundle's
 * hash, so a cache made for an earlier build is never read for this one.
 */
function writeCodeCacheLoaders() {
  for (const name of Object.keys(CACHED_PROGRAMS)) {
    const hash = createHash('sha256').update(readFileSync(`out/node/${name}.bundle.cjs`)).digest('hex');
    const run = `{ bundle: require('node:path').join(__dirname, '${name}.bundle.cjs'), hash: '${hash}', cacheDir: require('node:path').join(__dirname, 'code-cache') }`;
    writeFileSync(`out/node/${name}.cjs`, `'use strict';\nrequire('./codeCache.cjs').runWithCodeCache(${run});\n`);
  }
}

const configs = [
  {
    ...common,
    entryPoints: {
      index: 'main/index.ts',
      launcher: 'main/launcher.ts',
      web: 'main/webMain.ts',
      simulator: 'main/simulator/cli.ts',
      // Worker thread of a universe generation (main/simulator/data/universeLanes.ts).
      'universe-worker': 'main/simulator/data/universeWorker.ts',
      // Worker thread rolling the cached universe while the app loads (main/app/earlyUniverseRoll.ts).
      'universe-roll-worker': 'main/simulator/data/universeRollWorker.ts',
      // Worker thread preparing the next weekday's universe (main/simulator/data/universeAhead.ts).
      'universe-ahead-worker': 'main/simulator/data/universeAheadWorker.ts',
    },
    outdir: 'out/main',
    platform: 'node',
    format: 'esm',
    splitting: true,
    external: NATIVE_OR_ELECTRON,
    banner: { js: "import { createRequire as __refdeskCreateRequire } from 'node:module'; const require = __refdeskCreateRequire(import.meta.url);" },
    chunkNames: 'chunk-[hash]',
  },
  // The same programs (not Electron's main) as single CommonJS files, which Node 20 can run with
  // V8's code cache (main/node/codeCache.ts): `npm start`, `npm run simulator` and the workers
  // start from these through the small loaders written below.
  {
    ...common,
    entryPoints: Object.fromEntries(Object.entries(CACHED_PROGRAMS).map(([name, entry]) => [`${name}.bundle`, entry])),
    outdir: 'out/node',
    outExtension: { '.js': '.cjs' },
    platform: 'node',
    format: 'cjs',
    external: NATIVE_OR_ELECTRON,
    // keytar's import() would be a dynamic import out of a vm.Script, which Node 20 refuses once
    // the script comes from a cache: a require in a promise does the same.
    supported: { 'dynamic-import': false },
    // One licence comment with a non-ASCII letter made the whole 4 MB source, which V8 keeps for
    // the life of the process, a two-byte string (8 MB). The notices go to a file beside it.
    legalComments: 'external',
    define: { 'import.meta.url': '__refdeskModuleUrl' },
    banner: { js: "const __refdeskModuleUrl = require('node:url').pathToFileURL(__filename).href;" },
  },
  {
    ...common,
    entryPoints: { codeCache: 'main/node/codeCache.ts' },
    outdir: 'out/node',
    outExtension: { '.js': '.cjs' },
    platform: 'node',
    format: 'cjs',
  },
  {
    ...common,
    entryPoints: { index: 'preload/index.ts' },
    outdir: 'out/preload',
    outExtension: { '.js': '.cjs' },
    platform: 'node',
    format: 'cjs',
    external: ['electron'],
  },
  {
    ...common,
    entryPoints: { web: 'preload/web.ts' },
    outdir: 'out/preload',
    platform: 'browser',
    format: 'iife',
    target: 'chrome120',
  },
];

if (watch) {
  const { context } = await import('esbuild');
  // `npm run dev` runs out/main: the CommonJS builds are left out, so no loader names an old hash.
  for (const config of configs.filter((candidate) => candidate.outdir !== 'out/node')) await (await context(config)).watch();
} else {
  // Chunk names carry a hash: without this, every build's chunks stayed (83 MB after a day's
  // work), and electron-builder packaged them all.
  // out/node holds the code caches too: a build drops those made for the bundles it replaces.
  rmSync('out/main', { recursive: true, force: true });
  rmSync('out/node', { recursive: true, force: true });
  await Promise.all(configs.map((config) => build(config)));
  writeCodeCacheLoaders();
  // `npm run build` runs this after the renderer's build: both finished, so the bundles are current
  // (scripts/buildFreshness.mjs; `npm start` builds again only when sources are newer).
  writeFileSync('out/build-stamp', `${new Date().toISOString()}\n`);
}
