import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { ChevronRight, Landmark, Smartphone, Wallet, type LucideIcon } from 'lucide-react'
import { formatThb } from '#domain/money'
import { ThaiText } from '../../../components/ui/thai-text'
import { toLocaleParam, useLocale } from '../../../lib/locale'
import { useWithdrawalContext } from '../use-withdrawal-context'
import { usePayoutPromise } from './payout-promise'
import { PointsExchange } from './points-exchange'
import { QueuedWithdrawals } from './queued-withdrawals'
import { WithdrawalHistory } from './withdrawal-history'

/** /withdrawal: the balance, where the money can go, what waits on this phone, and the history. */
export function WithdrawalScreen({ buyerId }: { buyerId: string }) {
  const { t } = useLingui()
  const locale = useLocale()
  const { balance, rates } = useWithdrawalContext(buyerId)
  // The same promise as the form and the review sheet: a 1-day cashback member sees theirs.
  const bankDays = usePayoutPromise(buyerId, 'bank').businessDays
  const trueMoneyDays = usePayoutPromise(buyerId, 'truemoney').businessDays
  const balanceText = balance === undefined ? '…' : formatThb(balance, locale, { alwaysShowSatang: true })
  const targets: {
    to: '/{-$locale}/withdraw-bank-promptpay' | '/{-$locale}/withdraw-truemoney'
    label: string
    detail: string
    icon: LucideIcon
  }[] = [
    {
      to: '/{-$locale}/withdraw-bank-promptpay',
      label: t`บัญชีธนาคารหรือพร้อมเพย์`,
      detail: t`KBank, BBL, SCB, BAY หรือพร้อมเพย์ · โอนถึงภายใน ${bankDays} วันทำการ`,
      icon: Landmark,
    },
    {
      to: '/{-$locale}/withdraw-truemoney',
      label: t`ทรูมันนี่ วอลเล็ท`,
      detail: t`เข้าวอลเล็ทภายใน ${trueMoneyDays} วันทำการ`,
      icon: Smartphone,
    },
  ]

  return (
    <div className="space-y-4 px-4 pt-4 pb-10">
      <h1 className="text-xl font-bold">{t`ถอนเงินและแลกคะแนน`}</h1>
      <section aria-labelledby="withdrawal-balance" className="rounded-card bg-brand-700 p-5 text-white shadow-card">
        <p id="withdrawal-balance" className="flex items-center gap-2 text-sm text-brand-100">
          <Wallet aria-hidden="true" className="size-4" />
          {t`ยอดเงินที่ถอนได้`}
        </p>
        <p className="mt-1 text-3xl font-bold">{balanceText}</p>
      </section>

      <QueuedWithdrawals buyerId={buyerId} rates={rates} />

      <nav aria-label={t`ช่องทางรับเงิน`} className="space-y-2">
        {targets.map((target) => (
          <Link
            key={target.to}
            to={target.to}
            params={{ locale: toLocaleParam(locale) }}
            className="flex min-h-touch items-center gap-3 rounded-card bg-surface p-4 shadow-card"
          >
            <target.icon aria-hidden="true" className="size-6 shrink-0 text-brand-700" />
            <span className="flex-1">
              <span className="block font-semibold">
                <ThaiText>{target.label}</ThaiText>
              </span>
              <span className="block text-xs text-ink-muted">
                <ThaiText>{target.detail}</ThaiText>
              </span>
            </span>
            <ChevronRight aria-hidden="true" className="size-5 text-ink-muted" />
          </Link>
        ))}
      </nav>

      <PointsExchange buyerId={buyerId} />
      <WithdrawalHistory buyerId={buyerId} />
    </div>
  )
}
