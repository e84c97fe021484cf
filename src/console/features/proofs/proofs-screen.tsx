import { Trans } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useConsoleFormat } from '../../lib/console-format'
import { useCashbackStatusLabel } from '../../lib/console-labels'
import { proofQueueQueryOptions } from './proofs-api'

/** Purchases whose proofs wait for a person, the longest waiting first. */
export function ProofsScreen() {
  const format = useConsoleFormat()
  const statusLabel = useCashbackStatusLabel()
  const { data } = useSuspenseQuery(proofQueueQueryOptions)
  return (
    <section aria-labelledby="proofs-title" className="space-y-5">
      <h1 id="proofs-title" className="text-2xl font-bold">
        <Trans>หลักฐานรอตรวจ</Trans>
      </h1>
      {data.data.length === 0 ? (
        <p>
          <Trans>ไม่มีหลักฐานรอตรวจ</Trans>
        </p>
      ) : (
        <ul className="divide-y divide-line rounded-card bg-surface shadow-card">
          {data.data.map((item) => {
            const { pending } = item
            const sentAt = format.time(item.oldestAt)
            const status = statusLabel(item.transaction.status)
            const cashback = format.money(item.transaction.cashbackAmount)
            return (
              <li key={item.transactionId} className="flex flex-wrap items-center justify-between gap-2 p-4">
                <Link
                  to="/proofs/$transactionId"
                  params={{ transactionId: item.transactionId }}
                  className="font-medium text-brand-700 underline"
                >
                  {item.transaction.merchant.nameTh} · {item.transaction.orderId}
                </Link>
                <span className="text-sm text-ink-muted">
                  <Trans>
                    {pending} ภาพ · ส่งเมื่อ {sentAt} · {status} · {cashback}
                  </Trans>
                </span>
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
