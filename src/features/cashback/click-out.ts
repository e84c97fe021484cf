import type { Locale } from '#domain/locale'

/**
 * The tracked link of spec section 1: `/go/{merchantId}` records the click and sends the shopper on,
 * to the product's page, or to `page` (a pasted page of the shop's own site: paste-a-link).
 */
export function trackedLinkPath(
  merchantId: string,
  productId: string | undefined,
  locale: Locale,
  page?: string,
): string {
  const search = new URLSearchParams()
  if (productId !== undefined) search.set('product', productId)
  else if (page !== undefined) search.set('page', page)
  if (locale === 'en') search.set('locale', 'en')
  const query = search.toString()
  return `/go/${encodeURIComponent(merchantId)}${query === '' ? '' : `?${query}`}`
}
