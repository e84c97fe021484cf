import type { Locale } from '#domain/locale'

/** The tracked link of spec section 1: `/go/{merchantId}` records the click and sends the shopper on. */
export function trackedLinkPath(merchantId: string, productId: string | undefined, locale: Locale): string {
  const search = new URLSearchParams()
  if (productId !== undefined) search.set('product', productId)
  if (locale === 'en') search.set('locale', 'en')
  const query = search.toString()
  return `/go/${encodeURIComponent(merchantId)}${query === '' ? '' : `?${query}`}`
}
