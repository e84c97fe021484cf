import type { Database } from '#server/db/database'
import type { BuyerRecord } from '#server/buyers/buyer-records'
import { recordOperatorAction } from '#server/ops/audit-log'

/**
 * The audit entry of a suspension or reinstatement `setBuyerStatus` made (`buyer.suspended`,
 * `buyer.reinstated`), in the same transaction; the console and the ops CLI both write it.
 */
export async function recordBuyerStatusChange(
  tx: Database,
  input: { before: BuyerRecord; after: BuyerRecord; reason: string | null; actor: string; now: Date },
): Promise<void> {
  const { before, after } = input
  await recordOperatorAction(tx, {
    actor: input.actor,
    action: after.status === 'suspended' ? 'buyer.suspended' : 'buyer.reinstated',
    subjectType: 'buyer',
    subjectId: after.id,
    reason: input.reason,
    before: { status: before.status, suspendedReason: before.suspendedReason },
    after: { status: after.status, suspendedReason: after.suspendedReason },
    now: input.now,
  })
}
