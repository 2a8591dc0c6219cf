/**
 * A Vite plugin for the renderer's build: writes a brotli (`.br`) and a gzip (`.gz`) twin of
 * every script, style sheet and page it emits, which both shells send to a browser that takes
 * them (main/core/rendererAssets.ts), and holds the JavaScript the page starts with (the entry,
 * every chunk it imports statically, and the chunks most workspaces share, which index.html
 * preloads: preloadWorkspaceChunks.mjs) to a budget on the wire, failing the build above it.
 * The workspaces' own chunks load when first opened.
 * Plain JavaScript (types in precompressRenderer.d.mts) so the Vite config loads it as it is.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { initialChunkFiles, sharedWorkspaceChunks } from './preloadWorkspaceChunks.mjs';

/** The most JavaScript the page may start with, brotli-compressed. */
export const INITIAL_JAVASCRIPT_BUDGET_BYTES = 500_000;

const COMPRESSIBLE = /\.(js|css|html|svg|json)$/;
const toBrotli = promisify(brotliCompress);
const toGzip = promisify(gzip);

export { initialChunkFiles };

/** The budget's verdict in words: undefined when within it, else what is over and by how much. */
export function budgetProblem(initialBytes, files, budget = INITIAL_JAVASCRIPT_BUDGET_BYTES) {
  if (initialBytes <= budget) return undefined;
  return (
    `The page starts with ${Math.round(initialBytes / 1000)} kB of JavaScript on the wire (brotli), above the ` +
    `${Math.round(budget / 1000)} kB budget: ${files.join(', ')}. Load more of it with the workspaces (dynamic imports).`
  );
}

/** Writes the `.br` and `.gz` twins of `file`; answers its raw and brotli sizes. */
async function compressBeside(file) {
  const content = await readFile(file);
  const [brotli, gzipped] = await Promise.all([
    toBrotli(content, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
    }),
    toGzip(content, { level: 9 }),
  ]);
  await Promise.all([writeFile(`${file}.br`, brotli), writeFile(`${file}.gz`, gzipped)]);
  return { raw: content.length, brotli: brotli.length };
}

/** The plugin; `report` hears the initial JavaScript's size once the build has written it. */
export function precompressRenderer(report = (line) => process.stdout.write(`${line}\n`)) {
  let outDir = '';
  return {
    name: 'refdesk-precompress-renderer',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const sizes = new Map();
      await Promise.all(
        Object.keys(bundle)
          .filter((fileName) => COMPRESSIBLE.test(fileName))
          .map(async (fileName) => sizes.set(fileName, await compressBeside(path.join(outDir, fileName)))),
      );
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const initial = [...new Set([...initialChunkFiles(chunks), ...sharedWorkspaceChunks(chunks)])];
      const initialSizes = initial.map((fileName) => sizes.get(fileName) ?? { raw: 0, brotli: 0 });
      const brotliBytes = initialSizes.reduce((sum, size) => sum + size.brotli, 0);
      const rawBytes = initialSizes.reduce((sum, size) => sum + size.raw, 0);
      const problem = budgetProblem(brotliBytes, initial);
      if (problem) this.error(problem);
      report(
        `Initial JavaScript: ${Math.round(brotliBytes / 1000)} kB brotli (${Math.round(rawBytes / 1000)} kB raw, ` +
          `${initial.length} files), budget ${INITIAL_JAVASCRIPT_BUDGET_BYTES / 1000} kB.`,
      );
    },
  };
}
