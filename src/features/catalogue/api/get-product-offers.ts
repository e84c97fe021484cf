import { queryOptions } from '@tanstack/react-query'
import { productOffersResponseSchema } from '#domain/contracts/catalogue'
import { requestJson } from '../../../lib/api-client'
import { catalogueKeys, catalogueNetworkMode } from './catalogue-keys'

/** The same product at every merchant that sells it, cheapest net price first. */
export function productOffersQueryOptions(productId: string) {
  return queryOptions({
    queryKey: catalogueKeys.productOffers(productId),
    queryFn: () => requestJson(`cws-api/products/${encodeURIComponent(productId)}/offers`, productOffersResponseSchema),
    networkMode: catalogueNetworkMode,
  })
}
