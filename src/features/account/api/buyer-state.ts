import { queryOptions } from '@tanstack/react-query'
import { balanceSyncResponseSchema, buyerSchema } from '#domain/contracts/buyer'
import { transactionCountSchema, unacceptedCountSearchParams } from '#domain/contracts/cashback-basics'
import { requestJson } from '../../../lib/api-client'
import { accountKeys } from './account-keys'

/** Spec section 7: `GET /api/buyers/{buyerId}`. */
export function buyerQueryOptions(buyerId: string) {
  return queryOptions({
    queryKey: accountKeys.buyer(buyerId),
    queryFn: () => requestJson(`api/buyers/${encodeURIComponent(buyerId)}`, buyerSchema),
  })
}

/** Spec section 7: `GET /api/buyers/{buyerId}/sync/balance?currency=THB` → `{ rating, balance }`. */
export function balanceQueryOptions(buyerId: string) {
  return queryOptions({
    queryKey: accountKeys.balance(buyerId),
    queryFn: () =>
      requestJson(`api/buyers/${encodeURIComponent(buyerId)}/sync/balance`, balanceSyncResponseSchema, {
        searchParams: { currency: 'THB' },
      }),
  })
}

/** Spec section 7: the count of approved cashback the buyer has not accepted yet. */
export function unacceptedCountQueryOptions(buyerId: string) {
  return queryOptions({
    queryKey: accountKeys.unacceptedCount(buyerId),
    queryFn: async () =>
      (
        await requestJson(`api/cashback/${encodeURIComponent(buyerId)}/transactions`, transactionCountSchema, {
          searchParams: unacceptedCountSearchParams,
        })
      ).total,
  })
}
