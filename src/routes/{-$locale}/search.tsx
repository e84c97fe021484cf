import { createFileRoute } from '@tanstack/react-router'
import { useCallback } from 'react'
import { SearchScreen } from '../../features/catalogue/components/search-screen'
import { catalogueSearchSchema } from '../../features/catalogue/list-search'

export const Route = createFileRoute('/{-$locale}/search')({
  validateSearch: catalogueSearchSchema,
  component: SearchRoute,
})

function SearchRoute() {
  const { q } = Route.useSearch()
  const navigate = Route.useNavigate()
  const changeSearch = useCallback(
    (search: string) => void navigate({ search: { q: search || undefined }, replace: true }),
    [navigate],
  )
  return <SearchScreen search={q ?? ''} onSearchChange={changeSearch} />
}
