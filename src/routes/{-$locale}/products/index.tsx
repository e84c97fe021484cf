import { createFileRoute } from '@tanstack/react-router'
import { useCallback } from 'react'
import { ProductListScreen } from '../../../features/catalogue/components/product-list-screen'
import { productListSearchSchema, type ProductListSearch } from '../../../features/catalogue/list-search'

export const Route = createFileRoute('/{-$locale}/products/')({
  validateSearch: productListSearchSchema,
  component: ProductsRoute,
})

function ProductsRoute() {
  const filters = Route.useSearch()
  const navigate = Route.useNavigate()
  const changeFilters = useCallback(
    (next: ProductListSearch, options: { replace: boolean }) =>
      void navigate({ search: next, replace: options.replace }),
    [navigate],
  )
  return <ProductListScreen filters={filters} onFiltersChange={changeFilters} />
}
