import type { CashbackTransaction } from '#domain/contracts/cashback'
import { proofStatusToneClasses, useProofStatusLabels } from './proof-labels'

/** On a transaction's card: where its proofs stand ('evidence reviewing', approved or refused). */
export function AppealPill({ transaction }: { transaction: Pick<CashbackTransaction, 'appealStatus'> }) {
  const labels = useProofStatusLabels()
  if (transaction.appealStatus === null) return null
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full px-2.5 text-xs font-semibold ${proofStatusToneClasses[transaction.appealStatus]}`}
    >
      {labels[transaction.appealStatus]}
    </span>
  )
}
