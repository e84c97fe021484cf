import type { TransactionDecision } from '#server/cashback/operator-decisions'
import type { TransactionRecord } from '#server/cashback/transaction-changes'
import type { Database } from '#server/db/database'
import { recordOperatorAction } from '#server/ops/audit-log'

const auditActions = {
  approve: 'transaction.approved',
  reject: 'transaction.rejected',
  cancel: 'transaction.cancelled',
} satisfies Record<TransactionDecision, string>

type DecidedFields = Pick<TransactionRecord, 'id' | 'status' | 'rejectionReason' | 'reasonCode' | 'ratingOutcome'>

/**
 * The audit entry of an operator's decision `decideTransaction` made (`transaction.approved`,
 * `.rejected`, `.cancelled`; a reclassification too, which changes only how it counts in the
 * rating), in the same transaction; the console and the ops CLI both write it.
 */
export async function recordTransactionDecision(
  tx: Database,
  input: {
    decision: TransactionDecision
    before: DecidedFields
    after: DecidedFields
    reason: string
    actor: string
    now: Date
  },
): Promise<void> {
  const { before, after } = input
  await recordOperatorAction(tx, {
    actor: input.actor,
    action: auditActions[input.decision],
    subjectType: 'transaction',
    subjectId: after.id,
    reason: input.reason,
    before: auditedFields(before),
    after: auditedFields(after),
    now: input.now,
  })
}

function auditedFields(record: DecidedFields) {
  return {
    status: record.status,
    rejectionReason: record.rejectionReason,
    reasonCode: record.reasonCode,
    ratingOutcome: record.ratingOutcome,
  }
}
