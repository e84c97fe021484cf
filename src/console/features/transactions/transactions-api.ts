import { queryOptions } from '@tanstack/react-query'
import type { CashbackStatus } from '#domain/contracts/cashback'
import {
  consoleTransactionDetailSchema,
  consoleTransactionPageSchema,
  consoleTransactionSchema,
  type TransactionDecisionRequest,
} from '#domain/ops/transactions'
import { postConsoleJson, requestJson } from '../../lib/console-api'

/** The list's filters, as the address keeps them. */
export type TransactionFilters = {
  status?: CashbackStatus
  merchant?: string
  network?: string
  from?: string
  to?: string
  /** Only purchases past their expected confirmation date with no decision. */
  overdue?: boolean
  before?: string
}

export const transactionKeys = {
  all: ['console', 'transactions'] as const,
  list: (filters: TransactionFilters) => [...transactionKeys.all, 'list', filters] as const,
  detail: (transactionId: string) => [...transactionKeys.all, 'detail', transactionId] as const,
}

/** The filters that are set, as query parameters. */
function searchParamsOf({ overdue, ...filters }: TransactionFilters): Record<string, string> {
  const params = Object.fromEntries(
    Object.entries(filters).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
    ),
  )
  return overdue === true ? { ...params, overdue: 'true' } : params
}

export function transactionListQueryOptions(filters: TransactionFilters) {
  return queryOptions({
    queryKey: transactionKeys.list(filters),
    queryFn: () =>
      requestJson('api/ops/transactions', consoleTransactionPageSchema, { searchParams: searchParamsOf(filters) }),
  })
}

export function transactionQueryOptions(transactionId: string) {
  return queryOptions({
    queryKey: transactionKeys.detail(transactionId),
    queryFn: () => requestJson(`api/ops/transactions/${transactionId}`, consoleTransactionDetailSchema),
  })
}

export function decideTransaction(transactionId: string, request: TransactionDecisionRequest, actionKey: string) {
  return postConsoleJson(`api/ops/transactions/${transactionId}/decision`, consoleTransactionSchema, request, actionKey)
}
