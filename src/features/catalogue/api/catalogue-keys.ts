import type { MerchantListRequest, ProductListRequest } from '#domain/contracts/catalogue'

/** Query keys of the catalogue; invalidate by prefix (`catalogueKeys.all`). */
export const catalogueKeys = {
  all: ['catalogue'] as const,
  merchants: () => [...catalogueKeys.all, 'merchants'] as const,
  merchantList: (request: MerchantListRequest) => [...catalogueKeys.merchants(), 'list', request] as const,
  merchant: (merchantId: string) => [...catalogueKeys.merchants(), 'detail', merchantId] as const,
  products: () => [...catalogueKeys.all, 'products'] as const,
  productList: (request: ProductListRequest) => [...catalogueKeys.products(), 'list', request] as const,
  product: (productId: string) => [...catalogueKeys.products(), 'detail', productId] as const,
  productOffers: (productId: string) => [...catalogueKeys.products(), 'offers', productId] as const,
}

/**
 * Catalogue reads go to the network even when the browser says it is offline: the service worker
 * answers from its cache, and the persisted query cache covers the rest (`online` mode would never
 * call the query function offline).
 */
export const catalogueNetworkMode = 'offlineFirst' as const
