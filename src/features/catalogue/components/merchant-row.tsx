import { memo } from 'react'
import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { Crown } from 'lucide-react'
import type { Merchant } from '#domain/contracts/catalogue'
import { Skeleton } from '../../../components/ui/skeleton'
import { toLocaleParam, useLocale } from '../../../lib/locale'
import { CashbackBadge } from '../../../components/ui/cashback-badge'
import { useCategoryLabels } from './category-labels'
import { MerchantLogo } from './merchant-logo'

/**
 * One merchant in a list: logo, name, category and cashback, linking to its page. Memoized: a list
 * one step behind its query (use-deferred-rows.ts) would otherwise draw its old rows again.
 */
export const MerchantRow = memo(function MerchantRow({ merchant }: { merchant: Merchant }) {
  const { t } = useLingui()
  const locale = useLocale()
  const categoryLabels = useCategoryLabels()
  return (
    <li>
      <Link
        to="/{-$locale}/merchants/$id"
        params={{ locale: toLocaleParam(locale), id: merchant._id }}
        className="flex min-h-touch items-center gap-3 rounded-card bg-surface p-3 shadow-card active:bg-brand-50"
      >
        <MerchantLogo merchant={merchant} size={56} />
        <div className="min-w-0 flex-1">
          <p className="flex items-center gap-1.5 font-semibold text-ink">
            <span className="truncate">{merchant.name[locale]}</span>
            {merchant.topRank !== null ? (
              <Crown aria-label={t`ร้านค้ายอดนิยม`} className="size-4 shrink-0 text-cashback-500" />
            ) : null}
          </p>
          <p className="truncate text-xs text-ink-muted">{categoryLabels[merchant.categoryId]}</p>
          <div className="mt-1">
            <CashbackBadge cashback={merchant.cashback} />
          </div>
        </div>
      </Link>
    </li>
  )
})

export function MerchantRowSkeleton() {
  return (
    <li className="flex items-center gap-3 rounded-card bg-surface p-3 shadow-card">
      <Skeleton className="size-14 rounded-xl" />
      <div className="flex-1 space-y-2">
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="h-3 w-1/3" />
        <Skeleton className="h-5 w-1/2 rounded-full" />
      </div>
    </li>
  )
}
