import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { ReceiptText } from 'lucide-react'
import { formatDate } from '#domain/dates'
import { formatThb } from '#domain/money'
import type { SupportAttachedTransaction } from '#domain/support/chat'
import { ThaiText } from '../../../components/ui/thai-text'
import { toLocaleParam, useLocale } from '../../../lib/locale'
import { StatusPill } from '../../cashback/components/transaction-facts'

/**
 * A purchase attached to a message, as the agent sees it too: the merchant, the order, its date,
 * status and cashback. It opens the purchase when `canOpen` (a suspended shopper's purchases are
 * closed to them).
 */
export function AttachedPurchase({
  transaction,
  canOpen,
}: {
  transaction: SupportAttachedTransaction
  canOpen: boolean
}) {
  const { t } = useLingui()
  const locale = useLocale()
  const merchantName = locale === 'th' ? transaction.merchantNameTh : transaction.merchantNameEn
  const orderDate = formatDate(new Date(transaction.orderDate), locale, 'short')
  const cashback = formatThb(transaction.cashbackAmount, locale)
  const orderId = transaction.orderId
  const content = (
    <>
      <ReceiptText aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
      <span className="min-w-0 flex-1">
        {/* Named by what it shows (a link's name must hold its visible text), after what it is. */}
        <span className="sr-only">{t`รายการสั่งซื้อที่แนบ:`} </span>
        <span className="flex items-start justify-between gap-2">
          <span className="truncate font-semibold">{merchantName}</span>
          <StatusPill transaction={{ status: transaction.status, archived: false }} />
        </span>
        <span className="block truncate text-xs text-ink-muted">
          <ThaiText>{t`คำสั่งซื้อ ${orderId}`}</ThaiText>
        </span>
        <span className="block text-xs text-ink-muted">
          {t`สั่งซื้อ ${orderDate}`} · <ThaiText>{t`เงินคืน ${cashback}`}</ThaiText>
        </span>
      </span>
    </>
  )
  const className = 'flex min-h-touch w-full min-w-56 gap-2.5 rounded-xl bg-surface p-2.5 text-left text-sm text-ink'
  return canOpen ? (
    <Link
      to="/{-$locale}/cashback/$id"
      params={{ locale: toLocaleParam(locale), id: transaction.id }}
      className={`${className} border border-line hover:bg-canvas`}
    >
      {content}
    </Link>
  ) : (
    <div role="group" className={`${className} border border-line`}>
      {content}
    </div>
  )
}
