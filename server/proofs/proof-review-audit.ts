import { and, asc, eq } from 'drizzle-orm'
import type { ProofRejectionReasonCode } from '#domain/cashback/proof-rejection-reasons'
import type { CashbackStatus } from '#domain/contracts/cashback'
import type { ProofStatus } from '#domain/contracts/proof'
import type { Database } from '#server/db/database'
import { proofs } from '#server/db/schema'
import { recordOperatorAction } from '#server/ops/audit-log'
import type { ProofReview, ProofReviewOutcome } from '#server/proofs/proof-service'

export type DecidedProof = {
  id: string
  status: ProofStatus
  rejectionReasonCode: ProofRejectionReasonCode | null
  rejectionReason: string | null
}

/**
 * The audit entry of a review `reviewProofs` made (`proof.approved`, `proof.rejected`), in the same
 * transaction; the console and the ops CLI both write it. Its subject is the transaction whose
 * proofs were decided; it names those proofs and what the transaction became. Returns the
 * decided proofs, oldest first.
 */
export async function recordProofReview(
  tx: Database,
  input: {
    transactionId: string
    review: ProofReview
    outcome: ProofReviewOutcome
    /** The transaction's status before and after the review. */
    transactionStatus: { before: CashbackStatus; after: CashbackStatus }
    /** The operator's words: an approval's reason, a refusal's note; `null` without. */
    reason: string | null
    actor: string
  },
): Promise<DecidedProof[]> {
  const { review } = input
  const decided = await tx
    .select({
      id: proofs.id,
      status: proofs.status,
      rejectionReasonCode: proofs.rejectionReasonCode,
      rejectionReason: proofs.rejectionReason,
    })
    .from(proofs)
    .where(
      and(
        eq(proofs.transactionId, input.transactionId),
        // What this review marked: the status it gave, at its time, by its reviewer (an earlier
        // review of the other kind by the same reviewer at the same instant is not counted).
        eq(proofs.status, review.decision === 'approve' ? 'approved' : 'rejected'),
        eq(proofs.reviewedAt, review.now),
        eq(proofs.reviewedBy, review.reviewer),
      ),
    )
    .orderBy(asc(proofs.createdAt), asc(proofs.id))
  await recordOperatorAction(tx, {
    actor: input.actor,
    action: review.decision === 'approve' ? 'proof.approved' : 'proof.rejected',
    subjectType: 'proof',
    subjectId: input.transactionId,
    reason: input.reason,
    before: {
      transactionStatus: input.transactionStatus.before,
      proofs: decided.map((proof) => ({ id: proof.id, status: 'pending' })),
    },
    after: {
      transactionStatus: input.transactionStatus.after,
      effect: input.outcome.effect,
      // What the shopper was told; the note is the entry's reason.
      ...(review.decision === 'reject' ? { rejectionReasonCode: review.reasonCode } : {}),
      proofs: decided.map((proof) => ({ id: proof.id, status: proof.status })),
    },
    now: review.now,
  })
  return decided
}
