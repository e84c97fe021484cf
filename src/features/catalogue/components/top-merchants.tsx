import { useLingui } from '@lingui/react/macro'
import { useInfiniteQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Skeleton } from '../../../components/ui/skeleton'
import { toLocaleParam, useLocale } from '../../../lib/locale'
import { merchantListQueryOptions } from '../api/get-merchants'
import { mergePagesById } from '../api/list-pages'
import { useCashbackText } from '../../../components/ui/cashback-text'
import { ThaiText } from '../../../components/ui/thai-text'
import { MerchantLogo } from './merchant-logo'
import type { Merchant } from '#domain/contracts/catalogue'
import { memo } from 'react'
import { useDeferredRows } from '../use-deferred-rows'

const topMerchantCount = 10

/** The top merchants, a row that scrolls sideways on the home screen. */
export function TopMerchants() {
  const { t } = useLingui()
  const locale = useLocale()
  const query = useInfiniteQuery(
    merchantListQueryOptions({ filter: { top: true }, sort: 'popular', limit: topMerchantCount }),
  )
  const merchants = mergePagesById(query.data).slice(0, topMerchantCount)
  const { rows, isDrawingFirstRows } = useDeferredRows(query.data)
  if (query.isError || (query.isSuccess && merchants.length === 0)) return null

  return (
    <section aria-labelledby="top-merchants">
      <div className="mb-2 flex items-center justify-between">
        <h2 id="top-merchants" className="text-lg font-bold">
          <ThaiText>{t`ร้านค้ายอดนิยม`}</ThaiText>
        </h2>
        <Link
          to="/{-$locale}/merchants"
          params={{ locale: toLocaleParam(locale) }}
          className="inline-flex min-h-touch items-center text-sm font-semibold text-brand-700"
        >
          {t`ดูทั้งหมด`}
        </Link>
      </div>
      <ul className="-mx-4 flex [scrollbar-width:none] gap-3 overflow-x-auto px-4 pb-2">
        {query.isPending || isDrawingFirstRows
          ? Array.from({ length: 4 }, (_, index) => (
              <li key={index} className="w-28 shrink-0 rounded-card bg-surface p-3 shadow-card">
                {/* The tile's exact height (logo, a text-sm line, two text-xs lines): nothing below moves when merchants arrive. */}
                <Skeleton className="mx-auto size-14 rounded-xl" />
                <Skeleton className="mt-2 h-[1.4rem] w-full" />
                <div className="h-[2.4rem] pt-1">
                  <Skeleton className="mx-auto h-4 w-2/3" />
                </div>
              </li>
            ))
          : rows
              .slice(0, topMerchantCount)
              .map((merchant) => <TopMerchantTile key={merchant._id} merchant={merchant} />)}
      </ul>
    </section>
  )
}

const TopMerchantTile = memo(function TopMerchantTile({ merchant }: { merchant: Merchant }) {
  const locale = useLocale()
  const { rate } = useCashbackText(merchant.cashback)
  return (
    <li className="w-28 shrink-0">
      <Link
        to="/{-$locale}/merchants/$id"
        params={{ locale: toLocaleParam(locale), id: merchant._id }}
        className="flex h-full flex-col items-center rounded-card bg-surface p-3 text-center shadow-card active:bg-brand-50"
      >
        <MerchantLogo merchant={merchant} size={56} />
        <span className="mt-2 line-clamp-1 text-sm font-semibold">{merchant.name[locale]}</span>
        {/* Two lines whatever the rate's length, so every tile (and its skeleton) is as tall. */}
        <span className="line-clamp-2 h-[2.4rem] text-xs font-semibold text-cashback-700">{rate}</span>
      </Link>
    </li>
  )
})
