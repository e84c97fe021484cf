import { infiniteQueryOptions } from '@tanstack/react-query'
import type { MerchantListRequest } from '#domain/contracts/catalogue'
import { merchantListResponseSchema, merchantListSearchParams } from '#domain/contracts/catalogue-basics'
import { requestJson } from '../../../lib/api-client'
import { catalogueKeys, catalogueNetworkMode } from './catalogue-keys'
import { nextSkip } from './list-pages'

export function getMerchants(request: MerchantListRequest) {
  return requestJson('cws-api/merchants', merchantListResponseSchema, {
    searchParams: merchantListSearchParams(request),
  })
}

/** A merchant list loaded 12 at a time (spec section 9) as the shopper scrolls. */
export function merchantListQueryOptions(request: Omit<MerchantListRequest, 'skip'>) {
  return infiniteQueryOptions({
    queryKey: catalogueKeys.merchantList(request),
    queryFn: ({ pageParam }) => getMerchants({ ...request, skip: pageParam }),
    initialPageParam: 0,
    getNextPageParam: nextSkip,
    networkMode: catalogueNetworkMode,
  })
}
