import { useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import type { ConsoleTransaction } from '#domain/ops/transactions'
import { useConsoleFormat } from '../lib/console-format'
import { moneyStateAmountClass } from '../../components/ui/money-state'

/** A record's facts as label and value rows, two columns (a panel's body). */
export function FactList({ children }: { children: ReactNode }) {
  return <dl className="grid grid-cols-2 gap-2 text-sm">{children}</dl>
}

/** One row of a `FactList`; `isFigure` lines the digits of an amount up. */
export function Fact({
  label,
  isFigure = false,
  children,
}: {
  label: string
  isFigure?: boolean
  children: ReactNode
}) {
  return (
    <>
      <dt className="text-ink-muted">{label}</dt>
      {/* An email address or an id has no place to break: it wraps anywhere rather than overflow. */}
      <dd className={`min-w-0 [overflow-wrap:anywhere] ${isFigure ? 'tabular-nums' : ''}`}>{children}</dd>
    </>
  )
}

/** A fact standing on its own in a grid of them (a wallet's figures, a withdrawal's details). */
export function FactTile({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs text-ink-muted">{label}</dt>
      <dd className="font-semibold break-all tabular-nums">{value}</dd>
    </div>
  )
}

/** What every page about a purchase shows of it: when it was ordered, for how much, and the cashback. */
export function PurchaseFigures({ transaction }: { transaction: ConsoleTransaction }) {
  const { t } = useLingui()
  const format = useConsoleFormat()
  return (
    <>
      <Fact label={t`สั่งซื้อเมื่อ`}>{format.time(transaction.orderDate)}</Fact>
      <Fact label={t`ยอดซื้อ`} isFigure>
        {format.money(transaction.purchaseAmount)}
      </Fact>
      <Fact label={t`เงินคืน`} isFigure>
        <span className={moneyStateAmountClass(transaction)}>{format.money(transaction.cashbackAmount)}</span>
      </Fact>
    </>
  )
}
