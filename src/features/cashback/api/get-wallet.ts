import { queryOptions } from '@tanstack/react-query'
import { ratingDetailsSchema, walletSummarySchema } from '#domain/contracts/cashback'
import { requestJson } from '../../../lib/api-client'
import { cashbackKeys, cashbackStaleTime } from './cashback-keys'

export function walletQueryOptions(buyerId: string) {
  return queryOptions({
    queryKey: cashbackKeys.wallet(buyerId),
    staleTime: cashbackStaleTime,
    queryFn: () => requestJson(`api/buyers/${encodeURIComponent(buyerId)}/wallet`, walletSummarySchema),
  })
}

export function ratingQueryOptions(buyerId: string) {
  return queryOptions({
    queryKey: cashbackKeys.rating(buyerId),
    staleTime: cashbackStaleTime,
    queryFn: () => requestJson(`api/buyers/${encodeURIComponent(buyerId)}/rating`, ratingDetailsSchema),
  })
}
