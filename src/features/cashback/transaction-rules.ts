import type { CashbackTransaction } from '#domain/contracts/cashback'

export type TransactionAction = 'accept' | 'archive'

/** The action a transaction offers now: Accept when approved, Archive once accepted (spec section 4). */
export function availableAction(
  transaction: Pick<CashbackTransaction, 'status' | 'accepted' | 'archived'>,
): TransactionAction | undefined {
  if (transaction.status !== 'APPROVED') return undefined
  if (!transaction.accepted) return 'accept'
  if (!transaction.archived) return 'archive'
  return undefined
}
