import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * Operator-controlled settings shared by every server process (maintenance flag now, fixed
 * rates later). A key/value table keeps adding a setting a code change, not a migration; the
 * value shapes are validated in code (see `server/app-settings.ts`).
 */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})
