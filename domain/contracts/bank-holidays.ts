import * as v from 'valibot'
import { bankHolidaySchema } from '../wallet/withdrawal-rules.ts'

/**
 * The operators' bank holidays, for the date the withdrawal form promises (docs/decisions/015):
 * the server leaves them out of the date it stores (`expectedBy`), so the form must too.
 *
 * `GET /api/bank-holidays` → `BankHolidayListResponse`: the holidays from today (Bangkok) to
 * `upcomingBankHolidayDays` days ahead, oldest first. Public and the same for every shopper;
 * `Cache-Control: no-cache` with an `ETag` (a revalidation is a bodiless 304).
 */

/**
 * How far ahead the list reaches, in calendar days: the longest promise, 30 business days, spans
 * about 42 with weekends and a cluster of holidays; the rest covers a phone that keeps its copy
 * for weeks offline.
 */
export const upcomingBankHolidayDays = 120

export const bankHolidayListResponseSchema = v.object({
  data: v.array(bankHolidaySchema),
})
export type BankHolidayListResponse = v.InferOutput<typeof bankHolidayListResponseSchema>
