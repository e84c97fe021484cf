/** Under the account prefix, so a sign-out removes them with the rest of the buyer's data. */
export const notificationKeys = {
  all: (buyerId: string) => ['account', 'notifications', buyerId] as const,
  list: (buyerId: string) => [...notificationKeys.all(buyerId), 'list'] as const,
  settings: (buyerId: string) => [...notificationKeys.all(buyerId), 'settings'] as const,
}

export function notificationsPath(buyerId: string, rest: string): string {
  return `api/buyers/${encodeURIComponent(buyerId)}/${rest}`
}
