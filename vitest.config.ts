import { fileURLToPath } from 'node:url';
import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vitest/config';

/** Node tests (unit, integration, lint, Electron shell with Electron faked) and Vue component tests. */
export default defineConfig({
  test: {
    projects: [
      {
        // The simulator's streaming is tested with the platform's own client library, whose ES
        // modules import without file extensions (so vitest bundles it) and import one enum of a
        // transport the tests do not use from a package it does not ship (see the file named).
        resolve: {
          alias: {
            '@microsoft/signalr': fileURLToPath(new URL('./test/support/signalrConnectionState.ts', import.meta.url)),
          },
        },
        test: {
          name: 'node',
          server: { deps: { inline: ['openapi-clientlib'] } },
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
          // Views with AG Grid in jsdom take 1–6 s each when the run's workers share two cores
          // (the corporate actions ones took 6.6 s in a full run): time, not a hang.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
