import { useLingui } from '@lingui/react/macro'
import { useCallback } from 'react'
import { resolveListSort, type ProductSort } from '#domain/contracts/catalogue'
import type { MerchantCategoryId } from '#domain/categories'
import { SearchField } from '../../../components/ui/search-field'
import { SelectField } from '../../../components/ui/select-field'
import { useLocale } from '../../../lib/locale'
import { useSearchInput } from '../../../lib/use-search-input'
import type { ProductListSearch } from '../list-search'
import { CategoryChips } from './category-chips'
import { ProductGrid } from './product-grid'
import { useProductSortOptions } from './sort-options'

export function ProductListScreen({
  filters,
  onFiltersChange,
}: {
  filters: ProductListSearch
  onFiltersChange: (filters: ProductListSearch, options: { replace: boolean }) => void
}) {
  const { t } = useLingui()
  const locale = useLocale()
  const sortOptions = useProductSortOptions(Boolean(filters.search))
  const sort = resolveListSort(filters.sort, filters.search)
  const commitSearch = useCallback(
    (search: string) => onFiltersChange({ ...filters, search: search || undefined }, { replace: true }),
    [filters, onFiltersChange],
  )
  const [searchText, setSearchText] = useSearchInput(filters.search ?? '', commitSearch)

  return (
    <div className="px-4 pt-4 pb-10">
      <h1 className="text-2xl font-bold">{t`ค้นหาและเปรียบเทียบสินค้า`}</h1>
      <div className="mt-3 space-y-3">
        <SearchField
          label={t`ค้นหาสินค้า`}
          placeholder={t`ค้นหาสินค้า เช่น รองเท้าวิ่ง`}
          value={searchText}
          onValueChange={setSearchText}
        />
        <CategoryChips
          selected={filters.category}
          onSelect={(category: MerchantCategoryId | undefined) =>
            onFiltersChange({ ...filters, category }, { replace: false })
          }
        />
        <div className="flex justify-end">
          <SelectField
            label={t`เรียงตาม`}
            value={sort}
            options={sortOptions}
            onValueChange={(next: ProductSort) => onFiltersChange({ ...filters, sort: next }, { replace: false })}
          />
        </div>
      </div>
      <div className="mt-4">
        <ProductGrid
          request={{
            search: filters.search,
            sort,
            filter: filters.category ? { category: filters.category } : undefined,
            locale,
          }}
        />
      </div>
    </div>
  )
}
