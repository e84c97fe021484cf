/** Same-origin media paths served by `media-routes.ts`; they are derived, not stored. */
export function merchantLogoUrl(merchantId: string): string {
  return `/media/merchants/${merchantId}/logo.svg`
}

export function productImageUrl(productId: string): string {
  return `/media/products/${productId}/picture.svg`
}

/** Demo merchants link to a storefront on our own server (a later issue builds it). */
export function demoStoreUrl(merchantId: string): string {
  return `/demo-store/${merchantId}`
}
