import { availableParallelism } from 'node:os'
import babel from '@rolldown/plugin-babel'
import { defineConfig } from 'vitest/config'

// Kept apart from vite.config.ts: tests need neither the PWA nor the router code generator.
export default defineConfig({
  test: {
    // Vitest's default leaves a core idle (one worker on CI's two). The API tests spend most of
    // their time waiting on databases and child processes: two workers on two cores took their
    // run from 9.4 to 6.0 minutes.
    maxWorkers: Math.max(2, availableParallelism() - 1),
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
