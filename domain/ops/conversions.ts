import * as v from 'valibot'
import { textSchema } from '../validation/text.ts'
import { consoleLimitQuerySchema, consoleOffsetQuerySchema } from './console-records.ts'
import { operatorReasonSchema } from './operator.ts'
import { consoleConversionSchema, consoleTransactionSchema } from './transactions.ts'

/**
 * Conversions whose click matched nobody (issue 14), roles support and admin:
 * - `GET /api/ops/conversions/unmatched?limit=&offset=` → `UnmatchedConversionPage`, oldest first
 *   (the longest waiting on top); dismissed ones are not listed.
 * - `POST /api/ops/conversions/{id}/match` with `ConversionMatchRequest` (a click id, or a buyer
 *   and the merchant bought from) and an `Idempotency-Key` → `ConversionMatchResponse`: the
 *   purchase is recorded as a postback with that click would have recorded it.
 * - `POST /api/ops/conversions/{id}/dismiss` with `{ reason }` → `ConsoleConversion`.
 * Both writes answer 409 `operator_conflict` when the conversion was matched or dismissed
 * meanwhile.
 */

export const unmatchedConversionQuerySchema = v.object({
  limit: consoleLimitQuerySchema,
  offset: consoleOffsetQuerySchema,
})

export const unmatchedConversionPageSchema = v.object({
  data: v.array(consoleConversionSchema),
  total: v.number(),
})
export type UnmatchedConversionPage = v.InferOutput<typeof unmatchedConversionPageSchema>

export const conversionIdParamSchema = v.object({
  id: v.pipe(textSchema(), v.regex(/^\d{1,12}$/), v.transform(Number)),
})

const idSchema = v.pipe(textSchema(), v.trim(), v.toLowerCase(), v.regex(/^[0-9a-f]{24}$/))

export const conversionMatchRequestSchema = v.union([
  v.strictObject({ clickId: v.pipe(textSchema(), v.trim(), v.minLength(1), v.maxLength(100)) }),
  v.strictObject({ buyerId: idSchema, merchantId: v.pipe(textSchema(), v.trim(), v.minLength(1), v.maxLength(64)) }),
])
export type ConversionMatchRequest = v.InferOutput<typeof conversionMatchRequestSchema>

export const conversionMatchResponseSchema = v.object({
  conversion: consoleConversionSchema,
  transaction: consoleTransactionSchema,
})
export type ConversionMatchResponse = v.InferOutput<typeof conversionMatchResponseSchema>

export const conversionDismissRequestSchema = v.object({ reason: operatorReasonSchema })
