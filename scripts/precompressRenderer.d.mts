/** Types of precompressRenderer.mjs (plain JavaScript: the Vite config loads it as it is). */
import type { Plugin } from 'vite';

export declare const INITIAL_JAVASCRIPT_BUDGET_BYTES: number;

/** A chunk as the bundle describes it: its file and the chunks it imports statically. */
export interface ChunkGraphEntry {
  fileName: string;
  isEntry: boolean;
  imports: readonly string[];
}

/** The files of the entry chunks and of every chunk they import statically, transitively. */
export declare function initialChunkFiles(chunks: readonly ChunkGraphEntry[]): string[];
/** The budget's verdict in words: undefined when within it. */
export declare function budgetProblem(initialBytes: number, files: readonly string[], budget?: number): string | undefined;
/** The Vite plugin; `report` hears the initial JavaScript's size once the build has written it. */
export declare function precompressRenderer(report?: (line: string) => void): Plugin;
