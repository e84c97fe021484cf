import { defaultFixedRates, type FixedRates } from '#domain/contracts/fixed-rate'
import { fixedRateFields, type FixedRateField } from '#domain/ops/settings'
import { readSetting, writeSetting } from '#server/app-settings'
import type { Database } from '#server/db/database'

/**
 * The THB fixed rates in force: the operator's overrides merged over the defaults. Read fresh on
 * every call: the public route caches its answer, but cashback and release decisions must not
 * act on a stale rate.
 */
export async function readFixedRates(database: Database, options: { forUpdate?: boolean } = {}): Promise<FixedRates> {
  const overrides = await readSetting(database, 'fixed_rate_thb', options)
  return { ...defaultFixedRates, ...overrides }
}

/** The fields of `rates` that differ from the defaults. */
export function changedFixedRateFields(rates: FixedRates): FixedRateField[] {
  return fixedRateFields.filter((field) => JSON.stringify(rates[field]) !== JSON.stringify(defaultFixedRates[field]))
}

/**
 * Puts `rates` in force and announces it to every process (`settings.changed`, on commit). Only
 * the fields that differ from the defaults are stored, so a field an operator never moved follows
 * a later change of its default. Call it in a transaction: the row stays locked until it ends,
 * so `before` is what the next change really replaced.
 */
export async function saveFixedRates(
  tx: Database,
  rates: FixedRates,
): Promise<{ before: FixedRates; after: FixedRates }> {
  const before = await readFixedRates(tx, { forUpdate: true })
  const overrides = Object.fromEntries(changedFixedRateFields(rates).map((field) => [field, rates[field]]))
  await writeSetting(tx, 'fixed_rate_thb', overrides)
  return { before, after: { ...defaultFixedRates, ...overrides } }
}
