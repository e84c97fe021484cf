import { queryOptions } from '@tanstack/react-query'
import { statusResponseSchema } from '#domain/contracts/status'
import { requestJson } from '../../../lib/api-client'

export const appStatusKeys = {
  all: ['app-status'] as const,
}

/** Whether the service is up; the API answers 503 `maintenance` while it is being maintained. */
export const appStatusQueryOptions = queryOptions({
  queryKey: appStatusKeys.all,
  queryFn: () => requestJson('api/status', statusResponseSchema),
  staleTime: 30_000,
  // A remembered "up" must not hide maintenance, and a remembered failure must not show it.
  meta: { persist: false },
})
