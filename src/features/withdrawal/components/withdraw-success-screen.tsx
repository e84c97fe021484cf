import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { CircleCheck, CloudUpload } from 'lucide-react'
import type { Withdrawal } from '#domain/contracts/withdrawal'
import { ButtonLink } from '../../../components/ui/button'
import { Skeleton } from '../../../components/ui/skeleton'
import { StatusScreen } from '../../../components/ui/status-screen'
import { useOutboxItems } from '../../../lib/outbox'
import { toLocaleParam, useLocale } from '../../../lib/locale'
import { withdrawalQueryOptions } from '../api/get-withdrawals'
import { isQueuedWithdrawal } from '../api/withdrawal-outbox'
import { WithdrawalFacts } from './withdrawal-facts'

/** /withdraw-success: what was sent, the fee, the net amount and when it should arrive; or that it waits to be sent. */
export function WithdrawSuccessScreen({
  buyerId,
  withdrawalId,
  queuedKey,
}: {
  buyerId: string
  withdrawalId: string | undefined
  queuedKey: string | undefined
}) {
  const { t } = useLingui()
  const locale = useLocale()
  const queued = useOutboxItems()
    .filter(isQueuedWithdrawal)
    .find((item) => item.id === queuedKey)
  const query = useQuery({
    ...withdrawalQueryOptions(buyerId, withdrawalId ?? ''),
    enabled: withdrawalId !== undefined,
  })
  const backToWithdrawal = (
    <ButtonLink to="/{-$locale}/withdrawal" params={{ locale: toLocaleParam(locale) }}>
      {t`ดูประวัติการถอน`}
    </ButtonLink>
  )

  if (withdrawalId === undefined) {
    return (
      <StatusScreen
        icon={CloudUpload}
        tone="warning"
        title={queued ? t`รอส่งเมื่อกลับมาออนไลน์` : t`ส่งรายการแล้ว`}
        actions={backToWithdrawal}
      >
        <p>
          {queued
            ? t`รายการถอนของคุณถูกเก็บไว้ในเครื่องนี้ และจะส่งให้อัตโนมัติเพียงครั้งเดียวเมื่อมีสัญญาณ คุณยกเลิกได้จนกว่าจะส่ง`
            : t`รายการถอนของคุณถูกส่งแล้ว ดูสถานะได้ในประวัติการถอน`}
        </p>
      </StatusScreen>
    )
  }
  if (query.isPending) return <Skeleton className="mx-4 mt-4 h-80 rounded-card" />
  if (query.isError) {
    return (
      <StatusScreen icon={CircleCheck} title={t`ส่งรายการแล้ว`} actions={backToWithdrawal}>
        <p>{t`ดูสถานะได้ในประวัติการถอน`}</p>
      </StatusScreen>
    )
  }
  return <WithdrawalReceipt withdrawal={query.data} actions={backToWithdrawal} />
}

function WithdrawalReceipt({ withdrawal, actions }: { withdrawal: Withdrawal; actions: React.ReactNode }) {
  const { t } = useLingui()
  const summary = {
    ...withdrawal,
    expectedBy: withdrawal.expectedBy === null ? undefined : new Date(withdrawal.expectedBy),
  }

  return (
    <div className="space-y-4 px-4 pt-6 pb-10">
      <div className="flex flex-col items-center text-center">
        <span className="mb-3 flex size-16 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <CircleCheck aria-hidden="true" className="size-9" />
        </span>
        <h1 className="text-2xl font-bold">{withdrawal.target === 'points' ? t`แลกคะแนนสำเร็จ` : t`ส่งคำขอถอนเงินแล้ว`}</h1>
      </div>
      <WithdrawalFacts summary={summary} className="rounded-card bg-surface p-4 shadow-card" />
      <div className="flex flex-col">{actions}</div>
    </div>
  )
}
