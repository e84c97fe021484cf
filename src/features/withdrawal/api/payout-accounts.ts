import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { idempotencyKeyHeader } from '#domain/contracts/cashback'
import { payoutAccountListResponseSchema, payoutAccountSchema } from '#domain/contracts/payout-account'
import type { PayoutAccountDetails } from '#domain/contracts/withdrawal'
import { requestJson } from '../../../lib/api-client'
import { withdrawalKeys } from './withdrawal-keys'

function payoutAccountsPath(buyerId: string): string {
  return `api/wallet/${encodeURIComponent(buyerId)}/payout-accounts`
}

/** The shopper's saved payout accounts (one per method, masked), so the form need not ask again. */
export function payoutAccountListQueryOptions(buyerId: string) {
  return queryOptions({
    queryKey: withdrawalKeys.payoutAccounts(buyerId),
    queryFn: () => requestJson(payoutAccountsPath(buyerId), payoutAccountListResponseSchema),
    // Another device may have changed one: a money screen asks again each time it opens.
    staleTime: 0,
  })
}

/**
 * Saves a new or changed payout account (docs/decisions/024). Not queued offline: the waiting
 * period starts when the server has it, and the shopper is told then from when it can be used.
 * Sent again after no answer with the same `idempotencyKey`, it is answered as the first time and
 * changes nothing since (an account saved meanwhile on another device stays).
 */
export function useSavePayoutAccount(buyerId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ details, idempotencyKey }: { details: PayoutAccountDetails; idempotencyKey: string }) =>
      requestJson(payoutAccountsPath(buyerId), payoutAccountSchema, {
        method: 'post',
        json: details,
        headers: { [idempotencyKeyHeader]: idempotencyKey },
      }),
    onSuccess: async (account) => {
      // The form shows the new account at once, not the one it replaced until the list is back.
      queryClient.setQueryData(payoutAccountListQueryOptions(buyerId).queryKey, (list) => ({
        data: [...(list?.data ?? []).filter((saved) => saved.target !== account.target), account],
      }))
      await queryClient.invalidateQueries({ queryKey: withdrawalKeys.payoutAccounts(buyerId) })
    },
  })
}
