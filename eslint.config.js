// ESLint flat config: TypeScript and Vue rules, Prettier for formatting, and the house's
// boundaries (docs/architecture.md) enforced as import restrictions.
import eslint from '@eslint/js';
import prettier from 'eslint-config-prettier';
import vue from 'eslint-plugin-vue';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The house's boundaries (docs/architecture.md), as import restrictions. Folders say where code
 * runs and what it may know:
 * - contract/ is the vocabulary: it imports nothing but zod (and itself);
 * - the renderer and the preloads see only the contract (the renderer as types, but for the
 *   wire's constant lists), never main;
 * - main/core and main/simulator never import each other, nor the composition root (main/app)
 *   or a shell; they share only main/node;
 * - the two shells (main/electron, main/web) never import each other;
 * - main/reviewService is a service of its own: Node only, no Electron, never the desktop's
 *   core, the simulator, the composition root or a shell; it shares main/node and the contract.
 */
const relativeInto = (folders) => `(^|/)\\.\\./(\\.\\./)*(${folders})(/|$)`;
const noElectron = { name: 'electron', message: 'Only main/electron, main/index.ts and preload/index.ts import electron.' };

/** The renderer runs in a sandboxed page: no Electron, no Node built-ins, nothing of main, the contract as types. */
export const rendererBoundary = {
  paths: [{ name: 'electron', message: 'The renderer never imports electron; go through window.desk (renderer/src/shared/desk.ts).' }],
  patterns: [
    { group: ['node:*'], message: 'The renderer never imports Node built-ins.' },
    { regex: '(^|/)(main|preload)/', message: 'The renderer never imports main-process or preload code; it calls main through window.desk.' },
    {
      regex: '(^|/)contract/(?!wire/enums$)',
      allowTypeImports: true,
      message: 'The renderer imports the contract with `import type` (only the wire enumerations are values it may import).',
    },
  ],
};

/**
 * Inside the renderer: components are dumb (props in, emits out), so they reach no store, no
 * composable and not the bridge; stores own server state and never import a component.
 */
export const rendererComponentBoundary = {
  paths: rendererBoundary.paths,
  patterns: [
    ...rendererBoundary.patterns,
    {
      regex: '(^|/)use[A-Z]\\w*$|(^|/)shared/desk$',
      allowTypeImports: true,
      message: 'Components are dumb (props in, emits out): the view reads stores and composables and hands them over.',
    },
  ],
};
export const rendererStoreBoundary = {
  paths: rendererBoundary.paths,
  patterns: [...rendererBoundary.patterns, { regex: '\\.vue$', message: 'Stores never import components.' }],
};

/** Playwright locators live in test/e2e/pages/*; specs, fixtures and test helpers speak in the page modules' words. */
export const e2eLocators = {
  selector: "CallExpression[callee.property.name=/^(getBy[A-Z]\\w*|locator)$/]",
  message: 'Locators belong in a page module under test/e2e/pages/; add a named locator or method there.',
};

/** The vocabulary: zod and its own files, nothing else. */
export const contractBoundary = (depth) => ({
  patterns: [
    { regex: '^(?!zod$|\\./|\\.\\./)', message: 'contract/ imports nothing but zod.' },
    { regex: `^(\\.\\./){${depth}}`, message: 'contract/ imports nothing outside contract/.' },
  ],
});

/** The preloads bundle the channel names and bridge constants only. */
export const preloadBoundary = {
  patterns: [
    { regex: relativeInto('main|renderer'), message: 'The preloads import only the contract.' },
    {
      regex: '(^|/)contract/(?!channelNames$|bridge$|events$)',
      allowTypeImports: true,
      message: 'The preloads import only contract/channelNames and contract/bridge as values: main parses every argument.',
    },
  ],
};

/** main/core: shell-agnostic services; it sees the simulator only as a profile and a SimulatorControl. */
export const coreBoundary = {
  paths: [noElectron],
  patterns: [
    {
      regex: relativeInto('simulator|app|electron|web|reviewService'),
      message: 'main/core never imports the simulator, the composition root, a shell or the review service (it calls that over HTTP).',
    },
  ],
};

/** main/simulator: a standalone service; it never imports the desktop client. */
export const simulatorBoundary = {
  paths: [noElectron],
  patterns: [
    {
      regex: relativeInto('core|app|electron|web|reviewService'),
      message: 'main/simulator never imports the core, the composition root, a shell or the review service.',
    },
  ],
};

/** main/node: small Node helpers both halves use; it depends on nothing of the project. */
export const nodeHelpersBoundary = {
  paths: [noElectron],
  patterns: [{ regex: '^\\.\\./', message: 'main/node imports nothing outside main/node.' }],
};

/** main/reviewService: the team review service, deployed apart from the desktop and the simulator. */
export const reviewServiceBoundary = {
  paths: [noElectron],
  patterns: [
    {
      regex: relativeInto('core|simulator|app|electron|web|renderer|preload'),
      message: 'main/reviewService imports only main/node, the contract and libraries: it runs on its own servers.',
    },
  ],
};

/** The shells never import each other. */
export const electronShellBoundary = {
  patterns: [{ regex: relativeInto('web|simulator|app'), message: 'main/electron never imports the web shell, the simulator or the composition root.' }],
};
export const webShellBoundary = {
  paths: [noElectron],
  patterns: [{ regex: relativeInto('electron|simulator|app'), message: 'main/web never imports the Electron shell, the simulator or the composition root.' }],
};

export default tseslint.config(
  { ignores: ['.scratch/**', 'out/**', 'dist/**', 'reports/**', 'test-results/**', 'playwright-report/**', 'node_modules/**'] },
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
    files: ['renderer/**/*.{ts,vue}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: { 'no-restricted-imports': ['error', rendererBoundary] },
  },
  {
    files: ['renderer/src/features/*/components/**/*.{ts,vue}'],
    rules: { 'no-restricted-imports': ['error', rendererComponentBoundary] },
  },
  { files: ['renderer/src/features/*/use*Store.ts'], rules: { 'no-restricted-imports': ['error', rendererStoreBoundary] } },
  {
    files: ['test/e2e/**/*.ts', 'test/support/**/*.ts'],
    ignores: ['test/e2e/pages/**'],
    rules: { 'no-restricted-syntax': ['error', e2eLocators] },
  },
  { files: ['contract/*.ts'], rules: { 'no-restricted-imports': ['error', contractBoundary(1)] } },
  { files: ['contract/wire/*.ts'], rules: { 'no-restricted-imports': ['error', contractBoundary(2)] } },
  { files: ['preload/**/*.ts'], rules: { 'no-restricted-imports': ['error', preloadBoundary] } },
  { files: ['main/core/**/*.ts'], rules: { 'no-restricted-imports': ['error', coreBoundary] } },
  { files: ['main/simulator/**/*.ts'], rules: { 'no-restricted-imports': ['error', simulatorBoundary] } },
  { files: ['main/node/**/*.ts'], rules: { 'no-restricted-imports': ['error', nodeHelpersBoundary] } },
  { files: ['main/reviewService/**/*.ts'], rules: { 'no-restricted-imports': ['error', reviewServiceBoundary] } },
  { files: ['main/electron/**/*.ts'], rules: { 'no-restricted-imports': ['error', electronShellBoundary] } },
  { files: ['main/web/**/*.ts'], rules: { 'no-restricted-imports': ['error', webShellBoundary] } },
  {
    files: ['preload/web.ts', 'preload/webEvents.ts'],
    languageOptions: { globals: { ...globals.browser } },
  },
  prettier,
);
