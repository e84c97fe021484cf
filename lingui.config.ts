import { defineConfig } from '@lingui/cli'

// Thai is the source locale: messages are written in Thai in the code and translated to English.
export default defineConfig({
  sourceLocale: 'th',
  locales: ['th', 'en'],
  fallbackLocales: false,
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: ['**/*.test.*', '**/routeTree.gen.ts'],
    },
  ],
  format: 'po',
  orderBy: 'messageId',
})
