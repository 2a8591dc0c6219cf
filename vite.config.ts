import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vite';
import { precompressRenderer } from './scripts/precompressRenderer.mjs';
import { preloadWorkspaceChunks } from './scripts/preloadWorkspaceChunks.mjs';

/** The renderer bundle (out/renderer), loaded by both shells. */
export default defineConfig({
  root: 'renderer',
  base: './',
  // The chunks most workspaces share, preloaded by index.html; brotli and gzip twins of every
  // asset, and the budget of the JavaScript the page starts with.
  plugins: [vue(), preloadWorkspaceChunks(), precompressRenderer()],
  build: {
    outDir: '../out/renderer',
    emptyOutDir: true,
    target: 'chrome120',
    chunkSizeWarningLimit: 4000,
  },
});
