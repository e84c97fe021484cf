import { queryOptions } from '@tanstack/react-query'
import { promotionsSnapshotResponseSchema } from '#domain/contracts/promotion'
import { requestJson } from '../../../lib/api-client'
import { promotionKeys, promotionStaleTime } from './promotion-keys'

export function promotionsPath(buyerId: string): string {
  return `api/buyers/${encodeURIComponent(buyerId)}/promotions`
}

/**
 * `GET /api/buyers/{buyerId}/promotions`: the facts every campaign state is derived from. The
 * cache keeps the wire form (plain JSON, as it is saved on the device); screens turn it into
 * dates with `toPromotionsSnapshot`.
 */
export function promotionsQueryOptions(buyerId: string) {
  return queryOptions({
    queryKey: promotionKeys.snapshot(buyerId),
    staleTime: promotionStaleTime,
    queryFn: () => requestJson(promotionsPath(buyerId), promotionsSnapshotResponseSchema),
  })
}
