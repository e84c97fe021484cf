import * as v from 'valibot'
import { proofRejectionReasonCodes } from '../cashback/proof-rejection-reasons.ts'
import { proofStatuses } from '../contracts/proof.ts'
import { auditEntrySchema } from './audit.ts'
import { consoleLimitQuerySchema, consoleTimestampSchema } from './console-records.ts'
import { operatorReasonSchema } from './operator.ts'
import { consoleTransactionProofSchema, consoleTransactionSchema } from './transactions.ts'

/**
 * Proof review (issue 14), roles support and admin:
 * - `GET /api/ops/proofs?status=pending&limit=` → `ProofQueue`: purchases with proofs waiting,
 *   the longest waiting first.
 * - `GET /api/ops/proofs/{transactionId}` → `ProofReviewDetail`: the purchase and its proofs.
 * - `GET /api/ops/proofs/{proofId}/picture` → the stored bytes (`Cache-Control: private, no-store`).
 * - `POST /api/ops/proofs/{transactionId}/review` with `ProofReviewRequest` and an
 *   `Idempotency-Key` → `ProofReviewResponse`; approving moves the purchase (an appeal approves
 *   it, a 1-day proof schedules its release). A rejection without a `reasonCode` of the closed set
 *   (domain/cashback/proof-rejection-reasons.ts) is 400 `proof_reason_code_required`; 409
 *   `operator_conflict` when no proof waits any more (another operator decided first).
 */

export const proofQueueQuerySchema = v.object({
  status: v.optional(v.picklist(['pending']), 'pending'),
  limit: consoleLimitQuerySchema,
})

export const proofQueueItemSchema = v.object({
  transactionId: v.string(),
  buyerId: v.string(),
  pending: v.number(),
  /** When the oldest waiting proof was sent. */
  oldestAt: consoleTimestampSchema,
  transaction: consoleTransactionSchema,
})
export type ProofQueueItem = v.InferOutput<typeof proofQueueItemSchema>

export const proofQueueSchema = v.object({ data: v.array(proofQueueItemSchema) })
export type ProofQueue = v.InferOutput<typeof proofQueueSchema>

export const proofReviewDetailSchema = v.object({
  transaction: consoleTransactionSchema,
  proofs: v.array(consoleTransactionProofSchema),
  audit: v.array(auditEntrySchema),
})
export type ProofReviewDetail = v.InferOutput<typeof proofReviewDetailSchema>

export const proofReviewRequestSchema = v.variant('decision', [
  v.object({ decision: v.literal('approve'), reason: v.optional(operatorReasonSchema) }),
  v.object({
    decision: v.literal('reject'),
    /** What the shopper is told, in their language, with what to send instead: required. */
    reasonCode: v.picklist(proofRejectionReasonCodes, 'Expected a proof reason code of the closed set'),
    /** A note for operators (the review screen and the audit log); never shown to the shopper. */
    reason: v.optional(operatorReasonSchema),
  }),
])
export type ProofReviewRequest = v.InferOutput<typeof proofReviewRequestSchema>

export const proofReviewResponseSchema = v.object({
  decided: v.number(),
  effect: v.picklist(['appeal_approved', 'one_day_release', 'none']),
  transaction: consoleTransactionSchema,
  proofs: v.array(
    v.object({
      id: v.string(),
      status: v.picklist(proofStatuses),
      /** With `rejected`: the code the shopper is shown. */
      rejectionReasonCode: v.nullable(v.picklist(proofRejectionReasonCodes)),
      /** With `rejected`: the operator's note, when they wrote one. */
      rejectionReason: v.nullable(v.string()),
    }),
  ),
})
export type ProofReviewResponse = v.InferOutput<typeof proofReviewResponseSchema>
