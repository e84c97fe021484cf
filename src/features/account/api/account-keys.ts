/** Query keys of the signed-in shopper's state; invalidate by prefix (`accountKeys.all`). */
export const accountKeys = {
  all: ['account'] as const,
  session: () => [...accountKeys.all, 'session'] as const,
  buyer: (buyerId: string) => [...accountKeys.all, 'buyer', buyerId] as const,
  balance: (buyerId: string) => [...accountKeys.all, 'balance', buyerId] as const,
  unacceptedCount: (buyerId: string) => [...accountKeys.all, 'unaccepted-count', buyerId] as const,
  profile: (buyerId: string) => [...accountKeys.all, 'profile', buyerId] as const,
  fixedRates: () => [...accountKeys.all, 'fixed-rates'] as const,
}
