import { eq, sql } from 'drizzle-orm'
import * as v from 'valibot'
import { fixedRatesOverrideSchema } from '#domain/contracts/fixed-rate'
import { buyerReviewSettingsOverrideSchema } from '#domain/review/buyer-review'
import { bankHolidaySchema } from '#domain/wallet/withdrawal-rules'
import type { Database } from '#server/db/database'
import { appSettings } from '#server/db/schema'
import { publishEvent } from '#server/events/event-channel'

/**
 * Every known setting and the shape of its value. The database column is untyped jsonb, so a
 * value is validated on every read and write: a bad row fails loudly instead of being misread.
 */
const settingSchemas = {
  maintenance: v.boolean(),
  /** Operator overrides of the THB fixed rates, merged over `defaultFixedRates`. */
  fixed_rate_thb: fixedRatesOverrideSchema,
  /** Days banks do not pay out on, left out of expected payout dates (`npm run ops -- holidays`). */
  bank_holidays: v.array(bankHolidaySchema),
  /** Operator overrides of the review list's thresholds, merged over `defaultBuyerReviewSettings`. */
  buyer_review: buyerReviewSettingsOverrideSchema,
  /**
   * A demo's VAPID keys, made once by the first process (server/notifications/vapid-keys.ts) and
   * shared by every other: a subscription made with one process's key is sent to by all.
   */
  demo_vapid_keys: v.object({ publicKey: v.string(), privateKey: v.string() }),
} as const

export type SettingKey = keyof typeof settingSchemas
export type SettingValue<Key extends SettingKey> = v.InferOutput<(typeof settingSchemas)[Key]>

/**
 * `undefined` when the setting was never written. `forUpdate` locks the row until the caller's
 * transaction ends, for a read-change-write that another operator's must wait for.
 */
export async function readSetting<Key extends SettingKey>(
  database: Database,
  key: Key,
  options: { forUpdate?: boolean } = {},
): Promise<SettingValue<Key> | undefined> {
  const query = database.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, key))
  const [row] = options.forUpdate === true ? await query.for('update') : await query
  if (row === undefined) return undefined
  const result = v.safeParse(settingSchemas[key], row.value)
  if (!result.success) {
    throw new Error(`app_settings row "${key}" holds an invalid value: ${v.summarize(result.issues)}`)
  }
  return result.output
}

/**
 * Writes a setting and announces it (`settings.changed` with the key) on commit, so every process
 * drops what it cached of it. Pass the transaction when the write is part of one.
 */
export async function writeSetting<Key extends SettingKey>(
  database: Database,
  key: Key,
  value: SettingValue<Key>,
): Promise<void> {
  const checked = v.parse(settingSchemas[key], value)
  await database.transaction(async (transaction) => {
    await transaction
      .insert(appSettings)
      .values({ key, value: checked })
      .onConflictDoUpdate({ target: appSettings.key, set: { value: checked, updatedAt: sql`now()` } })
    await publishEvent(transaction, 'settings.changed', { key })
  })
}
