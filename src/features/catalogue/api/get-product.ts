import { queryOptions } from '@tanstack/react-query'
import { productSchema } from '#domain/contracts/catalogue'
import { requestJson } from '../../../lib/api-client'
import { catalogueKeys, catalogueNetworkMode } from './catalogue-keys'

export function productQueryOptions(productId: string) {
  return queryOptions({
    queryKey: catalogueKeys.product(productId),
    queryFn: () => requestJson(`cws-api/products/${encodeURIComponent(productId)}`, productSchema),
    networkMode: catalogueNetworkMode,
  })
}
