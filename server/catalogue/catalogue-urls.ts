/** Same-origin media paths served by `media-routes.ts`; they are derived, not stored. */
export function merchantLogoUrl(merchantId: string): string {
  return `/media/merchants/${merchantId}/logo.svg`
}

export function productImageUrl(productId: string): string {
  return `/media/products/${productId}/picture.svg`
}

/**
 * The demo networks' feeds name the demo storefront by this made-up origin (feeds carry absolute
 * addresses); every server serves that storefront itself under `/demo-store`, whatever its host.
 * `.test` is reserved (RFC 2606): the name can never reach a real shop.
 */
export const demoStoreOrigin = 'https://demo-store.ngernkhuen.test'
const demoStorePath = '/demo-store'

/** A demo merchant's shop: its site and the network's tracking link both lead there. */
export function demoStoreUrl(merchantId: string): string {
  return `${demoStoreOrigin}/${merchantId}`
}

/** A demo product's page, by the merchant's own item id (as real shops' links carry their SKU). */
export function demoProductLink(merchantId: string, itemId: string): string {
  return `${demoStoreOrigin}/${merchantId}/products/${encodeURIComponent(itemId)}`
}

/** A demo product's picture: drawn for its type, tinted with its colour (`plain` when it has none). */
export function demoPictureUrl(typeKey: string, colour: string | undefined): string {
  return `${demoStoreOrigin}/pictures/${typeKey}/${colour ?? 'plain'}.svg`
}

/**
 * A demo storefront address as a path on this server (`https://demo-store.ngernkhuen.test/x?y`
 * → `/demo-store/x?y`); any other address unchanged.
 */
export function onThisServer(url: string): string {
  if (!url.startsWith(`${demoStoreOrigin}/`)) return url
  return `${demoStorePath}${url.slice(demoStoreOrigin.length)}`
}
