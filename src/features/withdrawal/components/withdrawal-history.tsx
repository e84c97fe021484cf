import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { History } from 'lucide-react'
import type { Withdrawal, WithdrawalStatus } from '#domain/contracts/withdrawal'
import { formatDate } from '#domain/dates'
import { formatThb } from '#domain/money'
import { EmptyState } from '../../../components/ui/empty-state'
import { ListError } from '../../../components/ui/list-error'
import { Skeleton } from '../../../components/ui/skeleton'
import { useLocale } from '../../../lib/locale'
import { withdrawalListQueryOptions } from '../api/get-withdrawals'
import { useTargetLabels } from './withdrawal-messages'

export function useWithdrawalStatusLabels(): Record<WithdrawalStatus, string> {
  const { t } = useLingui()
  return {
    requested: t`ส่งคำขอแล้ว`,
    processing: t`กำลังดำเนินการ`,
    paid: t`โอนแล้ว`,
    failed: t`ไม่สำเร็จ คืนเงินเข้ากระเป๋าแล้ว`,
  }
}

const statusTones: Record<WithdrawalStatus, string> = {
  requested: 'bg-cashback-50 text-cashback-700',
  processing: 'bg-cashback-50 text-cashback-700',
  paid: 'bg-brand-50 text-brand-700',
  failed: 'bg-danger-50 text-danger-700',
}

/** The history of withdrawals and exchanges ('No withdrawal history' when there is none). */
export function WithdrawalHistory({ buyerId }: { buyerId: string }) {
  const { t } = useLingui()
  const query = useQuery(withdrawalListQueryOptions(buyerId))
  return (
    <section aria-labelledby="withdrawal-history" className="space-y-2">
      <h2 id="withdrawal-history" className="font-bold">
        {t`ประวัติการถอนและแลกคะแนน`}
      </h2>
      {query.isPending ? (
        <Skeleton className="h-24 rounded-card" />
      ) : query.isError ? (
        <ListError onRetry={() => void query.refetch()} />
      ) : query.data.data.length === 0 ? (
        <EmptyState icon={History} title={t`ไม่มีประวัติการถอนเงิน`} />
      ) : (
        <ul className="space-y-2">
          {query.data.data.map((withdrawal) => (
            <WithdrawalRow key={withdrawal._id} withdrawal={withdrawal} />
          ))}
        </ul>
      )}
    </section>
  )
}

function WithdrawalRow({ withdrawal }: { withdrawal: Withdrawal }) {
  const { t } = useLingui()
  const locale = useLocale()
  const targetLabels = useTargetLabels()
  const statusLabels = useWithdrawalStatusLabels()
  const target = targetLabels[withdrawal.target]
  const amount = formatThb(withdrawal.amount, locale, { alwaysShowSatang: true })
  const date = formatDate(new Date(withdrawal.createdAt), locale, 'short')
  const expectedBy = withdrawal.expectedBy === null ? undefined : formatDate(new Date(withdrawal.expectedBy), locale)
  const failureReason = withdrawal.failureReason
  const points = withdrawal.points === null ? undefined : withdrawal.points.toLocaleString()
  return (
    <li className="space-y-1 rounded-card bg-surface p-4 shadow-card">
      <div className="flex items-start justify-between gap-2">
        <div>
          <p className="font-semibold">{t`${target} จำนวน ${amount}`}</p>
          <p className="text-xs text-ink-muted">
            {date}
            {withdrawal.destination.maskedAccount ? ` · ${withdrawal.destination.maskedAccount}` : ''}
          </p>
        </div>
        <span className={`shrink-0 rounded-full px-2.5 text-xs font-semibold ${statusTones[withdrawal.status]}`}>
          {statusLabels[withdrawal.status]}
        </span>
      </div>
      {points ? <p className="text-sm text-brand-700">{t`ได้รับ ${points} คะแนน`}</p> : null}
      {expectedBy ? <p className="text-sm text-ink-muted">{t`ได้รับเงินภายใน ${expectedBy}`}</p> : null}
      {failureReason ? <p className="text-sm text-danger-700">{t`เหตุผล: ${failureReason}`}</p> : null}
    </li>
  )
}
