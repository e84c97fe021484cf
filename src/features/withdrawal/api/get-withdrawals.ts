import { queryOptions } from '@tanstack/react-query'
import { withdrawalListResponseSchema, withdrawalSchema } from '#domain/contracts/withdrawal'
import { requestJson } from '../../../lib/api-client'
import { withdrawalKeys } from './withdrawal-keys'

export function withdrawalsPath(buyerId: string): string {
  return `api/wallet/${encodeURIComponent(buyerId)}/withdrawals`
}

/** The history of /withdrawal (the latest 50; money screens always ask the server again). */
export function withdrawalListQueryOptions(buyerId: string) {
  return queryOptions({
    queryKey: withdrawalKeys.list(buyerId),
    queryFn: () =>
      requestJson(withdrawalsPath(buyerId), withdrawalListResponseSchema, { searchParams: { limit: '50' } }),
    staleTime: 0,
  })
}

export function withdrawalQueryOptions(buyerId: string, withdrawalId: string) {
  return queryOptions({
    queryKey: withdrawalKeys.detail(buyerId, withdrawalId),
    queryFn: () => requestJson(`${withdrawalsPath(buyerId)}/${encodeURIComponent(withdrawalId)}`, withdrawalSchema),
    staleTime: 0,
  })
}
