import { defaultFixedRates, type FixedRates } from '#domain/contracts/fixed-rate'
import { readSetting } from '#server/app-settings'
import type { Database } from '#server/db/database'

/**
 * The THB fixed rates in force: the operator's overrides merged over the defaults. Read fresh on
 * every call: the public route caches its answer, but cashback and release decisions must not
 * act on a stale rate.
 */
export async function readFixedRates(database: Database): Promise<FixedRates> {
  const overrides = await readSetting(database, 'fixed_rate_thb')
  return { ...defaultFixedRates, ...overrides }
}
