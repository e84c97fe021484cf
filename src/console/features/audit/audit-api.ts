import { infiniteQueryOptions } from '@tanstack/react-query'
import { auditPageSchema, type AuditSubjectType } from '#domain/ops/audit'
import { requestJson } from '../../lib/console-api'

export type AuditFilters = { search: string; subjectType: AuditSubjectType | ''; actor: string }

export const auditKeys = {
  all: ['console', 'audit'] as const,
  list: (filters: AuditFilters) => [...auditKeys.all, 'list', filters] as const,
}

function auditPath(filters: AuditFilters, before: number | null): string {
  const query = new URLSearchParams({ limit: '50' })
  if (filters.search.trim() !== '') query.set('search', filters.search.trim())
  if (filters.subjectType !== '') query.set('subjectType', filters.subjectType)
  if (filters.actor.trim() !== '') query.set('actor', filters.actor.trim())
  if (before !== null) query.set('before', String(before))
  return `api/ops/audit?${query.toString()}`
}

export const auditQueryOptions = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: auditKeys.list(filters),
    queryFn: ({ pageParam }) => requestJson(auditPath(filters, pageParam), auditPageSchema),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.nextBefore,
  })
