import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useState, type SubmitEvent } from 'react'
import { cashbackStatuses, type CashbackStatus } from '#domain/contracts/cashback'
import type { ConsoleTransaction } from '#domain/ops/transactions'
import { Button, ButtonLink } from '../../../components/ui/button'
import { useConsoleFormat } from '../../lib/console-format'
import { useCashbackStatusLabel } from '../../lib/console-labels'
import { transactionListQueryOptions, type TransactionFilters } from './transactions-api'
import { moneyStateAmountClass } from '../../../components/ui/money-state'

function FilterField({
  label,
  value,
  type = 'text',
  onChange,
}: {
  label: string
  value: string
  type?: 'text' | 'date'
  onChange: (value: string) => void
}) {
  return (
    <label className="text-sm">
      <span className="mb-1 block text-ink-muted">{label}</span>
      <input
        type={type}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="h-11 rounded-xl border border-line bg-surface px-3 focus:border-brand-500 focus:outline-none"
      />
    </label>
  )
}

/** The server's rule (server/cashback isOverduePurchase), to mark rows in any list. */
function isOverdue(transaction: ConsoleTransaction, now: Date): boolean {
  return (
    (transaction.status === 'TRACKING' || transaction.status === 'PENDING') &&
    transaction.expectedAt !== null &&
    new Date(transaction.expectedAt).getTime() < now.getTime()
  )
}

/** Purchases, newest first, filtered by status, merchant, network, order date and being overdue. */
export function TransactionsScreen({ filters }: { filters: TransactionFilters }) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const format = useConsoleFormat()
  const statusLabel = useCashbackStatusLabel()
  const [draft, setDraft] = useState({
    status: filters.status ?? '',
    merchant: filters.merchant ?? '',
    network: filters.network ?? '',
    from: filters.from ?? '',
    to: filters.to ?? '',
    overdue: filters.overdue === true,
  })
  const { data } = useSuspenseQuery(transactionListQueryOptions(filters))
  const now = new Date()

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    const status = cashbackStatuses.find((value) => value === draft.status)
    void navigate({
      to: '/transactions',
      search: {
        status,
        merchant: draft.merchant.trim() || undefined,
        network: draft.network.trim() || undefined,
        from: draft.from || undefined,
        to: draft.to || undefined,
        overdue: draft.overdue || undefined,
      },
    })
  }

  return (
    <section aria-labelledby="transactions-title" className="space-y-5">
      <h1 id="transactions-title" className="text-2xl font-bold">
        <Trans>รายการซื้อ</Trans>
      </h1>
      <form onSubmit={onSubmit} aria-label={t`ตัวกรอง`} className="flex flex-wrap items-end gap-3">
        <label className="text-sm">
          <span className="mb-1 block text-ink-muted">
            <Trans>สถานะ</Trans>
          </span>
          <select
            value={draft.status}
            onChange={(event) => setDraft({ ...draft, status: event.target.value })}
            className="h-11 rounded-xl border border-line bg-surface px-3"
          >
            <option value="">{t`ทั้งหมด`}</option>
            {cashbackStatuses.map((status: CashbackStatus) => (
              <option key={status} value={status}>
                {statusLabel(status)}
              </option>
            ))}
          </select>
        </label>
        <FilterField
          label={t`รหัสร้านค้า`}
          value={draft.merchant}
          onChange={(merchant) => setDraft({ ...draft, merchant })}
        />
        <FilterField label={t`เครือข่าย`} value={draft.network} onChange={(network) => setDraft({ ...draft, network })} />
        <FilterField
          label={t`สั่งซื้อตั้งแต่`}
          type="date"
          value={draft.from}
          onChange={(from) => setDraft({ ...draft, from })}
        />
        <FilterField label={t`ถึง`} type="date" value={draft.to} onChange={(to) => setDraft({ ...draft, to })} />
        <label className="flex h-11 items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={draft.overdue}
            onChange={(event) => setDraft({ ...draft, overdue: event.target.checked })}
            className="size-5"
          />
          <Trans>เฉพาะที่เลยกำหนดยืนยัน</Trans>
        </label>
        <Button type="submit">
          <Trans>กรอง</Trans>
        </Button>
      </form>
      <table className="w-full overflow-hidden rounded-card bg-surface text-left text-sm shadow-card">
        <thead className="bg-canvas text-ink-muted">
          <tr>
            <th className="p-3">
              <Trans>สั่งซื้อเมื่อ</Trans>
            </th>
            <th className="p-3">
              <Trans>ร้านค้า</Trans>
            </th>
            <th className="p-3">
              <Trans>คำสั่งซื้อ</Trans>
            </th>
            <th className="p-3 text-right">
              <Trans>ยอดซื้อ</Trans>
            </th>
            <th className="p-3 text-right">
              <Trans>เงินคืน</Trans>
            </th>
            <th className="p-3">
              <Trans>สถานะ</Trans>
            </th>
            <th className="p-3">
              <Trans>กำหนดยืนยัน</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {data.data.map((transaction) => (
            <tr key={transaction.id} className="border-t border-line">
              <td className="p-3">{format.time(transaction.orderDate)}</td>
              <td className="p-3">{transaction.merchant.nameTh}</td>
              <td className="p-3">
                <Link
                  to="/transactions/$transactionId"
                  params={{ transactionId: transaction.id }}
                  className="font-medium text-brand-700 underline"
                >
                  {transaction.orderId}
                </Link>
              </td>
              <td className="p-3 text-right tabular-nums">{format.money(transaction.purchaseAmount)}</td>
              <td className={`p-3 text-right tabular-nums ${moneyStateAmountClass(transaction)}`}>
                {format.money(transaction.cashbackAmount)}
              </td>
              <td className="p-3">{statusLabel(transaction.status)}</td>
              <td className="p-3">
                {format.date(transaction.expectedAt)}
                {isOverdue(transaction, now) ? (
                  <span className="ml-2 rounded-full bg-danger-50 px-2 py-0.5 text-xs font-medium text-danger-700">
                    <Trans>เลยกำหนด</Trans>
                  </span>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {data.data.length === 0 ? (
        <p className="text-ink-muted">
          <Trans>ไม่มีรายการที่ตรงกับตัวกรอง</Trans>
        </p>
      ) : null}
      {data.nextBefore === null ? null : (
        <ButtonLink variant="secondary" to="/transactions" search={{ ...filters, before: data.nextBefore }}>
          <Trans>เก่ากว่า</Trans>
        </ButtonLink>
      )}
    </section>
  )
}
