import { queryOptions } from '@tanstack/react-query'
import { consoleBuyerDetailSchema, consoleBuyerPageSchema, consoleBuyerSchema } from '#domain/ops/buyers'
import { postConsoleJson, requestJson } from '../../lib/console-api'

export const buyerPageSize = 20

export const buyerKeys = {
  all: ['console', 'buyers'] as const,
  list: (search: { q: string; offset: number }) => [...buyerKeys.all, 'list', search] as const,
  detail: (buyerId: string) => [...buyerKeys.all, 'detail', buyerId] as const,
}

export function buyerSearchQueryOptions(search: { q: string; offset: number }) {
  return queryOptions({
    queryKey: buyerKeys.list(search),
    queryFn: () =>
      requestJson('api/ops/buyers', consoleBuyerPageSchema, {
        searchParams: { q: search.q, limit: buyerPageSize, offset: search.offset },
      }),
  })
}

export function buyerQueryOptions(buyerId: string) {
  return queryOptions({
    queryKey: buyerKeys.detail(buyerId),
    queryFn: () => requestJson(`api/ops/buyers/${buyerId}`, consoleBuyerDetailSchema),
  })
}

export function changeBuyerStatus(buyerId: string, action: 'suspend' | 'reinstate', reason: string, actionKey: string) {
  return postConsoleJson(`api/ops/buyers/${buyerId}/${action}`, consoleBuyerSchema, { reason }, actionKey)
}
