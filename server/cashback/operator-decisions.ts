import type { RejectionReasonCode } from '#domain/cashback/rejection-reasons'
import type { TransactionEvent } from '#domain/cashback/transaction-state'
import { changeTransaction, type TransactionChangeResult } from '#server/cashback/transaction-changes'
import type { Database } from '#server/db/database'

/** An operator's decision on a purchase (`npm run ops -- transaction …` and the console). */
export type TransactionDecision = 'approve' | 'reject' | 'cancel'

export type TransactionDecisionInput = {
  transactionId: string
  /** Kept with the history step, for operators; the shopper never sees it. */
  reason: string
  /** reject: flagged behaviour (lowers the rating like a return, recorded as what it was). */
  isFlagged: boolean
  /**
   * cancel: known to be the merchant's cancellation, which lowers the rating. Without it a
   * cancellation does not count: its side is unknown (domain/cashback/rating.ts).
   */
  isByMerchant: boolean
  /** `operator:<who>`. */
  actor: string
  now: Date
} & DecisionWithReasonCode

/** A rejection or cancellation names what the shopper is told, in their language (domain/cashback/rejection-reasons.ts). */
export type DecisionWithReasonCode =
  { decision: 'approve' } | { decision: 'reject' | 'cancel'; reasonCode: RejectionReasonCode }

function decisionEvent(input: TransactionDecisionInput): TransactionEvent {
  switch (input.decision) {
    case 'approve':
      return { kind: 'network_update', status: 'APPROVED' }
    case 'reject':
      return { kind: 'network_update', status: 'REJECTED', reasonCode: input.reasonCode, rejectionReason: input.reason }
    case 'cancel':
      return { kind: 'network_update', status: 'CANCELLED', reasonCode: input.reasonCode }
  }
}

/**
 * The decision through the same state machine as postbacks (server/cashback/transaction-changes.ts),
 * in the caller's database transaction; a refusal comes back as its code.
 */
export async function decideTransaction(
  tx: Database,
  input: TransactionDecisionInput,
): Promise<TransactionChangeResult> {
  return changeTransaction(tx, {
    transactionId: input.transactionId,
    event: decisionEvent(input),
    actor: input.actor,
    note: input.reason,
    ratingOutcome: input.isFlagged ? 'flagged' : input.isByMerchant ? 'cancelled_by_merchant' : undefined,
    now: input.now,
  })
}
