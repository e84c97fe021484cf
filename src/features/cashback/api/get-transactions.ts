import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import {
  acceptAtOnceLimit,
  cashbackTabFilters,
  cashbackTransactionDefaultLimit,
  cashbackTransactionDetailSchema,
  cashbackTransactionListResponseSchema,
  cashbackTransactionSchema,
  type CashbackTab,
} from '#domain/contracts/cashback'
import * as v from 'valibot'
import { requestJson } from '../../../lib/api-client'
import { cashbackKeys, cashbackStaleTime } from './cashback-keys'

/** The list asks for every field, so each item is a whole transaction; the contract allows a subset. */
const fullListResponseSchema = v.object({
  ...cashbackTransactionListResponseSchema.entries,
  data: v.array(cashbackTransactionSchema),
})

function transactionsPath(buyerId: string) {
  return `api/cashback/${encodeURIComponent(buyerId)}/transactions`
}

/** One tab of /cashback, 12 at a time, newest first. */
export function transactionListQueryOptions(buyerId: string, tab: CashbackTab) {
  return infiniteQueryOptions({
    queryKey: cashbackKeys.list(buyerId, tab),
    staleTime: cashbackStaleTime,
    queryFn: ({ pageParam }) =>
      requestJson(transactionsPath(buyerId), fullListResponseSchema, {
        searchParams: {
          filter: JSON.stringify(cashbackTabFilters[tab]),
          limit: String(cashbackTransactionDefaultLimit),
          skip: String(pageParam),
        },
      }),
    initialPageParam: 0,
    getNextPageParam: (lastPage, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.data.length, 0)
      return lastPage.data.length > 0 && loaded < lastPage.total ? loaded : undefined
    },
  })
}

/** The newest purchases of every status, for the member home's recent activity. */
export function recentTransactionsQueryOptions(buyerId: string) {
  return queryOptions({
    queryKey: cashbackKeys.recent(buyerId),
    staleTime: cashbackStaleTime,
    queryFn: () => requestJson(transactionsPath(buyerId), fullListResponseSchema, { searchParams: { limit: '3' } }),
  })
}

/**
 * The newest approved cashback still waiting for the shopper's Accept, and how many wait: the
 * member home shows these with their buttons. Asked of the server by filter, not picked from the
 * approved tab, whose first page may be all accepted purchases not yet archived.
 */
export function toAcceptQueryOptions(buyerId: string) {
  return queryOptions({
    queryKey: cashbackKeys.toAccept(buyerId),
    staleTime: cashbackStaleTime,
    // As many as one "accept all" takes: the home's first few and the button's total share one request.
    queryFn: () =>
      requestJson(transactionsPath(buyerId), fullListResponseSchema, {
        searchParams: {
          filter: JSON.stringify({ status: 'APPROVED', accepted: false }),
          limit: String(acceptAtOnceLimit),
        },
      }),
  })
}

export function transactionQueryOptions(buyerId: string, transactionId: string) {
  return queryOptions({
    queryKey: cashbackKeys.detail(buyerId, transactionId),
    staleTime: cashbackStaleTime,
    queryFn: () =>
      requestJson(`${transactionsPath(buyerId)}/${encodeURIComponent(transactionId)}`, cashbackTransactionDetailSchema),
  })
}
