import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, type LinkProps } from '@tanstack/react-router'
import { Banknote, Clock, FileImage, MessagesSquare, Unlink } from 'lucide-react'
import type { LucideIcon } from 'lucide-react'
import { canActAs, type OperatorRole } from '#domain/ops/operator'
import { todayQueryOptions } from './today-api'

const cardClassName = 'flex items-center gap-4 rounded-card bg-surface p-5 shadow-card'

function Count({
  icon: Icon,
  label,
  value,
  link,
}: {
  icon: LucideIcon
  label: string
  value: number
  /** Where the operator clears them, when their role may. */
  link?: Pick<LinkProps, 'to' | 'search'>
}) {
  const content = (
    <>
      <Icon aria-hidden="true" className={`size-8 shrink-0 ${value > 0 ? 'text-cashback-600' : 'text-ink-muted'}`} />
      <span>
        <span className="block text-3xl font-bold tabular-nums">{value.toLocaleString()}</span>
        <span className="block text-sm text-ink-muted">{label}</span>
      </span>
    </>
  )
  return (
    <li>
      {link === undefined ? (
        <div className={cardClassName}>{content}</div>
      ) : (
        <Link {...link} className={`${cardClassName} hover:bg-brand-50`}>
          {content}
        </Link>
      )}
    </li>
  )
}

/** What needs a person now: the counts every operator starts the day with, each a way in. */
export function TodayScreen({ role }: { role: OperatorRole }) {
  const { t } = useLingui()
  const { data } = useSuspenseQuery(todayQueryOptions)
  const isSupport = canActAs(role, ['support'])
  const isFinance = canActAs(role, ['finance'])
  return (
    <section aria-labelledby="today-title" className="space-y-5">
      <h1 id="today-title" className="text-2xl font-bold">
        <Trans>งานที่รอคนดูแล</Trans>
      </h1>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <Count
          icon={MessagesSquare}
          label={t`แชตที่รอตอบ`}
          value={data.conversationsAwaitingAnswer}
          link={isSupport ? { to: '/support', search: { status: 'open' } } : undefined}
        />
        <Count
          icon={Unlink}
          label={t`คอนเวอร์ชันที่จับคู่ไม่ได้`}
          value={data.unmatchedConversions}
          link={isSupport ? { to: '/conversions' } : undefined}
        />
        <Count
          icon={FileImage}
          label={t`รายการที่มีหลักฐานรอตรวจ`}
          value={data.proofsWaiting}
          link={isSupport ? { to: '/proofs' } : undefined}
        />
        <Count
          icon={Banknote}
          label={t`คำขอถอนเงินรอดำเนินการ`}
          value={data.withdrawalsRequested}
          link={isFinance ? { to: '/withdrawals', search: { status: 'requested' } } : undefined}
        />
        <Count
          icon={Clock}
          label={t`รายการซื้อที่เลยกำหนดยืนยัน`}
          value={data.overduePurchases}
          link={isSupport ? { to: '/transactions', search: { overdue: true } } : undefined}
        />
      </ul>
    </section>
  )
}
