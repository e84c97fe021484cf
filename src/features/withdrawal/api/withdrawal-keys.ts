/** Under the account prefix, so a sign-out removes them with the rest of the buyer's data. */
export const withdrawalKeys = {
  all: (buyerId: string) => ['account', 'withdrawals', buyerId] as const,
  list: (buyerId: string) => [...withdrawalKeys.all(buyerId), 'list'] as const,
  detail: (buyerId: string, withdrawalId: string) => [...withdrawalKeys.all(buyerId), 'detail', withdrawalId] as const,
  payoutAccounts: (buyerId: string) => [...withdrawalKeys.all(buyerId), 'payout-accounts'] as const,
  /** The same for every shopper, so not the buyer's data: a sign-out keeps it. */
  bankHolidays: () => ['withdrawal', 'bank-holidays'] as const,
}
