import type { WithdrawalStatus } from '#domain/contracts/withdrawal'
import type { Database } from '#server/db/database'
import { recordOperatorAction } from '#server/ops/audit-log'
import type { WithdrawalRecord } from '#server/withdrawals/withdrawal-service'

/** The status a withdrawal had before a move `markWithdrawal` made (its state machine allows one way in to each). */
function previousStatus(record: Pick<WithdrawalRecord, 'status' | 'processingAt'>): WithdrawalStatus {
  if (record.status === 'paid') return 'processing'
  if (record.status === 'failed' && record.processingAt !== null) return 'processing'
  return 'requested'
}

/**
 * The audit entry of a status change `markWithdrawal` made (`withdrawal.processing`, `.paid`,
 * `.failed`), in the same transaction; the console and the ops CLI both write it.
 */
export async function recordWithdrawalStatusChange(
  tx: Database,
  input: { record: WithdrawalRecord; reason: string | undefined; actor: string; now: Date },
): Promise<void> {
  const { record } = input
  await recordOperatorAction(tx, {
    actor: input.actor,
    action: `withdrawal.${record.status}`,
    subjectType: 'withdrawal',
    subjectId: record.id,
    reason: input.reason ?? null,
    before: { status: previousStatus(record) },
    after:
      record.status === 'failed'
        ? { status: record.status, returnedToWallet: record.amount }
        : { status: record.status },
    now: input.now,
  })
}
