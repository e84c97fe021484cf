import { useLingui } from '@lingui/react/macro'
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query'
import { PackageSearch } from 'lucide-react'
import type { ProductListRequest } from '#domain/contracts/catalogue'
import { EmptyState } from '../../../components/ui/empty-state'
import { LoadMore } from '../../../components/ui/load-more'
import { findCachedProducts, listItemsOrCachedMatches } from '../api/cached-catalogue'
import { productListQueryOptions } from '../api/get-products'
import { ListError } from '../../../components/ui/list-error'
import { OfflineListNote, OfflineSearchNote } from './offline-list-note'
import { ProductCard, ProductCardSkeleton } from './product-card'
import { useDeferredRows } from '../use-deferred-rows'

/**
 * Products for a request, two to a row, loading more as the shopper scrolls. A new request starts
 * from an empty list (spec section 7: the list is cleared first), never showing the old results.
 */
export function ProductGrid({ request }: { request: Omit<ProductListRequest, 'skip'> }) {
  const { t } = useLingui()
  const query = useInfiniteQuery(productListQueryOptions(request))
  const queryClient = useQueryClient()
  const { items: products, isSearchingCache } = listItemsOrCachedMatches(query, request.search, (search) =>
    findCachedProducts(queryClient, { search, category: request.filter?.category }),
  )
  const { rows, isDrawing, isDrawingFirstRows } = useDeferredRows(query.data)

  return (
    <>
      <OfflineListNote updatedAt={query.dataUpdatedAt} />
      {isSearchingCache ? <OfflineSearchNote /> : null}
      <ul className="mt-3 grid grid-cols-2 gap-3" aria-busy={query.isPending}>
        {isSearchingCache
          ? products.map((product) => <ProductCard key={product._id} product={product} />)
          : query.isPending || isDrawingFirstRows
            ? Array.from({ length: 6 }, (_, index) => <ProductCardSkeleton key={index} />)
            : rows.map((product) => <ProductCard key={product._id} product={product} />)}
      </ul>
      {query.isError && products.length === 0 ? <ListError onRetry={() => void query.refetch()} /> : null}
      {query.isSuccess && products.length === 0 ? (
        <EmptyState
          icon={PackageSearch}
          title={isSearchingCache ? t`ไม่พบในรายการที่บันทึกไว้ ลองค้นหาอีกครั้งเมื่อออนไลน์` : t`ขออภัย ไม่พบสินค้า`}
        />
      ) : null}
      <LoadMore
        // Not while new rows are drawn: the list on screen is shorter, and the next page would load at once.
        hasMore={query.hasNextPage && !isDrawing}
        isLoading={query.isFetchingNextPage}
        onLoadMore={() => void query.fetchNextPage()}
      />
    </>
  )
}
