import { createFileRoute } from '@tanstack/react-router'
import { useCallback } from 'react'
import { MerchantListScreen } from '../../../features/catalogue/components/merchant-list-screen'
import { merchantListSearchSchema, type MerchantListSearch } from '../../../features/catalogue/list-search'

export const Route = createFileRoute('/{-$locale}/merchants/')({
  validateSearch: merchantListSearchSchema,
  component: MerchantsRoute,
})

function MerchantsRoute() {
  const filters = Route.useSearch()
  const navigate = Route.useNavigate()
  const changeFilters = useCallback(
    (next: MerchantListSearch, options: { replace: boolean }) =>
      void navigate({ search: next, replace: options.replace }),
    [navigate],
  )
  return <MerchantListScreen filters={filters} onFiltersChange={changeFilters} />
}
