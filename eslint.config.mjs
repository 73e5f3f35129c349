import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

const noSliceImports = { group: ['**/mf-*/**', 'mf-*', '**/shell/**'], message: 'Slices do not import each other; go through shared or the shell.' };
// A direct import would bundle a second router, whose context the shell's routes never provide.
const sharedRouterOnly = { group: ['react-router', 'react-router-dom', 'react-router/*', 'react-router-dom/*'], message: 'Browser code imports the router from @sciexperts/shared/router, the page\'s one shared instance.' };

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
    // '@sciexperts/shared/countries' is plain data with no state, bundled by the slices that show countries, so that
    // pages without a country list do not load it with the singleton.
    files: ['mf-*/src/**/*.{ts,tsx}', 'shell/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [noSliceImports, sharedRouterOnly, { regex: '^@sciexperts/shared/(?!router$|member$|countries$)', message: 'Browser code imports the shared singleton entries only (@sciexperts/shared, @sciexperts/shared/member and @sciexperts/shared/router), or the plain data of @sciexperts/shared/countries.' }] }],
    },
  },
  {
    // Tests may also use the shared fixtures, which never reach a bundle.
    files: ['mf-*/src/**/*.test.{ts,tsx}', 'mf-*/src/test/**', 'shell/src/**/*.test.{ts,tsx}', 'shell/src/test/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [noSliceImports, { regex: '^@sciexperts/shared/(?!testing$|router$|member$)', message: 'Tests import the shared singleton entries or @sciexperts/shared/testing.' }] }],
    },
  },
  {
    // The shell's server build bundles the router once, with the facade's own import of it: its static
    // rendering API (StaticRouter, matchRoutes) is used there directly and never reaches a browser.
    files: ['shell/src/server/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [noSliceImports, { regex: '^@sciexperts/shared/(?!router$)', message: 'Server code imports the shared singleton entries only.' }] }],
    },
  },
  {
    // Public pages render without Intl: its first use initialises ICU, a long task on a phone (decision 0020).
    // The fixed English formats are in @sciexperts/shared (contracts/format.ts); member pages may use Intl.
    files: ['mf-marketing/src/**/*.{ts,tsx}', 'mf-directory/src/**/*.{ts,tsx}', 'shared/src/contracts/**/*.ts', 'ui/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "MemberExpression[object.name='Intl']", message: 'Public pages format without Intl: use groupDigits, formatDollars or formatLongDate from @sciexperts/shared.' },
        {
          selector: "CallExpression[callee.property.name=/^(toLocaleString|toLocaleDateString|toLocaleTimeString|localeCompare)$/]",
          message: 'Public pages format and sort without ICU: use the fixed English formats in @sciexperts/shared, or a plain comparison.',
        },
      ],
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
