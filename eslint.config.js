import js from '@eslint/js'
import pluginQuery from '@tanstack/eslint-plugin-query'
import pluginRouter from '@tanstack/eslint-plugin-router'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import { importX } from 'eslint-plugin-import-x'
import pluginLingui from 'eslint-plugin-lingui'
import jsxA11y from 'eslint-plugin-jsx-a11y-x'
import reactHooks from 'eslint-plugin-react-hooks'
import { defineConfig } from 'eslint/config'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default defineConfig(
  {
    ignores: [
      'dist',
      '.data',
      '.tanstack',
      'node_modules',
      'src/routeTree.gen.ts',
      'scripts/bench/bare-stack/routeTree.gen.ts',
      'server/db/migrations',
      'test-results',
      'playwright-report',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      // Type-aware rules (floating promises above all: the outbox, the service worker and the
      // loaders are full of them) read each file's types through its own tsconfig.
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.app.json', 'tsconfig.console.json', 'tsconfig.node.json', 'tsconfig.e2e.json'],
        }),
      ],
      'import-x/ignore': ['node_modules'],
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      // Numbers read fine in a message; what the rule is for is `${object}` and `${undefined}`.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      // `onClick={() => setOpen(false)}` is clear; a void value used anywhere else is not.
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-duplicates': 'error',
      // Import direction: domain is shared by both sides and depends on neither; the browser
      // bundle never pulls in server code, and the server never renders the app.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './domain', from: ['./src', './server'], message: 'domain/ runs on both sides.' },
            { target: './src', from: './server', message: 'The browser never bundles server code.' },
            { target: './server', from: './src', message: 'The API does not import the app.' },
            {
              target: ['./src/!(console)/**/*', './src/*.{ts,tsx}'],
              from: './src/console',
              message: 'The shopper app never imports the operator console.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/sw.ts'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, lingui: pluginLingui },
    extends: [
      ...pluginQuery.configs['flat/recommended'],
      ...pluginRouter.configs['flat/recommended'],
      jsxA11y.configs.strict,
    ],
    rules: {
      ...reactHooks.configs.recommended.rules,
      'lingui/t-call-in-function': 'error',
      'lingui/no-single-variables-to-translate': 'error',
      'lingui/no-expression-in-message': 'error',
    },
  },
  {
    files: ['src/sw.ts'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    // A fake of an async interface (a store, a mailer, a clock) is clearest written `async`,
    // awaiting nothing; vitest's asymmetric matchers (`expect.any(…)`, `expect.stringMatching(…)`)
    // are typed `any` by design.
    files: ['**/*.test.{ts,tsx}', 'server/test/**', 'e2e/**'],
    rules: { '@typescript-eslint/require-await': 'off', '@typescript-eslint/no-unsafe-assignment': 'off' },
  },
  {
    // TanStack Router's control flow: loaders and guards throw `redirect()` and `notFound()`.
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/only-throw-error': [
        'error',
        { allow: [{ from: 'package', package: '@tanstack/router-core', name: ['Redirect', 'NotFoundError'] }] },
      ],
    },
  },
  {
    // This file itself: plain JavaScript in no tsconfig, so no type information.
    files: ['**/*.js'],
    extends: [tseslint.configs.disableTypeChecked],
  },
)
