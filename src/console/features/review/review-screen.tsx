import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { ConsoleBuyerForReview } from '#domain/ops/review'
import { useConsoleFormat } from '../../lib/console-format'
import { reviewListQueryOptions } from './review-api'

/** Why the rule lists a buyer, with the figure behind it. */
function useReasonText() {
  const { t } = useLingui()
  const format = useConsoleFormat()
  return (buyer: ConsoleBuyerForReview, reason: ConsoleBuyerForReview['reasons'][number]): string => {
    switch (reason) {
      case 'negative_balance': {
        const balance = format.money(buyer.balance)
        const since = format.date(buyer.negativeBalanceSince)
        return t`ยอดในกระเป๋าติดลบ ${balance} ตั้งแต่ ${since}`
      }
      case 'frequent_cancellations': {
        const count = buyer.recentCancellations
        return t`ยกเลิกบ่อย: ${count} รายการในช่วงที่กำหนด`
      }
      case 'fraud_flag': {
        const at = format.date(buyer.latestFraudFlagAt)
        return t`มีรายการถูกปฏิเสธเพราะพฤติกรรมผิดปกติ ล่าสุด ${at}`
      }
    }
  }
}

/**
 * Buyers the review rule puts before a person (a wallet long below zero, frequent cancellations,
 * a fraud flag). The rule only lists them: the operator opens the buyer and decides.
 */
export function ReviewScreen() {
  const { data } = useSuspenseQuery(reviewListQueryOptions)
  const reasonText = useReasonText()
  return (
    <section aria-labelledby="review-title" className="space-y-5">
      <div>
        <h1 id="review-title" className="text-2xl font-bold">
          <Trans>ผู้ซื้อที่ต้องตรวจสอบ</Trans>
        </h1>
        <p className="text-sm text-ink-muted">
          <Trans>ระบบแสดงรายชื่อตามกฎเท่านั้น เปิดหน้าผู้ซื้อเพื่อดูประวัติและตัดสินใจว่าจะระงับบัญชีหรือไม่</Trans>
        </p>
      </div>
      {data.data.length === 0 ? (
        <p>
          <Trans>ไม่มีผู้ซื้อที่ต้องตรวจสอบ</Trans>
        </p>
      ) : (
        <ul className="divide-y divide-line rounded-card bg-surface shadow-card">
          {data.data.map((buyer) => (
            <li key={buyer.buyerId} className="space-y-1 p-4">
              <Link
                to="/buyers/$buyerId"
                params={{ buyerId: buyer.buyerId }}
                className="font-semibold text-brand-700 underline"
              >
                {buyer.name ?? buyer.email ?? buyer.phone ?? buyer.buyerId}
              </Link>
              <span className="ml-2 text-sm text-ink-muted">{buyer.email ?? buyer.phone}</span>
              <ul className="list-disc pl-5 text-sm">
                {buyer.reasons.map((reason) => (
                  <li key={reason}>{reasonText(buyer, reason)}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
