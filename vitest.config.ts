import babel from '@rolldown/plugin-babel'
import { defineConfig } from 'vitest/config'

// Kept apart from vite.config.ts: tests need neither the PWA nor the router code generator.
export default defineConfig({
  test: {
    projects: [
      {
        // Lingui's macros compile `t` and `Trans` in components under test.
        plugins: [babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] })],
        test: {
          name: 'unit',
          include: ['domain/**/*.test.ts', 'src/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // server/env.ts loads `.env` when imported; a developer's own file must not reach tests.
          env: { ENV_FILE: '' },
        },
      },
    ],
  },
})
