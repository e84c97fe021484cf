import * as v from 'valibot'
import { purchaseOutcomes, cashbackReleasePaths } from '../cashback/rating.ts'
import { proofRejectionReasonCodes } from '../cashback/proof-rejection-reasons.ts'
import { rejectionReasonCodes } from '../cashback/rejection-reasons.ts'
import { currencies } from '../contracts/buyer.ts'
import { cashbackHistoryKinds, cashbackStatuses } from '../contracts/cashback.ts'
import { postbackStatuses } from '../contracts/postback.ts'
import { textSchema } from '../validation/text.ts'
import {
  consoleLimitQuerySchema,
  consoleRecordLedgerEntrySchema,
  consoleSatangSchema,
  consoleTimestampSchema,
} from './console-records.ts'
import { auditEntrySchema } from './audit.ts'
import { operatorReasonSchema } from './operator.ts'
import { recordIdSchema } from '../validation/record-id.ts'

/**
 * The console's purchases (issue 14), roles support and admin:
 * - `GET /api/ops/transactions?status=&merchant=&network=&from=&to=&overdue=true&before=&limit=` →
 *   `ConsoleTransactionPage`, newest first; `before` is the `nextBefore` of the previous page.
 * - `GET /api/ops/transactions/{transactionId}` → `ConsoleTransactionDetail`.
 * - `POST /api/ops/transactions/{transactionId}/decision` with `TransactionDecisionRequest` and an
 *   `Idempotency-Key` → `ConsoleTransaction`; a rejection or cancellation without a `reasonCode` of
 *   the closed set is 400 `invalid_request`; 409 `operator_conflict` when the transaction moved
 *   meanwhile (the state machine refuses, it already is what was decided, or `expectedStatus`
 *   no longer holds).
 */

const dateQuerySchema = v.optional(v.pipe(textSchema(), v.isoDate(), v.description('YYYY-MM-DD, Bangkok time')))

export const consoleTransactionListQuerySchema = v.object({
  status: v.optional(v.picklist(cashbackStatuses)),
  /** A merchant id. */
  merchant: v.optional(v.pipe(textSchema(), v.maxLength(64))),
  /** A network name: purchases with a conversion from it. */
  network: v.optional(v.pipe(textSchema(), v.maxLength(64))),
  /** Ordered on or after this day. */
  from: dateQuerySchema,
  /** Ordered on or before this day. */
  to: dateQuerySchema,
  /** `true`: only purchases past their expected confirmation date with no decision yet. */
  overdue: v.optional(v.picklist(['true'])),
  /** A cursor: `nextBefore` of the previous page. */
  before: v.optional(v.pipe(textSchema(), v.maxLength(100))),
  limit: consoleLimitQuerySchema,
})
export type ConsoleTransactionListQuery = v.InferOutput<typeof consoleTransactionListQuerySchema>

/** `{transactionId}` in a console path: a malformed one is simply not found. */
export const consoleTransactionParamSchema = v.object({ transactionId: recordIdSchema })

export const consoleTransactionSchema = v.object({
  id: recordIdSchema,
  buyerId: v.string(),
  merchant: v.object({ id: v.string(), nameTh: v.string(), nameEn: v.string() }),
  clickId: v.nullable(v.string()),
  orderId: v.string(),
  orderDate: consoleTimestampSchema,
  currency: v.picklist(currencies),
  purchaseAmount: consoleSatangSchema,
  cashbackAmount: consoleSatangSchema,
  status: v.picklist(cashbackStatuses),
  accepted: v.boolean(),
  archived: v.boolean(),
  /** With `REJECTED`: the network's or operator's own words (never shown to the shopper). */
  rejectionReason: v.nullable(v.string()),
  /** With `REJECTED` or `CANCELLED`: the reason the shopper is shown (domain/cashback/rejection-reasons.ts). */
  reasonCode: v.nullable(v.picklist(rejectionReasonCodes)),
  ratingOutcome: v.nullable(v.picklist(purchaseOutcomes)),
  releasePath: v.nullable(v.picklist(cashbackReleasePaths)),
  expectedAt: v.nullable(consoleTimestampSchema),
  createdAt: consoleTimestampSchema,
  updatedAt: consoleTimestampSchema,
})
export type ConsoleTransaction = v.InferOutput<typeof consoleTransactionSchema>

export const consoleTransactionPageSchema = v.object({
  data: v.array(consoleTransactionSchema),
  /** Pass as `before` for the next page; `null` on the last. */
  nextBefore: v.nullable(v.string()),
})
export type ConsoleTransactionPage = v.InferOutput<typeof consoleTransactionPageSchema>

export const consoleTransactionEventSchema = v.object({
  kind: v.picklist(cashbackHistoryKinds),
  rejectionReason: v.nullable(v.string()),
  /** With `REJECTED` and `CANCELLED` steps: the reason the shopper is shown. */
  reasonCode: v.nullable(v.picklist(rejectionReasonCodes)),
  isEarlyRelease: v.boolean(),
  isAppealApproval: v.boolean(),
  actor: v.string(),
  note: v.nullable(v.string()),
  createdAt: consoleTimestampSchema,
})

export const consoleConversionSchema = v.object({
  id: v.number(),
  network: v.string(),
  conversionId: v.string(),
  clickId: v.string(),
  orderId: v.string(),
  networkStatus: v.picklist(postbackStatuses),
  saleAmount: consoleSatangSchema,
  payout: v.nullable(consoleSatangSchema),
  reason: v.nullable(v.string()),
  orderTime: consoleTimestampSchema,
  transactionId: v.nullable(v.string()),
  ignoredReason: v.nullable(v.string()),
  receivedAt: consoleTimestampSchema,
  dismissedAt: v.nullable(consoleTimestampSchema),
  dismissedReason: v.nullable(v.string()),
  dismissedBy: v.nullable(v.string()),
})
export type ConsoleConversion = v.InferOutput<typeof consoleConversionSchema>

export const consoleTransactionProofSchema = v.object({
  id: v.string(),
  status: v.string(),
  contentType: v.string(),
  width: v.number(),
  height: v.number(),
  byteSize: v.number(),
  createdAt: consoleTimestampSchema,
  reviewedAt: v.nullable(consoleTimestampSchema),
  reviewedBy: v.nullable(v.string()),
  /**
   * With `rejected`: the reason the shopper is shown (domain/cashback/proof-rejection-reasons.ts);
   * `null` on a refusal the release before reason codes wrote during a deploy (the shopper reads `other`).
   */
  rejectionReasonCode: v.nullable(v.picklist(proofRejectionReasonCodes)),
  /** With `rejected`: the operator's note, for operators only; `null` when they wrote none. */
  rejectionReason: v.nullable(v.string()),
  deletedAt: v.nullable(consoleTimestampSchema),
  /** The console's address of the picture; `null` once deleted. */
  imageUrl: v.nullable(v.string()),
})
export type ConsoleTransactionProof = v.InferOutput<typeof consoleTransactionProofSchema>

export const consoleTransactionDetailSchema = v.object({
  transaction: consoleTransactionSchema,
  /** Oldest first: the timeline, with who made each step and why. */
  history: v.array(consoleTransactionEventSchema),
  conversions: v.array(consoleConversionSchema),
  proofs: v.array(consoleTransactionProofSchema),
  ledger: v.array(consoleRecordLedgerEntrySchema),
  /** Newest first. */
  audit: v.array(auditEntrySchema),
})
export type ConsoleTransactionDetail = v.InferOutput<typeof consoleTransactionDetailSchema>

const decisionEntries = {
  /** Always recorded, for operators (the history step and the audit log); never shown to the shopper. */
  reason: operatorReasonSchema,
  /** The status the operator saw; when it no longer holds, 409 `operator_conflict`. */
  expectedStatus: v.optional(v.picklist(cashbackStatuses)),
}

/** What the shopper is told, in their language: required to reject or cancel. */
const decisionReasonCodeSchema = v.picklist(rejectionReasonCodes, 'Expected a reason code of the closed set')

export const transactionDecisionRequestSchema = v.variant('decision', [
  v.object({ decision: v.literal('approve'), ...decisionEntries }),
  v.object({
    decision: v.literal('reject'),
    reasonCode: decisionReasonCodeSchema,
    /** Flagged behaviour, counted in the rating like a return. */
    flagged: v.optional(v.boolean(), false),
    ...decisionEntries,
  }),
  v.object({
    decision: v.literal('cancel'),
    reasonCode: decisionReasonCodeSchema,
    /** The merchant cancelled, which lowers the rating. */
    byMerchant: v.optional(v.boolean(), false),
    ...decisionEntries,
  }),
])
export type TransactionDecisionRequest = v.InferOutput<typeof transactionDecisionRequestSchema>
