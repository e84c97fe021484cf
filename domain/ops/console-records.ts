import * as v from 'valibot'
import { textSchema } from '../validation/text.ts'
import { ledgerEntryKinds } from '../wallet/ledger.ts'

/** What the console's lists and pages share: query numbers, ids and amounts (audit entries: ./audit.ts). */

export const consoleTimestampSchema = v.string()
export const consoleSatangSchema = v.pipe(v.number(), v.integer())

/** `?limit=`: a page of at most 100 rows, 20 by default. */
export const consoleLimitQuerySchema = v.optional(
  v.pipe(textSchema(), v.regex(/^\d{1,3}$/), v.transform(Number), v.minValue(1), v.maxValue(100)),
  '20',
)

/** `?offset=`: rows to skip. */
export const consoleOffsetQuerySchema = v.optional(v.pipe(textSchema(), v.regex(/^\d{1,9}$/), v.transform(Number)), '0')

/** A wallet ledger entry on the page of what caused it (a purchase, a withdrawal): signed satang. */
export const consoleRecordLedgerEntrySchema = v.object({
  id: v.number(),
  kind: v.picklist(ledgerEntryKinds),
  amount: consoleSatangSchema,
  createdAt: consoleTimestampSchema,
})
export type ConsoleRecordLedgerEntry = v.InferOutput<typeof consoleRecordLedgerEntrySchema>
