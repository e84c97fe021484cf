import type { CashbackTab } from '#domain/contracts/cashback'

/**
 * Query keys of the shopper's cashback. Everything sits under the account prefix's buyer so a
 * sign-out (`accountKeys.all` removal) takes it too; invalidate by `cashbackKeys.all(buyerId)`.
 */
export const cashbackKeys = {
  all: (buyerId: string) => ['account', 'cashback', buyerId] as const,
  list: (buyerId: string, tab: CashbackTab) => [...cashbackKeys.all(buyerId), 'list', tab] as const,
  recent: (buyerId: string) => [...cashbackKeys.all(buyerId), 'recent'] as const,
  toAccept: (buyerId: string) => [...cashbackKeys.all(buyerId), 'to-accept'] as const,
  detail: (buyerId: string, transactionId: string) => [...cashbackKeys.all(buyerId), 'detail', transactionId] as const,
  wallet: (buyerId: string) => [...cashbackKeys.all(buyerId), 'wallet'] as const,
  rating: (buyerId: string) => [...cashbackKeys.all(buyerId), 'rating'] as const,
}

/**
 * Money on screen is asked for again every time a screen mounts (the saved copy shows at once,
 * then the server's answer replaces it): a network or an operator may have moved it meanwhile,
 * and a wallet that is a minute behind is not honest about money.
 */
export const cashbackStaleTime = 0
