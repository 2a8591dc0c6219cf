// ESLint flat config: TypeScript and Vue rules, Prettier for formatting, and the house's
// boundaries (docs/architecture.md) enforced on the files an import resolves to.
import eslint from '@eslint/js';
import prettier from 'eslint-config-prettier';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import vue from 'eslint-plugin-vue';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The house's boundaries (docs/architecture.md). Folders say where code runs and what it may know:
 * - contract/ is the vocabulary: it imports nothing but zod (and itself);
 * - the renderer and the preloads see only the contract (the renderer as types, but for the
 *   wire's constant lists), never main;
 * - main/core and main/simulator never import each other, nor the composition root (main/app
 *   and the entry files) or a shell; they share only main/node;
 * - the two shells (main/electron, main/web) never import each other;
 * - main/reviewService is a service of its own: Node only, no Electron, never the desktop's
 *   core, the simulator, the composition root or a shell; it shares main/node and the contract.
 *
 * Which folder an import reaches is checked on the file it RESOLVES to, not on its text: patterns
 * on the text let `../../main/simulator/server` (or `.././simulator/server`) through from
 * main/core/x.ts, as the text never reads `../simulator/`. The check is eslint-plugin-import-x's
 * `no-restricted-paths`, chosen over eslint-plugin-boundaries because its zones (target, from,
 * except, message) are the table of docs/architecture.md row by row with today's messages, it
 * declares ESLint 10 support and keeps its resolver in the plugin (createNodeResolver, on
 * unrs-resolver), so no resolver package of its own; boundaries would have us sort every file into
 * "elements" first and resolves through an older Node resolver. What a resolved path cannot say
 * stays with `no-restricted-imports`, on the text: bare specifiers (electron, node:*, "zod only")
 * and the import's KIND (the renderer and the preloads may import most of the contract with
 * `import type` only, while a zone refuses types and values alike).
 */
const fromProject = (...folders) => folders.map((folder) => `./${folder}`);
/** The composition root and the entry files that start it: nothing below them imports them. */
const compositionRoot = ['main/app', 'main/index.ts', 'main/webMain.ts', 'main/launcher.ts'];

/** One zone per row of the table: files under `target` never import a file under `from`. */
export const boundaryZones = [
  {
    target: './contract',
    from: '.',
    // The packages (node_modules) are held to zod by the contract's no-restricted-imports below.
    except: ['./contract', './node_modules'],
    message: 'contract/ imports nothing outside contract/.',
  },
  {
    target: './renderer',
    from: fromProject('main', 'preload'),
    message: 'The renderer never imports main-process or preload code; it calls main through window.desk.',
  },
  {
    target: './preload',
    from: fromProject('main', 'renderer'),
    message: 'The preloads import only the contract.',
  },
  {
    target: './main/core',
    from: fromProject(
      'main/simulator',
      'main/electron',
      'main/web',
      'main/reviewService',
      ...compositionRoot,
    ),
    message:
      'main/core never imports the simulator, the composition root, a shell or the review service (it calls that over HTTP).',
  },
  {
    target: './main/simulator',
    from: fromProject('main/core', 'main/electron', 'main/web', 'main/reviewService', ...compositionRoot),
    message: 'main/simulator never imports the core, the composition root, a shell or the review service.',
  },
  {
    target: './main/node',
    from: '.',
    except: ['./main/node', './node_modules'],
    message: 'main/node imports nothing outside main/node.',
  },
  {
    target: './main/reviewService',
    from: fromProject(
      'main/core',
      'main/simulator',
      'main/electron',
      'main/web',
      'renderer',
      'preload',
      ...compositionRoot,
    ),
    message:
      'main/reviewService imports only main/node, the contract and libraries: it runs on its own servers.',
  },
  {
    target: './main/electron',
    from: fromProject('main/web', 'main/simulator', ...compositionRoot),
    message: 'main/electron never imports the web shell, the simulator or the composition root.',
  },
  {
    target: './main/teamDemo',
    from: fromProject('main/core', 'main/electron', 'main/web', ...compositionRoot),
    message: 'main/teamDemo starts the simulator and the review service as processes; it never imports the desk.',
  },
  {
    target: './main/web',
    from: fromProject('main/electron', 'main/simulator', ...compositionRoot),
    message: 'main/web never imports the Electron shell, the simulator or the composition root.',
  },
];

const electronMessage = 'Only main/electron, main/index.ts and preload/index.ts import electron.';
/** Electron by its name or a subpath (`electron/main`, `electron/renderer`). */
const noElectron = (message = electronMessage) => ({
  paths: [{ name: 'electron', message }],
  patterns: [{ group: ['electron/*'], message }],
});
const withElectronRefused = (restriction, message) => ({
  paths: [...(restriction.paths ?? []), ...noElectron(message).paths],
  patterns: [...(restriction.patterns ?? []), ...noElectron(message).patterns],
});

/** The renderer runs in a sandboxed page: no Electron, no Node built-ins, the contract as types. */
export const rendererBoundary = withElectronRefused(
  {
    patterns: [
      { group: ['node:*'], message: 'The renderer never imports Node built-ins.' },
      {
        regex: '(^|/)contract/(?!wire/enums$)',
        allowTypeImports: true,
        message:
          'The renderer imports the contract with `import type` (only the wire enumerations are values it may import).',
      },
    ],
  },
  'The renderer never imports electron; go through window.desk (renderer/src/shared/desk.ts).',
);

/**
 * Inside the renderer: components are dumb (props in, emits out), so they reach no store, no
 * composable and not the bridge; stores own server state and never import a component.
 */
export const rendererComponentBoundary = {
  paths: rendererBoundary.paths,
  patterns: [
    ...rendererBoundary.patterns,
    {
      regex: '(^|/)use[A-Z]\\w*(\\.ts)?$|(^|/)shared/desk(\\.ts)?$',
      allowTypeImports: true,
      message:
        'Components are dumb (props in, emits out): the view reads stores and composables and hands them over.',
    },
  ],
};
export const rendererStoreBoundary = {
  paths: rendererBoundary.paths,
  patterns: [...rendererBoundary.patterns, { regex: '\\.vue$', message: 'Stores never import components.' }],
};

/** Playwright locators live in test/e2e/pages/*; specs, fixtures and test helpers speak in the page modules' words. */
export const e2eLocators = {
  selector: 'CallExpression[callee.property.name=/^(getBy[A-Z]\\w*|locator)$/]',
  message: 'Locators belong in a page module under test/e2e/pages/; add a named locator or method there.',
};

/** The vocabulary's packages: zod only (its own files are held by the contract's zone). */
export const contractBoundary = {
  patterns: [{ regex: '^(?!zod$|\\./|\\.\\./)', message: 'contract/ imports nothing but zod.' }],
};

/** The preloads bundle the channel names and bridge constants only; only preload/index.ts reaches Electron. */
export const preloadBoundary = {
  patterns: [
    {
      regex: '(^|/)contract/(?!channelNames$|bridge$|events$)',
      allowTypeImports: true,
      message:
        'The preloads import only contract/channelNames, contract/bridge and contract/events as values: main parses every argument.',
    },
  ],
};

export default tseslint.config(
  {
    ignores: [
      '.scratch/**',
      'out/**',
      'dist/**',
      'reports/**',
      'test-results/**',
      'playwright-report/**',
      'node_modules/**',
    ],
  },
  eslint.configs.recommended,
  ...tseslint.configs.recommended,
  ...vue.configs['flat/recommended'],
  {
    files: ['**/*.vue'],
    languageOptions: { parserOptions: { parser: tseslint.parser, extraFileExtensions: ['.vue'] } },
  },
  {
    files: ['**/*.{ts,vue,js,mjs}'],
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['**/*.{ts,vue,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      // Extensionless relative imports name .ts and .vue files, as Vite and TypeScript resolve them.
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.vue', '.mts', '.js', '.mjs', '.json', '.node'] }),
      ],
    },
    rules: {
      // basePath: the zones name folders of this repository, wherever ESLint is started from.
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: boundaryZones }],
      // A relative import that does not resolve cannot be checked against the zones: refuse it.
      'import-x/no-unresolved': ['error', { ignore: ['^[^.]'] }],
    },
  },
  {
    files: ['renderer/**/*.{ts,vue}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: { 'no-restricted-imports': ['error', rendererBoundary] },
  },
  {
    files: ['renderer/src/features/**/components/**/*.{ts,vue}'],
    rules: { 'no-restricted-imports': ['error', rendererComponentBoundary] },
  },
  {
    files: ['renderer/src/features/**/use*Store.ts'],
    rules: { 'no-restricted-imports': ['error', rendererStoreBoundary] },
  },
  {
    files: ['test/e2e/**/*.ts', 'test/support/**/*.ts'],
    ignores: ['test/e2e/pages/**'],
    rules: { 'no-restricted-syntax': ['error', e2eLocators] },
  },
  { files: ['contract/**/*.ts'], rules: { 'no-restricted-imports': ['error', contractBoundary] } },
  {
    files: ['preload/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', withElectronRefused(preloadBoundary)] },
  },
  { files: ['preload/index.ts'], rules: { 'no-restricted-imports': ['error', preloadBoundary] } },
  {
    files: ['main/**/*.ts'],
    ignores: ['main/electron/**', 'main/index.ts'],
    rules: { 'no-restricted-imports': ['error', noElectron()] },
  },
  {
    files: ['preload/web.ts', 'preload/webEvents.ts'],
    languageOptions: { globals: { ...globals.browser } },
  },
  prettier,
);
