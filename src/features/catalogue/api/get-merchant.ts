import { queryOptions } from '@tanstack/react-query'
import { merchantSchema } from '#domain/contracts/catalogue'
import { requestJson } from '../../../lib/api-client'
import { catalogueKeys, catalogueNetworkMode } from './catalogue-keys'

export function merchantQueryOptions(merchantId: string) {
  return queryOptions({
    queryKey: catalogueKeys.merchant(merchantId),
    queryFn: () => requestJson(`cws-api/merchants/${encodeURIComponent(merchantId)}`, merchantSchema),
    networkMode: catalogueNetworkMode,
  })
}
