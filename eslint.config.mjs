import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

const noSliceImports = { group: ['**/mf-*/**', 'mf-*', '**/shell/**'], message: 'Slices do not import each other; go through shared or the shell.' };

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', '.runtime/**', 'test-results/**', 'playwright-report/**', 'bench/reports/**', '**/@mf-types/**', '**/.dist-*/**', '**/dist.old-*/**', '**/.mf/**', '**/.build-lock/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    // Remotes never import each other or the shell: their exposes map is their only public API.
    files: ['mf-*/src/**/*.{ts,tsx}', 'shell/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [noSliceImports, { regex: '^@sciexperts/shared/', message: 'Browser code imports the shared singleton entry only.' }] }],
    },
  },
  {
    // Tests may also use the shared fixtures, which never reach a bundle.
    files: ['mf-*/src/**/*.test.{ts,tsx}', 'mf-*/src/test/**', 'shell/src/**/*.test.{ts,tsx}', 'shell/src/test/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [noSliceImports, { regex: '^@sciexperts/shared/(?!testing$)', message: 'Tests import the shared singleton entry or @sciexperts/shared/testing.' }] }],
    },
  },
  {
    files: ['**/*.{js,cjs,mjs}'],
    languageOptions: {
      globals: { window: 'readonly', process: 'readonly', console: 'readonly', __dirname: 'readonly', require: 'readonly', module: 'writable', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', Buffer: 'readonly', fetch: 'readonly', AbortController: 'readonly', AbortSignal: 'readonly', setInterval: 'readonly', clearInterval: 'readonly' },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
