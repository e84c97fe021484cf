import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { CalendarClock, ChevronRight } from 'lucide-react'
import type { CashbackTransaction } from '#domain/contracts/cashback'
import { formatDate } from '#domain/dates'
import { formatThb } from '#domain/money'
import { ThaiText } from '../../../components/ui/thai-text'
import { toLocaleParam, useLocale } from '../../../lib/locale'
import { CashbackAmount } from './cashback-amount'
import { TransactionActions } from './transaction-actions'
import { AppealPill } from '../../proofs/components/appeal-pill'
import { RejectionReasonNote } from './rejection-reason'
import { StatusPill, useExpectedStepText, useTransactionRateText } from './transaction-facts'

export function TransactionCard({ buyerId, transaction }: { buyerId: string; transaction: CashbackTransaction }) {
  const { t } = useLingui()
  const locale = useLocale()
  const merchantName = locale === 'th' ? transaction.merchant.nameTh : transaction.merchant.nameEn
  const rateText = useTransactionRateText(transaction)
  const expectedText = useExpectedStepText(transaction)
  const orderDate = formatDate(new Date(transaction.orderDate), locale, 'short')

  return (
    <article
      aria-labelledby={`transaction-${transaction._id}`}
      className="space-y-3 rounded-card bg-surface p-4 shadow-card"
    >
      <Link
        to="/{-$locale}/cashback/$id"
        params={{ locale: toLocaleParam(locale), id: transaction._id }}
        className="-m-1 flex items-start gap-3 rounded-xl p-1"
      >
        <img
          src={transaction.merchant.logoUrl}
          alt=""
          width={44}
          height={44}
          loading="lazy"
          className="size-11 shrink-0 rounded-xl border border-line bg-surface"
        />
        <div className="min-w-0 flex-1">
          <div className="flex items-start justify-between gap-2">
            <h3 id={`transaction-${transaction._id}`} className="truncate font-semibold">
              {merchantName}
            </h3>
            <StatusPill transaction={transaction} />
          </div>
          <p className="text-xs text-ink-muted">{t`สั่งซื้อ ${orderDate}`}</p>
        </div>
        <ChevronRight aria-hidden="true" className="mt-1 size-5 shrink-0 text-ink-muted" />
      </Link>
      <dl className="grid grid-cols-2 gap-2">
        <div className="rounded-xl bg-canvas px-3 py-2">
          <dt className="text-xs text-ink-muted">{t`ยอดซื้อ`}</dt>
          <dd className="font-semibold">{formatThb(transaction.purchaseAmount, locale)}</dd>
        </div>
        <CashbackAmount transaction={transaction} size="tile" />
      </dl>
      <p className="text-xs text-ink-muted">
        <ThaiText>{rateText}</ThaiText>
      </p>
      <RejectionReasonNote transaction={transaction} />
      <AppealPill transaction={transaction} />
      {expectedText ? (
        <p className="flex gap-2 text-sm text-ink-muted">
          <CalendarClock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <ThaiText>{expectedText}</ThaiText>
        </p>
      ) : null}
      <TransactionActions buyerId={buyerId} transaction={transaction} />
    </article>
  )
}
