import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vitest/config';

/** Node tests (unit, integration, lint, Electron shell with Electron faked) and Vue component tests. */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts', 'test/lint/**/*.test.ts', 'test/electron/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [vue()],
        test: {
          name: 'component',
          environment: 'jsdom',
          include: ['test/component/**/*.test.ts'],
          setupFiles: ['test/component/setup.ts'],
        },
      },
    ],
  },
});
