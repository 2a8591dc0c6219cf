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
import { rmSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';

const watch = process.argv.includes('--watch');
const common = { bundle: true, sourcemap: true, logLevel: 'warning', target: 'node20', minifyWhitespace: true, minifySyntax: true };
const NATIVE_OR_ELECTRON = ['better-sqlite3', 'keytar', 'electron'];

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
    },
    outdir: 'out/main',
    platform: 'node',
    format: 'esm',
    splitting: true,
    external: NATIVE_OR_ELECTRON,
    banner: { js: "import { createRequire as __refdeskCreateRequire } from 'node:module'; const require = __refdeskCreateRequire(import.meta.url);" },
    chunkNames: 'chunk-[hash]',
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
  for (const config of configs) await (await context(config)).watch();
} else {
  // Chunk names carry a hash: without this, every build's chunks stayed (83 MB after a day's
  // work), and electron-builder packaged them all.
  rmSync('out/main', { recursive: true, force: true });
  await Promise.all(configs.map((config) => build(config)));
  // `npm run build` runs this after the renderer's build: both finished, so the bundles are current
  // (scripts/buildFreshness.mjs; `npm start` builds again only when sources are newer).
  writeFileSync('out/build-stamp', `${new Date().toISOString()}\n`);
}
