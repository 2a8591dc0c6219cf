import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vite';

/** The renderer bundle (out/renderer), loaded by both shells. */
export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [vue()],
  build: {
    outDir: '../out/renderer',
    emptyOutDir: true,
    target: 'chrome120',
    chunkSizeWarningLimit: 4000,
  },
});
