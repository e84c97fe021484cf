import { useLingui } from '@lingui/react/macro'
import type { Cashback } from '#domain/contracts/catalogue'
import { formatThb } from '#domain/money'
import { formatBasisPoints } from '#domain/rates'
import { useLocale } from '../../lib/locale'

/** "Up to 5% cashback" or "2% cashback", and the cap per order when there is one. */
export function useCashbackText(cashback: Cashback): { rate: string; cap: string | undefined } {
  const { t } = useLingui()
  const locale = useLocale()
  const percent = formatBasisPoints(cashback.rateBasisPoints, locale)
  const rate = cashback.kind === 'up-to' ? t`เงินคืนสูงสุด ${percent}` : t`เงินคืน ${percent}`
  const maximum = cashback.maxPerOrder === null ? undefined : formatThb(cashback.maxPerOrder, locale)
  return { rate, cap: maximum === undefined ? undefined : t`สูงสุด ${maximum} ต่อออเดอร์` }
}

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
