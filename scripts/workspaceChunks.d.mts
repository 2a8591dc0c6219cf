/** Types of workspaceChunks.mjs (plain JavaScript: the Vite config loads it as it is). */
import type { CodeSplittingOptions } from 'rolldown';

/** The renderer's `build.rolldownOptions.output.codeSplitting`: the page's start, AG Grid, the workspaces' shared code. */
export declare const workspaceChunks: CodeSplittingOptions;
