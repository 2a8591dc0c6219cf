/**
 * How the renderer's code is cut into chunks (rolldown's `output.codeSplitting` groups).
 *
 * Left to itself, rolldown made one chunk per set of workspaces sharing a module: the Option
 * chains workspace came as 14 files (the search bar's naive-ui select, the input's locale,
 * AG Grid's Vue wrapper, the export menu, the watchlist button, a 158-byte runtime…), which the
 * page asked for at once over Chromium's six connections to a web shell still busy starting,
 * and waited 0.2–0.3 s for (startup bench trace, 2026-11-29). Three groups instead, by priority:
 *
 * - `index`: what the page starts with (the entry and its static imports, rolldown's `$initial`
 *   tag): one file, not five.
 * - `gridSetup`: AG Grid and its Vue wrapper with the grids' set-up, which every workspace needs
 *   and the landing guard asks for beside the kept place's question.
 * - `workspaceKit`: every other module two or more workspaces share, in one file. A workspace
 *   then loads its own chunk, the kit and AG Grid's: a few kB of code only another workspace
 *   needs come along, a cheaper price than a dozen round trips.
 *
 * Plain JavaScript (types in workspaceChunks.d.mts) so the Vite config loads it as it is.
 */

const AG_GRID = /[\\/]node_modules[\\/](ag-grid-community|ag-grid-vue3|ag-stack)[\\/]|[\\/]renderer[\\/]src[\\/]shared[\\/]gridSetup\.ts$/;

/** The renderer's `build.rolldownOptions.output.codeSplitting`. */
export const workspaceChunks = {
  groups: [
    { name: 'index', tags: ['$initial'], priority: 3 },
    { name: 'gridSetup', test: AG_GRID, priority: 2 },
    { name: 'workspaceKit', minShareCount: 2, priority: 1 },
  ],
};
