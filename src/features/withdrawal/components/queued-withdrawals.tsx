import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { CloudUpload, Pencil, TriangleAlert } from 'lucide-react'
import type { FixedRates } from '#domain/contracts/fixed-rate'
import { formatThb } from '#domain/money'
import { OutboxItemActions } from '../../../components/ui/outbox-item-actions'
import { useOutboxItems } from '../../../lib/outbox'
import { toLocaleParam, useLocale } from '../../../lib/locale'
import { isQueuedWithdrawal, type QueuedWithdrawal } from '../api/withdrawal-outbox'
import { useTargetLabels, useWithdrawalRefusalMessage } from './withdrawal-messages'

/**
 * What waits on this phone: withdrawals confirmed offline ("waiting to send", cancellable until
 * sent) and ones the server refused, with the reason and a way to edit, retry or discard them.
 */
export function QueuedWithdrawals({ buyerId, rates }: { buyerId: string; rates: FixedRates }) {
  const { t } = useLingui()
  const items = useOutboxItems()
    .filter(isQueuedWithdrawal)
    .filter((item) => item.buyerId === buyerId)
  if (items.length === 0) return null
  return (
    <section aria-labelledby="queued-withdrawals" className="space-y-2 rounded-card bg-surface p-4 shadow-card">
      <h2 id="queued-withdrawals" className="flex items-center gap-2 font-bold">
        <CloudUpload aria-hidden="true" className="size-5 text-brand-700" />
        {t`รอส่งจากเครื่องนี้`}
      </h2>
      <ul className="divide-y divide-line">
        {items.map((item) => (
          <QueuedWithdrawalRow key={item.id} item={item} rates={rates} />
        ))}
      </ul>
    </section>
  )
}

function QueuedWithdrawalRow({ item, rates }: { item: QueuedWithdrawal; rates: FixedRates }) {
  const { t } = useLingui()
  const locale = useLocale()
  const targetLabels = useTargetLabels()
  const refusalMessage = useWithdrawalRefusalMessage(rates)
  const amount = formatThb(item.payload.amount, locale, { alwaysShowSatang: true })
  const target = targetLabels[item.payload.target]
  const editRoute =
    item.payload.target === 'truemoney' ? '/{-$locale}/withdraw-truemoney' : '/{-$locale}/withdraw-bank-promptpay'

  return (
    <li aria-label={t`${target} จำนวน ${amount}`} className="space-y-2 py-3">
      <div className="flex items-center justify-between gap-2">
        <span className="font-medium">{t`${target} จำนวน ${amount}`}</span>
        <span
          className={`rounded-full px-2.5 text-xs font-semibold ${
            item.state === 'refused' ? 'bg-danger-50 text-danger-700' : 'bg-cashback-50 text-cashback-700'
          }`}
        >
          {item.state === 'refused' ? t`ส่งไม่สำเร็จ` : item.state === 'sending' ? t`กำลังส่ง` : t`รอส่ง`}
        </span>
      </div>
      {item.state === 'refused' && item.refusal ? (
        <p role="alert" className="flex gap-2 text-sm text-danger-700">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {refusalMessage(item.refusal.code, item.refusal.numbers)}
        </p>
      ) : item.state === 'waiting' ? (
        <p className="text-sm text-ink-muted">{t`จะส่งให้อัตโนมัติเมื่อกลับมาออนไลน์`}</p>
      ) : null}
      <OutboxItemActions item={item} discardLabel={item.state === 'refused' ? t`ทิ้งรายการนี้` : t`ยกเลิกรายการนี้`}>
        {item.state === 'refused' && item.payload.target !== 'points' ? (
          <Link
            to={editRoute}
            params={{ locale: toLocaleParam(locale) }}
            search={{ edit: item.id }}
            className="inline-flex min-h-touch items-center gap-1.5 rounded-full border border-line px-4 text-sm font-medium"
          >
            <Pencil aria-hidden="true" className="size-4" />
            {t`แก้ไข`}
          </Link>
        ) : null}
      </OutboxItemActions>
    </li>
  )
}
