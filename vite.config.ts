import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vite';
import { precompressRenderer } from './scripts/precompressRenderer.mjs';

/** The renderer bundle (out/renderer), loaded by both shells. */
export default defineConfig({
  root: 'renderer',
  base: './',
  // Brotli and gzip twins of every asset, and the budget of the JavaScript the page starts with.
  plugins: [vue(), precompressRenderer()],
  build: {
    outDir: '../out/renderer',
    emptyOutDir: true,
    target: 'chrome120',
    chunkSizeWarningLimit: 4000,
  },
});
