import { createFileRoute } from '@tanstack/react-router'
import { useCallback } from 'react'
import * as v from 'valibot'
import { SupportScreen } from '../../features/help/components/support-screen'

/** `?q=`: the FAQ search, so a search is shareable and the back button restores it. */
const supportSearchSchema = v.object({
  q: v.optional(v.fallback(v.pipe(v.string(), v.trim(), v.maxLength(100)), '')),
})

export const Route = createFileRoute('/{-$locale}/support')({
  validateSearch: supportSearchSchema,
  component: SupportRoute,
})

function SupportRoute() {
  const { q } = Route.useSearch()
  const navigate = Route.useNavigate()
  const changeSearch = useCallback(
    (search: string) => void navigate({ search: { q: search || undefined }, replace: true }),
    [navigate],
  )
  return <SupportScreen search={q ?? ''} onSearchChange={changeSearch} />
}
