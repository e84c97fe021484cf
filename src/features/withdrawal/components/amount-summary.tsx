import { useLingui } from '@lingui/react/macro'
import type { FixedRates } from '#domain/contracts/fixed-rate'
import type { WithdrawalTarget } from '#domain/contracts/withdrawal'
import { formatThb } from '#domain/money'
import { formatBasisPoints } from '#domain/rates'
import { computeExchangePoints, computeWithdrawalFee } from '#domain/wallet/withdrawal-rules'
import { ThaiText } from '../../../components/ui/thai-text'
import { useLocale } from '../../../lib/locale'

/** The fee and what arrives, shown before the shopper confirms (product notes, complaint 6). */
export function AmountSummary({
  target,
  amount,
  rates,
}: {
  target: WithdrawalTarget
  amount: number | undefined
  rates: FixedRates
}) {
  const { t } = useLingui()
  const locale = useLocale()
  const value = amount ?? 0
  if (target === 'points') {
    const points = computeExchangePoints(value, rates).toLocaleString(locale === 'th' ? 'th-TH' : 'en-US')
    return (
      <p aria-live="polite" className="rounded-xl bg-brand-50 px-3 py-2 text-sm text-brand-700">
        {t`คุณจะได้รับ ${points} คะแนน`}
      </p>
    )
  }
  const feeRate = formatBasisPoints(rates.withdrawalFee, locale)
  const fee = computeWithdrawalFee(target, value, rates)
  const feeText = formatThb(fee, locale, { alwaysShowSatang: true })
  const netText = formatThb(value - fee, locale, { alwaysShowSatang: true })
  return (
    <dl aria-live="polite" className="space-y-1 rounded-xl bg-canvas p-3 text-sm">
      <div className="flex justify-between">
        <dt className="text-ink-muted">
          <ThaiText>{t`ค่าธรรมเนียมระบบ ${feeRate}`}</ThaiText>
        </dt>
        <dd>{feeText}</dd>
      </div>
      <div className="flex justify-between font-semibold">
        <dt>{t`ยอดที่จะได้รับ`}</dt>
        <dd>{netText}</dd>
      </div>
    </dl>
  )
}
