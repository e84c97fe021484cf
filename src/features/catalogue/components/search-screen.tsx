import { useLingui } from '@lingui/react/macro'
import { useInfiniteQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Search, SearchX } from 'lucide-react'
import { useCallback } from 'react'
import { EmptyState } from '../../../components/ui/empty-state'
import { SearchField } from '../../../components/ui/search-field'
import { ThaiText } from '../../../components/ui/thai-text'
import { toLocaleParam, useLocale } from '../../../lib/locale'
import { useSearchInput } from '../../../lib/use-search-input'
import { merchantListQueryOptions } from '../api/get-merchants'
import { productListQueryOptions } from '../api/get-products'
import { mergePagesById } from '../api/list-pages'
import { MerchantRow, MerchantRowSkeleton } from './merchant-row'
import { ProductGrid } from './product-grid'

const merchantPreviewCount = 4

/** One search over merchants and products. */
export function SearchScreen({ search, onSearchChange }: { search: string; onSearchChange: (search: string) => void }) {
  const { t } = useLingui()
  const commitSearch = useCallback((value: string) => onSearchChange(value), [onSearchChange])
  const [searchText, setSearchText] = useSearchInput(search, commitSearch)

  return (
    <div className="px-4 pt-4 pb-10">
      <h1 className="sr-only">{t`ค้นหา`}</h1>
      <SearchField
        label={t`ค้นหาร้านค้าและสินค้า`}
        placeholder={t`ค้นหาร้านค้าและสินค้า`}
        value={searchText}
        onValueChange={setSearchText}
        // The shopper came here by tapping the search field: typing is what this screen is for.
        // eslint-disable-next-line jsx-a11y-x/no-autofocus
        autoFocus
      />
      {search ? <SearchResults search={search} /> : <EmptyState icon={Search} title={t`พิมพ์ชื่อร้านค้าหรือสินค้าที่อยากช้อป`} />}
    </div>
  )
}

/**
 * Only the sections that found something: a search that finds products only shows products, not
 * a block saying no merchant was found above them. Both lists are asked for with the server's
 * default order for a search, relevance. Offline, the products section stays: it searches what
 * the phone saved (ProductGrid).
 */
function SearchResults({ search }: { search: string }) {
  const { t } = useLingui()
  // The very queries MerchantResults and ProductGrid make: one request each, shared.
  const merchantQuery = useInfiniteQuery(merchantListQueryOptions({ search, limit: merchantPreviewCount }))
  const productQuery = useInfiniteQuery(productListQueryOptions({ search }))
  const hasNoMerchants = !merchantQuery.isPending && (merchantQuery.data?.pages[0]?.total ?? 0) === 0
  const hasNoProducts = productQuery.isSuccess && (productQuery.data.pages[0]?.total ?? 0) === 0

  if (hasNoMerchants && hasNoProducts) {
    return (
      <EmptyState icon={SearchX} title={t`ขออภัย ไม่พบร้านค้าหรือสินค้าที่ตรงกับ “${search}”`}>
        {t`ลองคำอื่นหรือคำที่สั้นลง`}
      </EmptyState>
    )
  }
  return (
    <>
      {hasNoMerchants ? null : <MerchantResults search={search} />}
      {hasNoProducts ? null : (
        <section aria-labelledby="product-results" className="mt-6">
          <h2 id="product-results" className="mb-3 font-bold">
            {t`สินค้า`}
          </h2>
          <ProductGrid request={{ search }} />
        </section>
      )}
    </>
  )
}

function MerchantResults({ search }: { search: string }) {
  const { t } = useLingui()
  const locale = useLocale()
  const query = useInfiniteQuery(merchantListQueryOptions({ search, limit: merchantPreviewCount }))
  const merchants = mergePagesById(query.data).slice(0, merchantPreviewCount)
  const total = query.data?.pages[0]?.total ?? 0

  return (
    <section aria-labelledby="merchant-results" className="mt-5">
      <div className="mb-3 flex items-center justify-between">
        <h2 id="merchant-results" className="font-bold">
          <ThaiText>{t`ร้านค้า`}</ThaiText>
        </h2>
        {total > merchantPreviewCount ? (
          <Link
            to="/{-$locale}/merchants"
            params={{ locale: toLocaleParam(locale) }}
            search={{ search }}
            className="inline-flex min-h-touch items-center text-sm font-semibold text-brand-700"
          >
            {t`ดูทั้งหมด (${total})`}
          </Link>
        ) : null}
      </div>
      <ul className="space-y-3">
        {query.isPending
          ? Array.from({ length: 2 }, (_, index) => <MerchantRowSkeleton key={index} />)
          : merchants.map((merchant) => <MerchantRow key={merchant._id} merchant={merchant} />)}
      </ul>
    </section>
  )
}
