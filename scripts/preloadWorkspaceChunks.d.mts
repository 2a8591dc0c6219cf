/** Types of preloadWorkspaceChunks.mjs (plain JavaScript: the Vite config loads it as it is). */
import type { Plugin } from 'vite';

export declare const PRELOAD_SHARE: number;

/** A chunk as the bundle describes it. */
export interface WorkspaceChunkEntry {
  fileName: string;
  isEntry: boolean;
  isDynamicEntry?: boolean;
  facadeModuleId?: string | null;
  imports: readonly string[];
}

/** The files of the entry chunks and of every chunk they import statically, transitively. */
export declare function initialChunkFiles(chunks: readonly WorkspaceChunkEntry[]): string[];
/** The chunks imported statically by at least `share` of the workspace views, without the entry's own. */
export declare function sharedWorkspaceChunks(chunks: readonly WorkspaceChunkEntry[], share?: number): string[];
/** The Vite plugin: modulepreload links for those chunks in index.html. */
export declare function preloadWorkspaceChunks(): Plugin;
