/**
 * The renderer's build writes brotli and gzip twins of its files and fails when the JavaScript
 * the page starts with (the entry and its static imports, not the workspaces' chunks) is above
 * 500 kB on the wire.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { budgetProblem, initialChunkFiles, precompressRenderer } from '../../scripts/precompressRenderer.mjs';
import { preloadWorkspaceChunks, sharedWorkspaceChunks } from '../../scripts/preloadWorkspaceChunks.mjs';

const chunk = (fileName: string, isEntry: boolean, imports: string[] = []) => ({ type: 'chunk' as const, fileName, isEntry, imports });

describe('the initial JavaScript of the renderer', () => {
  it('is the entry and what it imports statically, not the workspaces it imports dynamically', () => {
    const chunks = [
      chunk('assets/index.js', true, ['assets/vue.js']),
      chunk('assets/vue.js', false, ['assets/helpers.js']),
      chunk('assets/helpers.js', false),
      chunk('assets/OptionChainsView.js', false, ['assets/gridSetup.js', 'assets/vue.js']),
      chunk('assets/gridSetup.js', false),
    ];
    expect(initialChunkFiles(chunks).sort()).toEqual(['assets/helpers.js', 'assets/index.js', 'assets/vue.js']);
  });

  it('preloads the chunks at least a quarter of the workspaces import, not one workspace’s own nor the entry’s', () => {
    const view = (name: string, imports: string[]) => ({
      ...chunk(`assets/${name}.js`, false, imports),
      isDynamicEntry: true,
      facadeModuleId: `/repo/renderer/src/features/${name}.vue`,
    });
    const chunks = [
      chunk('assets/index.js', true, ['assets/vue.js']),
      chunk('assets/vue.js', false),
      view('InstrumentsView', ['assets/vue.js', 'assets/main.js', 'assets/search.js']),
      view('OptionChainsView', ['assets/vue.js', 'assets/main.js', 'assets/search.js']),
      view('AppsView', ['assets/vue.js', 'assets/main.js']),
      view('SettingsView', ['assets/vue.js', 'assets/settingsForm.js']),
      view('WatchlistsView', ['assets/main.js']),
      view('ReferenceView', ['assets/main.js']),
      view('FuturesView', []),
      view('CorporateActionsView', []),
      view('InstrumentDetailsView', []),
      chunk('assets/main.js', false, ['assets/gridSetup.js']),
      chunk('assets/gridSetup.js', false),
      chunk('assets/search.js', false),
      chunk('assets/settingsForm.js', false),
    ];
    // main.js (5 of 9) and what it imports; search.js (2 of 9) is below a quarter; settingsForm.js is Settings' own.
    expect(sharedWorkspaceChunks(chunks)).toEqual(['assets/gridSetup.js', 'assets/main.js']);
    expect(sharedWorkspaceChunks(chunks, 0.2)).toEqual([
      'assets/gridSetup.js',
      'assets/main.js',
      'assets/search.js',
    ]);
  });

  it('is named in index.html as modulepreload links, under the page’s base', () => {
    const view = (name: string) => ({
      ...chunk(`assets/${name}.js`, false, ['assets/main.js']),
      isDynamicEntry: true,
      facadeModuleId: `/r/renderer/src/features/${name}.vue`,
    });
    const bundle = Object.fromEntries(
      [view('AView'), view('BView'), chunk('assets/main.js', false), chunk('assets/index.js', true)].map(
        (entry) => [entry.fileName, entry],
      ),
    );
    const plugin = preloadWorkspaceChunks();
    (plugin.configResolved as (config: unknown) => void)({ base: './' });
    const transform = plugin.transformIndexHtml as { handler: (html: string, context: unknown) => unknown };
    expect(transform.handler('<html></html>', { bundle })).toEqual([
      {
        tag: 'link',
        attrs: { rel: 'modulepreload', crossorigin: true, href: './assets/main.js' },
        injectTo: 'head',
      },
    ]);
  });

  it('is held to 500 kB on the wire', () => {
    expect(budgetProblem(499_000, ['assets/index.js'])).toBeUndefined();
    expect(budgetProblem(612_000, ['assets/index.js', 'assets/vue.js'])).toBe(
      'The page starts with 612 kB of JavaScript on the wire (brotli), above the 500 kB budget: assets/index.js, ' +
        'assets/vue.js. Load more of it with the workspaces (dynamic imports).',
    );
  });
});

describe('the renderer build plugin', () => {
  let outDir: string;
  afterEach(() => rmSync(outDir, { recursive: true, force: true }));

  async function build(files: Record<string, Buffer>, bundle: Record<string, ReturnType<typeof chunk>>) {
    outDir = mkdtempSync(path.join(tmpdir(), 'refdesk-renderer-build-'));
    for (const [name, content] of Object.entries(files)) writeFileSync(path.join(outDir, name), content);
    const lines: string[] = [];
    const plugin = precompressRenderer((line) => lines.push(line));
    (plugin.configResolved as (config: unknown) => void)({ root: outDir, build: { outDir: '.' } });
    const error = vi.fn((message: string) => {
      throw new Error(message);
    });
    const writeBundle = plugin.writeBundle as (this: unknown, options: unknown, bundle: unknown) => Promise<void>;
    const outcome = await writeBundle.call({ error }, {}, bundle).then(
      () => undefined,
      (failure: Error) => failure.message,
    );
    return { lines, outcome };
  }

  it('writes brotli and gzip twins that decode to the file, and reports the initial size', async () => {
    const script = Buffer.from('export const answer = 42;\n'.repeat(500));
    const { lines, outcome } = await build({ 'index.js': script }, { 'index.js': chunk('index.js', true) });
    expect(outcome).toBeUndefined();
    expect(brotliDecompressSync(readFileSync(path.join(outDir, 'index.js.br')))).toEqual(script);
    expect(gunzipSync(readFileSync(path.join(outDir, 'index.js.gz')))).toEqual(script);
    expect(lines).toEqual([expect.stringMatching(/^Initial JavaScript: \d+ kB brotli \(13 kB raw, 1 files\), budget 500 kB\.$/)]);
  });

  it('fails the build when the page would start with more than 500 kB on the wire', async () => {
    // Random bytes do not compress: 600 kB of them stay above the budget.
    const { outcome } = await build(
      { 'index.js': randomBytes(600_000), 'lazy.js': randomBytes(600_000) },
      { 'index.js': chunk('index.js', true), 'lazy.js': chunk('lazy.js', false) },
    );
    expect(outcome).toMatch(/^The page starts with 60\d kB of JavaScript on the wire \(brotli\), above the 500 kB budget: index\.js\./);
    expect(existsSync(path.join(outDir, 'lazy.js.br'))).toBe(true);
  });
});
