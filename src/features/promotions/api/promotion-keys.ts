import type { QueryClient } from '@tanstack/react-query'
import { accountKeys } from '../../account/api/account-keys'
import { cashbackKeys } from '../../cashback/api/cashback-keys'

/**
 * Query keys of the shopper's promotions and referral. Under the account prefix, so a sign-out
 * (`accountKeys.all` removal) takes them too; invalidate by `promotionKeys.all(buyerId)`.
 */
export const promotionKeys = {
  all: (buyerId: string) => ['account', 'promotions', buyerId] as const,
  snapshot: (buyerId: string) => [...promotionKeys.all(buyerId), 'snapshot'] as const,
  referral: (buyerId: string) => [...promotionKeys.all(buyerId), 'referral'] as const,
}

/**
 * A campaign's state rests on the wallet balance and on what the server recorded a moment ago (a
 * debit may have ended Special Cashback): asked again every time a screen mounts, the saved copy
 * showing meanwhile and offline.
 */
export const promotionStaleTime = 0

/** A join may move money (premium's price) and changes every campaign's state: read them again. */
export async function invalidateWalletAndPromotions(queryClient: QueryClient, buyerId: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: promotionKeys.all(buyerId) }),
    queryClient.invalidateQueries({ queryKey: cashbackKeys.wallet(buyerId) }),
    queryClient.invalidateQueries({ queryKey: accountKeys.balance(buyerId) }),
  ])
}
