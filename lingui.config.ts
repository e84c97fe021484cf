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
      exclude: ['**/*.test.*', '**/routeTree.gen.ts', '<rootDir>/src/console/**'],
    },
    {
      // What a push says: the service worker (src/sw.ts) words notifications with these alone.
      path: '<rootDir>/locales/{locale}/push',
      include: ['<rootDir>/src/features/notifications/notification-texts.ts'],
    },
    {
      // The operator console's own texts: a shopper never downloads them.
      path: '<rootDir>/locales/{locale}/console',
      include: ['<rootDir>/src/console'],
      exclude: ['**/*.test.*'],
    },
  ],
  format: 'po',
  orderBy: 'messageId',
})
