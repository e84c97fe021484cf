import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Banknote, Clock, FileImage, Unlink } from 'lucide-react'
import type { LucideIcon } from 'lucide-react'
import { todayQueryOptions } from './today-api'

function Count({ icon: Icon, label, value }: { icon: LucideIcon; label: string; value: number }) {
  return (
    <li className="flex items-center gap-4 rounded-card bg-surface p-5 shadow-card">
      <Icon aria-hidden="true" className={`size-8 ${value > 0 ? 'text-cashback-600' : 'text-ink-muted'}`} />
      <div>
        <p className="text-3xl font-bold tabular-nums">{value.toLocaleString()}</p>
        <p className="text-sm text-ink-muted">{label}</p>
      </div>
    </li>
  )
}

/** What needs a person now: the counts every operator starts the day with. */
export function TodayScreen() {
  const { t } = useLingui()
  const { data } = useSuspenseQuery(todayQueryOptions)
  return (
    <section aria-labelledby="today-title" className="space-y-5">
      <h1 id="today-title" className="text-2xl font-bold">
        <Trans>งานที่รอคนดูแล</Trans>
      </h1>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <Count icon={Unlink} label={t`คอนเวอร์ชันที่จับคู่ไม่ได้`} value={data.unmatchedConversions} />
        <Count icon={FileImage} label={t`รายการที่มีหลักฐานรอตรวจ`} value={data.proofsWaiting} />
        <Count icon={Banknote} label={t`คำขอถอนเงินรอดำเนินการ`} value={data.withdrawalsRequested} />
        <Count icon={Clock} label={t`รายการซื้อที่เลยกำหนดยืนยัน`} value={data.overduePurchases} />
      </ul>
    </section>
  )
}
