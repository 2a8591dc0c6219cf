/**
 * A Vite plugin for the renderer's build: index.html names, as modulepreload links, the chunks
 * most workspaces import (AG Grid and its Vue component, the grids' keys and export, the search
 * bar, the watchlist button), so the browser fetches and compiles them beside the page's own
 * scripts. Without them, a start's landing workspace asked for them only once the page had
 * booted and main had said where it lands: a dozen requests behind six connections, 0.15-0.35 s
 * of the launch (startup bench trace, 2026-11-29). A workspace's own chunk (a few kB) still loads
 * when it is opened. Plain JavaScript (types in preloadWorkspaceChunks.d.mts) so the Vite config
 * loads it as it is.
 */

/** A chunk imported by at least this share of the workspaces is preloaded. */
export const PRELOAD_SHARE = 0.25;

/** A workspace view: a route's lazily loaded component (renderer/src/shell/router.ts). */
const WORKSPACE_VIEW = /\/renderer\/src\/features\/.+View\.vue$/;

/** The files `fileName` imports statically, transitively, itself included (added to `seen`). */
function staticClosure(byFile, fileName, seen = new Set()) {
  if (seen.has(fileName)) return seen;
  seen.add(fileName);
  for (const imported of byFile.get(fileName)?.imports ?? []) staticClosure(byFile, imported, seen);
  return seen;
}

/** The files of the entry chunks and of every chunk they import statically, transitively. */
export function initialChunkFiles(chunks) {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const initial = new Set();
  for (const chunk of chunks) if (chunk.isEntry) staticClosure(byFile, chunk.fileName, initial);
  return [...initial];
}

/**
 * The chunks imported statically (transitively) by at least `share` of the workspace views,
 * without those the entry imports itself (index.html loads them already), sorted.
 */
export function sharedWorkspaceChunks(chunks, share = PRELOAD_SHARE) {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const initial = new Set(initialChunkFiles(chunks));
  const views = chunks.filter((chunk) => chunk.isDynamicEntry && WORKSPACE_VIEW.test(chunk.facadeModuleId ?? ''));
  const importers = new Map();
  for (const view of views)
    for (const fileName of staticClosure(byFile, view.fileName))
      if (fileName !== view.fileName) importers.set(fileName, (importers.get(fileName) ?? 0) + 1);
  return [...importers]
    .filter(([fileName, count]) => !initial.has(fileName) && count >= Math.max(2, share * views.length))
    .map(([fileName]) => fileName)
    .sort();
}

/** The plugin: modulepreload links for the shared workspace chunks, in index.html's head. */
export function preloadWorkspaceChunks() {
  let base = './';
  return {
    name: 'refdesk-preload-workspace-chunks',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const chunks = Object.values(context.bundle ?? {}).filter((output) => output.type === 'chunk');
        return sharedWorkspaceChunks(chunks).map((fileName) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${fileName}` },
          injectTo: 'head',
        }));
      },
    },
  };
}
