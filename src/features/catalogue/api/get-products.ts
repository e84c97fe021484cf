import { infiniteQueryOptions } from '@tanstack/react-query'
import {
  productListResponseSchema,
  productListSearchParams,
  type ProductListRequest,
} from '#domain/contracts/catalogue'
import { requestJson } from '../../../lib/api-client'
import { catalogueKeys, catalogueNetworkMode } from './catalogue-keys'
import { nextSkip } from './list-pages'

export function getProducts(request: ProductListRequest) {
  return requestJson('cws-api/products', productListResponseSchema, {
    searchParams: productListSearchParams(request),
  })
}

/** A product list loaded 12 at a time as the shopper scrolls. */
export function productListQueryOptions(request: Omit<ProductListRequest, 'skip'>) {
  return infiniteQueryOptions({
    queryKey: catalogueKeys.productList(request),
    queryFn: ({ pageParam }) => getProducts({ ...request, skip: pageParam }),
    initialPageParam: 0,
    getNextPageParam: nextSkip,
    networkMode: catalogueNetworkMode,
  })
}
