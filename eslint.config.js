// ESLint flat config: TypeScript and Vue rules, Prettier for formatting, and the process
// boundaries of DESIGN.md enforced as import restrictions.
import eslint from '@eslint/js';
import prettier from 'eslint-config-prettier';
import vue from 'eslint-plugin-vue';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The renderer runs in a sandboxed page: no Electron, no Node built-ins, ever. */
export const rendererBoundary = {
  paths: [{ name: 'electron', message: 'The renderer never imports electron; go through window.desk (renderer/src/api).' }],
  patterns: [
    { group: ['node:*'], message: 'The renderer never imports Node built-ins.' },
    {
      regex: '(^|/)main/(?!core/api/(types\\w*|enums)$)',
      message: 'The renderer may import only the wire types and enumerations of main/core/api.',
    },
    {
      regex: '(^|/)preload/',
      allowTypeImports: true,
      message: 'The renderer imports the IPC contract with `import type` only.',
    },
  ],
};

/** Shell-agnostic code: runs in plain Node (web shell, simulator, tests), so no Electron. */
export const nodeCoreBoundary = {
  paths: [{ name: 'electron', message: 'main/core and main/simulator run without Electron; put Electron code in main/electron.' }],
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
    files: ['main/core/**/*.ts', 'main/simulator/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', nodeCoreBoundary] },
  },
  {
    files: ['preload/web.ts'],
    languageOptions: { globals: { ...globals.browser } },
  },
  prettier,
);
