import { defineConfig } from '@lingui/cli'

// As the app's lingui.config.ts: Thai source, English translation, one catalog per language.
export default defineConfig({
  sourceLocale: 'th',
  locales: ['th', 'en'],
  fallbackLocales: false,
  catalogs: [{ path: '<rootDir>/locales/{locale}/messages', include: ['<rootDir>/routes'] }],
  format: 'po',
  orderBy: 'messageId',
})
