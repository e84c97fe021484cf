import { useLingui } from '@lingui/react/macro'
import type { WalletSummary } from '#domain/contracts/cashback'
import { formatMonth } from '#domain/dates'
import { formatThb } from '#domain/money'
import { ChartColumn } from 'lucide-react'
import { EmptyState } from '../../../components/ui/empty-state'
import { ThaiText } from '../../../components/ui/thai-text'
import { useLocale } from '../../../lib/locale'
import { FindAShopLink } from '../../catalogue/components/find-a-shop-link'

/**
 * Cashback per month as bars (negative months, from late rejections, hang below the line). Drawn
 * with divs rather than a chart library: twelve bars do not justify the bytes. Screen readers get
 * the same numbers as a table.
 */
export function CashbackChart({ monthly }: { monthly: WalletSummary['monthly'] }) {
  const { t } = useLingui()
  const locale = useLocale()
  const largest = Math.max(1, ...monthly.map((month) => Math.abs(month.cashback)))
  const hasNegative = monthly.some((month) => month.cashback < 0)
  const isEmpty = monthly.every((month) => month.cashback === 0)
  const total = formatThb(
    monthly.reduce((sum, month) => sum + month.cashback, 0),
    locale,
  )

  return (
    <section aria-labelledby="cashback-chart" className="rounded-card bg-surface p-4 shadow-card">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="cashback-chart" className="font-bold">
          <ThaiText>{t`เงินคืนรายเดือน`}</ThaiText>
        </h2>
        {isEmpty ? null : <p className="text-sm text-ink-muted">{t`12 เดือน: ${total}`}</p>}
      </div>
      {isEmpty ? (
        <EmptyState icon={ChartColumn} title={t`ยังไม่มีเงินคืนเข้ากระเป๋า`}>
          <p>
            <ThaiText>{t`เมื่อคุณกดรับเงินคืนรายการแรก ยอดของแต่ละเดือนจะแสดงที่นี่`}</ThaiText>
          </p>
          <FindAShopLink className="mt-4" />
        </EmptyState>
      ) : (
        <div aria-hidden="true" className={`mt-4 flex items-stretch gap-1 ${hasNegative ? 'h-40' : 'h-32'}`}>
          {monthly.map((month) => {
            const share = Math.abs(month.cashback) / largest
            return (
              <div key={month.month} className="flex flex-1 flex-col items-center gap-1">
                <div className={`flex w-full flex-col justify-end ${hasNegative ? 'h-1/2' : 'flex-1'}`}>
                  {month.cashback > 0 ? (
                    <div
                      className="w-full rounded-t-md bg-brand-500"
                      style={{ height: `${Math.max(4, share * 100)}%` }}
                    />
                  ) : null}
                </div>
                {hasNegative ? (
                  <div className="flex h-1/2 w-full flex-col justify-start">
                    {month.cashback < 0 ? (
                      <div
                        className="w-full rounded-b-md bg-danger-600"
                        style={{ height: `${Math.max(4, share * 100)}%` }}
                      />
                    ) : null}
                  </div>
                ) : null}
                <span className="text-[0.625rem] leading-[1.6] text-ink-muted">{formatMonth(month.month, locale)}</span>
              </div>
            )
          })}
        </div>
      )}
      <table className="sr-only">
        <caption>
          <ThaiText>{t`เงินคืนรายเดือน`}</ThaiText>
        </caption>
        <thead>
          <tr>
            <th scope="col">{t`เดือน`}</th>
            <th scope="col">{t({ message: 'เงินคืน', context: 'cashback, not the brand' })}</th>
          </tr>
        </thead>
        <tbody>
          {monthly.map((month) => (
            <tr key={month.month}>
              <th scope="row">{formatMonth(month.month, locale, { withYear: true })}</th>
              <td>{formatThb(month.cashback, locale)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}
