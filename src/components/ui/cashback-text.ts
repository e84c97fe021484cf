import { useLingui } from '@lingui/react/macro'
import type { Cashback } from '#domain/contracts/catalogue-basics'
import { formatThb } from '#domain/money'
import { formatBasisPoints } from '#domain/rates'
import { useLocale } from '../../lib/locale'

/**
 * "Up to 5% cashback" or "2% cashback", and the cap per order when there is one. Apart from the
 * badge (cashback-badge.tsx) that lists and detail pages draw: the home page's top merchants show
 * the rate alone, and their first load carries no badge.
 */
export function useCashbackText(cashback: Cashback): { rate: string; cap: string | undefined } {
  const { t } = useLingui()
  const locale = useLocale()
  const percent = formatBasisPoints(cashback.rateBasisPoints, locale)
  const rate = cashback.kind === 'up-to' ? t`เงินคืนสูงสุด ${percent}` : t`เงินคืน ${percent}`
  const maximum = cashback.maxPerOrder === null ? undefined : formatThb(cashback.maxPerOrder, locale)
  return { rate, cap: maximum === undefined ? undefined : t`สูงสุด ${maximum} ต่อออเดอร์` }
}
