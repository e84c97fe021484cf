import type { Cashback } from '#domain/contracts/catalogue'
import { useCashbackText } from './cashback-text'

/** The cashback rate as a badge, with the cap per order under it when there is one. */
export function CashbackBadge({ cashback, size = 'small' }: { cashback: Cashback; size?: 'small' | 'large' }) {
  const { rate, cap } = useCashbackText(cashback)
  return (
    <span className="inline-flex flex-col items-start">
      <span
        className={`rounded-full bg-cashback-50 font-semibold text-cashback-700 ${size === 'large' ? 'px-3 py-1 text-lg' : 'px-2 text-sm'}`}
      >
        {rate}
      </span>
      {cap ? <span className="mt-0.5 px-1 text-xs text-ink-muted">{cap}</span> : null}
    </span>
  )
}
