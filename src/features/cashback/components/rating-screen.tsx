import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { ArrowDown, ArrowUp, Minus, Zap } from 'lucide-react'
import { minimumDecidedPurchasesForOneDay, type PurchaseOutcome } from '#domain/cashback/rating'
import { defaultFixedRates } from '#domain/contracts/fixed-rate'
import { formatThb } from '#domain/money'
import { ListError } from '../../../components/ui/list-error'
import { Skeleton } from '../../../components/ui/skeleton'
import { ThaiText } from '../../../components/ui/thai-text'
import { useLocale } from '../../../lib/locale'
import { fixedRatesQueryOptions } from '../../account/api/fixed-rates'
import { ratingQueryOptions } from '../api/get-wallet'
import { ratingText } from '../use-rating-text'

/** /rating: the shopper's rating, what moves it, and what the `rating` threshold unlocks (spec sections 4 and 9). */
export function RatingScreen({ buyerId }: { buyerId: string }) {
  const { t } = useLingui()
  const locale = useLocale()
  const query = useQuery(ratingQueryOptions(buyerId))
  const fixedRates = useQuery(fixedRatesQueryOptions).data ?? defaultFixedRates

  if (query.isPending) {
    return (
      <div aria-busy="true" className="space-y-4 px-4 pt-4">
        <Skeleton className="h-48 rounded-card" />
        <Skeleton className="h-56 rounded-card" />
      </div>
    )
  }
  if (query.isError) return <ListError onRetry={() => void query.refetch()} />
  const details = query.data
  const hasRating = details.decidedPurchases > 0
  const threshold = fixedRates.rating
  const purchasesNeeded = Math.max(0, minimumDecidedPurchasesForOneDay - details.decidedPurchases)
  const maxForRating = formatThb(fixedRates.maxForRating, locale)
  const maxForProof = formatThb(fixedRates.maxForProof, locale)
  const rows: { outcome: PurchaseOutcome; label: string; effect: 'up' | 'down' | 'none' }[] = [
    { outcome: 'approved', label: t`ร้านค้าอนุมัติ`, effect: 'up' },
    { outcome: 'returned', label: t`คืนสินค้าหรือถูกปฏิเสธ`, effect: 'down' },
    { outcome: 'cancelled_by_merchant', label: t`ร้านค้ายกเลิก`, effect: 'down' },
    { outcome: 'flagged', label: t`พฤติกรรมผิดเงื่อนไข`, effect: 'down' },
    { outcome: 'cancelled_by_shopper', label: t`ยกเลิกโดยคุณหรือไม่ระบุผู้ยกเลิก (ไม่นับ)`, effect: 'none' },
  ]
  const effectIcons = { up: ArrowUp, down: ArrowDown, none: Minus }
  const effectClasses = { up: 'text-brand-700', down: 'text-danger-700', none: 'text-ink-muted' }

  return (
    <div className="space-y-4 px-4 pt-4 pb-10">
      <section aria-labelledby="rating-title" className="rounded-card bg-surface p-5 text-center shadow-card">
        <h1 id="rating-title" className="text-sm text-ink-muted">
          <ThaiText>{t`เรตติ้งของคุณ`}</ThaiText>
        </h1>
        <p className={`text-5xl leading-[1.5] font-bold ${hasRating ? 'text-brand-700' : 'text-ink-muted'}`}>
          {ratingText(details)}
        </p>
        {hasRating ? null : (
          <p className="text-sm text-ink-muted">
            <ThaiText>{t`ยังไม่มีเรตติ้ง เรตติ้งเริ่มนับเมื่อร้านค้าอนุมัติหรือปฏิเสธคำสั่งซื้อแรกของคุณ`}</ThaiText>
          </p>
        )}
        <div
          role="progressbar"
          aria-label={t`เรตติ้งของคุณ`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={hasRating ? details.rating : 0}
          aria-valuetext={hasRating ? `${details.rating}%` : t`ยังไม่มีเรตติ้ง`}
          className="relative mt-3 h-3 overflow-hidden rounded-full bg-canvas"
        >
          <div className="h-full rounded-full bg-brand-500" style={{ width: `${hasRating ? details.rating : 0}%` }} />
          <div className="absolute inset-y-0 w-0.5 bg-ink" style={{ left: `${threshold}%` }} />
        </div>
        <p className="mt-1 text-right text-xs text-ink-muted">{t`เกณฑ์ ${threshold}%`}</p>
        {details.isEligibleForOneDayCashback ? (
          <p className="mt-3 flex items-center justify-center gap-2 rounded-xl bg-brand-50 px-3 py-2 font-semibold text-brand-700">
            <Zap aria-hidden="true" className="size-5" />
            <ThaiText>{t`คุณได้รับเงินคืนภายใน 1 วัน`}</ThaiText>
          </p>
        ) : (
          <p className="mt-3 rounded-xl bg-cashback-50 px-3 py-2 text-sm text-cashback-700">
            {purchasesNeeded > 0
              ? t`อีก ${purchasesNeeded} คำสั่งซื้อที่ร้านค้าตัดสินแล้ว พร้อมเรตติ้ง ${threshold}% ขึ้นไป คุณจะได้รับเงินคืนภายใน 1 วัน`
              : t`เมื่อเรตติ้งถึง ${threshold}% คุณจะได้รับเงินคืนภายใน 1 วัน`}
          </p>
        )}
      </section>

      <section aria-labelledby="rating-moves" className="rounded-card bg-surface p-4 shadow-card">
        <h2 id="rating-moves" className="font-bold">
          <ThaiText>{t`อะไรทำให้เรตติ้งเปลี่ยน`}</ThaiText>
        </h2>
        <p className="mt-1 text-sm text-ink-muted">
          <ThaiText>{t`เรตติ้งคือสัดส่วนคำสั่งซื้อที่ได้รับอนุมัติ จากคำสั่งซื้อที่ร้านค้าตัดสินแล้วทั้งหมด`}</ThaiText>
        </p>
        <ul className="mt-3 divide-y divide-line">
          {rows.map((row) => {
            const Icon = effectIcons[row.effect]
            return (
              <li key={row.outcome} className="flex min-h-touch items-center gap-3">
                <Icon aria-hidden="true" className={`size-5 shrink-0 ${effectClasses[row.effect]}`} />
                <span className="flex-1 text-sm">{row.label}</span>
                <span className="font-semibold">{details.counts[row.outcome]}</span>
              </li>
            )
          })}
        </ul>
      </section>

      <section aria-labelledby="rating-unlocks" className="rounded-card bg-surface p-4 shadow-card">
        <h2 id="rating-unlocks" className="font-bold">
          <ThaiText>{t`เรตติ้ง ${threshold}% ขึ้นไปได้อะไร`}</ThaiText>
        </h2>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-ink-muted">
          <li>
            <ThaiText>{t`เงินคืนอนุมัติภายใน 1 วันหลังร้านค้าได้รับคำสั่งซื้อ แทนการรอ 30 ถึง 120 วัน`}</ThaiText>
          </li>
          <li>
            <ThaiText>{t`ใช้ได้กับเงินคืนไม่เกิน ${maxForRating} ต่อคำสั่งซื้อ`}</ThaiText>
          </li>
          <li>
            <ThaiText>{t`เงินคืนเกิน ${maxForRating} ถึง ${maxForProof} ต่อคำสั่งซื้อ ได้ภายใน 1 วันเมื่อแนบหลักฐานการซื้อ`}</ThaiText>
          </li>
          <li>
            <ThaiText>{t`หากร้านค้าปฏิเสธภายหลัง เงินคืนที่รับไปแล้วจะถูกหักคืนจากกระเป๋าเงิน`}</ThaiText>
          </li>
        </ul>
      </section>
    </div>
  )
}
