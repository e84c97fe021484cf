import { queryOptions } from '@tanstack/react-query'
import { referralSummarySchema } from '#domain/contracts/promotion'
import { requestJson } from '../../../lib/api-client'
import { promotionKeys, promotionStaleTime } from './promotion-keys'

export function referralPath(buyerId: string): string {
  return `api/buyers/${encodeURIComponent(buyerId)}/referral`
}

/** `GET /api/buyers/{buyerId}/referral`: the shopper's own code, the code they used, and their friends. */
export function referralQueryOptions(buyerId: string) {
  return queryOptions({
    queryKey: promotionKeys.referral(buyerId),
    staleTime: promotionStaleTime,
    queryFn: () => requestJson(referralPath(buyerId), referralSummarySchema),
  })
}
