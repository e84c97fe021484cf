import { useMutation, useQueryClient } from '@tanstack/react-query'
import {
  acceptCashbackResponseSchema,
  cashbackActionResponseSchema,
  idempotencyKeyHeader,
} from '#domain/contracts/cashback'
import { isApiError, requestJson } from '../../../lib/api-client'
import { accountKeys } from '../../account/api/account-keys'
import type { TransactionAction } from '../transaction-rules'
import { cashbackKeys } from './cashback-keys'

/**
 * Accept (take approved cashback into the wallet) or archive (claim) a transaction. Each tap gets
 * its own idempotency key; a second tap that races the first is refused by the state machine
 * (`already_accepted`, `already_archived`), which means the shopper got what they asked for, so
 * it counts as done. Either way the wallet, the badge count and the lists are read again.
 */
export function useTransactionAction(buyerId: string) {
  const refreshMoney = useRefreshMoney(buyerId)
  return useMutation({
    mutationFn: async ({ transactionId, action }: { transactionId: string; action: TransactionAction }) => {
      const path = `api/cashback/${encodeURIComponent(buyerId)}/transactions/${encodeURIComponent(transactionId)}/${action}`
      try {
        return await requestJson(path, cashbackActionResponseSchema, {
          method: 'post',
          headers: { [idempotencyKeyHeader]: crypto.randomUUID() },
        })
      } catch (error) {
        const isAlreadyDone =
          (action === 'accept' && isApiError(error, 'already_accepted')) ||
          (action === 'archive' && isApiError(error, 'already_archived'))
        if (isAlreadyDone) return undefined
        throw error
      }
    },
    onSettled: refreshMoney,
  })
}

/**
 * "Accept all": the approved cashback the shopper was shown, into the wallet in one request (all
 * or none; one accepted meanwhile is simply left out of the answer). One key per tap.
 */
export function useAcceptAll(buyerId: string) {
  const refreshMoney = useRefreshMoney(buyerId)
  return useMutation({
    mutationFn: (transactionIds: string[]) =>
      requestJson(`api/cashback/${encodeURIComponent(buyerId)}/transactions/accept`, acceptCashbackResponseSchema, {
        method: 'post',
        headers: { [idempotencyKeyHeader]: crypto.randomUUID() },
        json: { transactionIds },
      }),
    onSettled: refreshMoney,
  })
}

/** After money moved (or may have): the wallet, the badge count and the lists are read again. */
function useRefreshMoney(buyerId: string) {
  const queryClient = useQueryClient()
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: cashbackKeys.all(buyerId) }),
      queryClient.invalidateQueries({ queryKey: accountKeys.balance(buyerId) }),
      queryClient.invalidateQueries({ queryKey: accountKeys.buyer(buyerId) }),
      queryClient.invalidateQueries({ queryKey: accountKeys.unacceptedCount(buyerId) }),
    ])
  }
}
