import * as v from 'valibot'
import { fixedRatesSchema } from '../contracts/fixed-rate.ts'
import { bankHolidaySchema } from '../wallet/withdrawal-rules.ts'
import { auditEntrySchema } from './audit.ts'

/**
 * The money settings in the console (issue 14); roles finance and admin. Every write is recorded
 * in the audit log with before and after, and announced to every server process (the event
 * channel's `settings.changed`), so the shopper's app sees it within its own cache time.
 *
 * - `GET /api/ops/settings` → `ConsoleSettings`.
 * - `PUT /api/ops/settings/fixed-rates` with the complete `FixedRates` → `ConsoleSettings`.
 * - `PUT /api/ops/settings/maintenance` with `{ on }` → `ConsoleSettings`.
 * - `POST /api/ops/settings/bank-holidays` with a `BankHoliday` (adds it, or renames the day) and
 *   `DELETE /api/ops/settings/bank-holidays/{date}` → `ConsoleSettings`.
 * Writes carry an `Idempotency-Key`.
 */

export const fixedRateFields = Object.keys(fixedRatesSchema.entries) as (keyof typeof fixedRatesSchema.entries)[]
export type FixedRateField = (typeof fixedRateFields)[number]

/**
 * The complete rates an operator saves. Besides each field's range: the Special Cashback levels
 * ask more the higher they go, and the 1-day limit with a proof is not below the one on rating alone.
 */
export const fixedRatesUpdateSchema = v.pipe(
  fixedRatesSchema,
  v.forward(
    v.check(
      (rates) =>
        rates.stairLv1.minimumBalance <= rates.stairLv2.minimumBalance &&
        rates.stairLv2.minimumBalance <= rates.stairLv3.minimumBalance,
      'stair_levels_out_of_order',
    ),
    ['stairLv2'],
  ),
  v.forward(
    v.check((rates) => rates.maxForRating <= rates.maxForProof, 'proof_limit_below_rating_limit'),
    ['maxForProof'],
  ),
)

export const maintenanceUpdateSchema = v.object({ on: v.boolean() })
export type MaintenanceUpdate = v.InferOutput<typeof maintenanceUpdateSchema>

export const bankHolidayParamSchema = v.object({ date: bankHolidaySchema.entries.date })

export const consoleSettingsSchema = v.object({
  /** The rates in force: the defaults with the stored changes over them. */
  fixedRates: fixedRatesSchema,
  defaultFixedRates: fixedRatesSchema,
  /** The fields whose stored value differs from the default. */
  changedFixedRateFields: v.array(v.picklist(fixedRateFields)),
  /** Who changed the fixed rates, newest first, with before and after. */
  fixedRateHistory: v.array(auditEntrySchema),
  /** The stored switch (the `MAINTENANCE` environment variable may force it on besides). */
  maintenance: v.object({ isOn: v.boolean() }),
  /** Oldest first. */
  bankHolidays: v.array(bankHolidaySchema),
})
export type ConsoleSettings = v.InferOutput<typeof consoleSettingsSchema>
