import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { Withdrawal } from '#domain/contracts/withdrawal'
import type { ConsoleBuyerProof } from '#domain/ops/buyers'
import { useConsoleFormat } from '../lib/console-format'
import { useProofStatusLabel } from '../lib/console-labels'
import { useWithdrawalStatusLabel } from '../features/withdrawals/withdrawal-labels'

/** What a list says when it has nothing, instead of an empty box. */
function Empty({ text }: { text: string }) {
  return <p className="text-sm text-ink-muted">{text}</p>
}

/**
 * A buyer's withdrawals as support sees them: when, how much, where it stands, where to (the
 * withdrawal's own page is finance's).
 */
export function WithdrawalList({ withdrawals }: { withdrawals: readonly Withdrawal[] }) {
  const { t } = useLingui()
  const format = useConsoleFormat()
  const statusLabel = useWithdrawalStatusLabel()
  if (withdrawals.length === 0) return <Empty text={t`ยังไม่มีการถอนเงิน`} />
  return (
    <ul className="divide-y divide-line text-sm">
      {withdrawals.map((withdrawal) => (
        <li key={withdrawal._id} className="py-2 tabular-nums">
          {format.time(withdrawal.createdAt)} · {format.money(withdrawal.amount)} · {statusLabel(withdrawal.status)} ·{' '}
          {withdrawal.destination.maskedAccount ?? withdrawal.target}
          {withdrawal.failureReason === null ? null : ` · ${withdrawal.failureReason}`}
        </li>
      ))}
    </ul>
  )
}

/** A buyer's proofs, each opening its purchase's review. */
export function ProofList({ proofs }: { proofs: readonly ConsoleBuyerProof[] }) {
  const { t } = useLingui()
  const format = useConsoleFormat()
  const statusLabel = useProofStatusLabel()
  if (proofs.length === 0) return <Empty text={t`ไม่มีหลักฐาน`} />
  return (
    <ul className="divide-y divide-line text-sm">
      {proofs.map((proof) => (
        <li key={proof.id} className="py-2">
          <Link
            to="/proofs/$transactionId"
            params={{ transactionId: proof.transactionId }}
            className="text-brand-700 underline"
          >
            {format.time(proof.createdAt)}
          </Link>{' '}
          · {statusLabel(proof.status, proof.deletedAt !== null)}
        </li>
      ))}
    </ul>
  )
}
