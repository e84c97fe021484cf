/**
 * Push-style re-engagement links carry `?page=<name>[&sub_page_id=<id>]` (spec section 2).
 * This is the whole table; the paths are locale-free and get the current locale's prefix.
 */
export const pageRedirects = {
  Merchants: () => '/merchants',
  MerchantDetail: (subPageId?: string) => (subPageId ? `/merchants/${subPageId}` : '/merchants'),
  Promotions: () => '/promotions',
  Profiles: () => '/profile',
  Cashbacks: () => '/cashback',
  CashbackDetail: (subPageId?: string) => (subPageId ? `/cashback/${subPageId}` : '/cashback'),
  Wallet: () => '/wallet',
  Withdrawal: () => '/withdrawal',
} as const satisfies Record<string, (subPageId?: string) => string>

export type RedirectPage = keyof typeof pageRedirects

/** The locale-free target of a `?page=` link, or `undefined` for a value not in the table. */
export function pageRedirectTarget(page: string, subPageId?: string): string | undefined {
  if (!Object.hasOwn(pageRedirects, page)) return undefined
  const cleanSubPageId = subPageId?.trim() ? encodeURIComponent(subPageId.trim()) : undefined
  return pageRedirects[page as RedirectPage](cleanSubPageId)
}
