import { queryOptions } from '@tanstack/react-query'
import { consoleTodaySchema } from '#domain/ops/operator'
import { requestJson } from '../../lib/console-api'

export const todayKeys = { all: ['console', 'today'] as const }

export const todayQueryOptions = queryOptions({
  queryKey: todayKeys.all,
  queryFn: () => requestJson('api/ops/today', consoleTodaySchema),
  // Other operators clear these all day; the first screen is worth keeping fresh.
  refetchInterval: 60_000,
})
