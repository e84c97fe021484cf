import { plural } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query'
import { Store } from 'lucide-react'
import { useCallback } from 'react'
import { resolveListSort, type MerchantSort } from '#domain/contracts/catalogue'
import type { MerchantCategoryId } from '#domain/categories'
import { Button } from '../../../components/ui/button'
import { EmptyState } from '../../../components/ui/empty-state'
import { LoadMore } from '../../../components/ui/load-more'
import { SearchField } from '../../../components/ui/search-field'
import { SelectField } from '../../../components/ui/select-field'
import { useLocale } from '../../../lib/locale'
import { useSearchInput } from '../../../lib/use-search-input'
import { merchantListQueryOptions } from '../api/get-merchants'
import { findCachedMerchants, listItemsOrCachedMatches } from '../api/cached-catalogue'
import type { MerchantListSearch } from '../list-search'
import { CategoryChips } from './category-chips'
import { useCategoryLabels } from './category-labels'
import { ListError } from '../../../components/ui/list-error'
import { ThaiText } from '../../../components/ui/thai-text'
import { MerchantRow, MerchantRowSkeleton } from './merchant-row'
import { OfflineListNote, OfflineSearchNote } from './offline-list-note'
import { useMerchantSortOptions } from './sort-options'
import { useDeferredRows } from '../use-deferred-rows'

export function MerchantListScreen({
  filters,
  onFiltersChange,
}: {
  filters: MerchantListSearch
  /** `replace` for typing (one history entry per search), push for a deliberate choice. */
  onFiltersChange: (filters: MerchantListSearch, options: { replace: boolean }) => void
}) {
  const { t } = useLingui()
  const locale = useLocale()
  const sortOptions = useMerchantSortOptions(Boolean(filters.search))
  const sort = resolveListSort(filters.sort, filters.search)
  const categoryLabels = useCategoryLabels()

  const commitSearch = useCallback(
    (search: string) => onFiltersChange({ ...filters, search: search || undefined }, { replace: true }),
    [filters, onFiltersChange],
  )
  const [searchText, setSearchText] = useSearchInput(filters.search ?? '', commitSearch)

  const query = useInfiniteQuery(
    merchantListQueryOptions({
      search: filters.search,
      sort,
      filter: filters.category ? { category: filters.category } : undefined,
      locale,
    }),
  )
  const queryClient = useQueryClient()
  const { items: merchants, isSearchingCache } = listItemsOrCachedMatches(query, filters.search, (search) =>
    findCachedMerchants(queryClient, { search, category: filters.category }),
  )
  const { rows, total, isDrawing, isDrawingFirstRows } = useDeferredRows(query.data)

  return (
    <div className="px-4 pt-4 pb-10">
      {/* A chosen category names the page, so the filter reads as the title and not only as a chip. */}
      <h1 className="text-2xl font-bold">
        <ThaiText>{filters.category === undefined ? t`ร้านค้าพาร์ทเนอร์` : categoryLabels[filters.category]}</ThaiText>
      </h1>
      <div className="mt-3 space-y-3">
        <SearchField label={t`ค้นหาร้านค้า`} placeholder={t`ค้นหาร้านค้า`} value={searchText} onValueChange={setSearchText} />
        <CategoryChips
          selected={filters.category}
          onSelect={(category: MerchantCategoryId | undefined) =>
            onFiltersChange({ ...filters, category }, { replace: false })
          }
        />
        <div className="flex items-center justify-between gap-3">
          <p className="text-sm text-ink-muted" aria-live="polite">
            {total === undefined ? '' : plural(total, { other: '# ร้านค้า' })}
          </p>
          <SelectField
            label={t`เรียงตาม`}
            value={sort}
            options={sortOptions}
            onValueChange={(next: MerchantSort) => onFiltersChange({ ...filters, sort: next }, { replace: false })}
          />
        </div>
      </div>

      <OfflineListNote updatedAt={query.dataUpdatedAt} />
      {isSearchingCache ? (
        <div className="mt-4">
          <OfflineSearchNote />
        </div>
      ) : null}
      <ul className="mt-4 space-y-3" aria-busy={query.isPending}>
        {isSearchingCache
          ? merchants.map((merchant) => <MerchantRow key={merchant._id} merchant={merchant} />)
          : query.isPending || isDrawingFirstRows
            ? Array.from({ length: 6 }, (_, index) => <MerchantRowSkeleton key={index} />)
            : rows.map((merchant) => <MerchantRow key={merchant._id} merchant={merchant} />)}
      </ul>

      {query.isError && merchants.length === 0 ? <ListError onRetry={() => void query.refetch()} /> : null}
      {query.isSuccess && merchants.length === 0 ? (
        <EmptyState
          icon={Store}
          title={isSearchingCache ? t`ไม่พบในรายการที่บันทึกไว้ ลองค้นหาอีกครั้งเมื่อออนไลน์` : t`ขออภัย ไม่พบร้านค้า`}
        >
          {filters.search || filters.category ? (
            <>
              <p>
                <ThaiText>{t`ลองคำค้นอื่น หรือดูร้านค้าพาร์ทเนอร์ทั้งหมด`}</ThaiText>
              </p>
              <Button
                variant="secondary"
                className="mt-4"
                onClick={() => {
                  setSearchText('')
                  onFiltersChange({}, { replace: false })
                }}
              >
                <ThaiText>{t`ดูร้านค้าทั้งหมด`}</ThaiText>
              </Button>
            </>
          ) : null}
        </EmptyState>
      ) : null}
      <LoadMore
        // Not while new rows are drawn: the list on screen is shorter, and the next page would load at once.
        hasMore={query.hasNextPage && !isDrawing}
        isLoading={query.isFetchingNextPage}
        onLoadMore={() => void query.fetchNextPage()}
      />
    </div>
  )
}
