import { useLingui } from '@lingui/react/macro'
import type { CashbackTransaction } from '#domain/contracts/cashback'
import { formatDate } from '#domain/dates'
import { useCashbackText } from '../../../components/ui/cashback-text'
import { useLocale } from '../../../lib/locale'
import { statusToneClasses, useCashbackStatusLabels } from './cashback-labels'

export function StatusPill({ transaction }: { transaction: Pick<CashbackTransaction, 'status' | 'archived'> }) {
  const { t } = useLingui()
  const labels = useCashbackStatusLabels()
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full px-2.5 text-xs font-semibold ${statusToneClasses[transaction.status]}`}
    >
      {transaction.archived ? t`เก็บถาวร` : labels[transaction.status]}
    </span>
  )
}

/** "Up to 5%" or "flat 2% (max ฿50 per order)": the rate as it applied to this purchase. */
export function useTransactionRateText(transaction: CashbackTransaction): string {
  const { rate, cap } = useCashbackText({
    kind: transaction.cashbackKind,
    rateBasisPoints: transaction.rateBasisPoints,
    maxPerOrder: transaction.maxPerOrder,
  })
  return cap === undefined ? rate : `${rate} · ${cap}`
}

/**
 * The next step and when it is due, or that it is overdue (a missed date is the shopper's cue to
 * ask support, product notes complaint 2).
 */
export function useExpectedStepText(transaction: CashbackTransaction, now: Date = new Date()): string | undefined {
  const { t } = useLingui()
  const locale = useLocale()
  if (transaction.status === 'APPROVED' && !transaction.accepted) return t`กด “รับเงินคืน” เพื่อโอนเข้ากระเป๋าเงิน`
  if (transaction.expectedAt === null) return undefined
  const expectedAt = new Date(transaction.expectedAt)
  const date = formatDate(expectedAt, locale)
  if (expectedAt.getTime() < now.getTime()) {
    return t`ช้ากว่าที่คาดไว้ (${date}) ส่งหลักฐานการสั่งซื้อหรือทักแชทให้เราช่วยติดตามได้`
  }
  if (transaction.status === 'TRACKING') return t`คาดว่าจะแสดงเป็นรอดำเนินการภายใน ${date}`
  if (transaction.releasePath === 'one_day') return t`เงินคืนภายใน 1 วันจากเรตติ้งของคุณ: คาดว่าจะอนุมัติ ${date}`
  if (transaction.releasePath === 'one_day_with_proof') {
    return transaction.appealStatus === 'approved'
      ? t`เงินคืนภายใน 1 วันจากหลักฐานของคุณ: คาดว่าจะอนุมัติ ${date}`
      : t`คาดว่าร้านค้าจะยืนยันภายใน ${date} หรือภายใน 1 วันเมื่อส่งหลักฐานการสั่งซื้อ`
  }
  return t`คาดว่าร้านค้าจะยืนยันภายใน ${date}`
}
