import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { SpecialCashbackLevel } from '#domain/cashback/cashback-amount'
import { idempotencyKeyHeader } from '#domain/contracts/cashback'
import { promotionMembershipSchema, type JoinSpecialCashbackRequest } from '#domain/contracts/promotion'
import { requestJson } from '../../../lib/api-client'
import { promotionsPath } from './get-promotions'
import { invalidateWalletAndPromotions } from './promotion-keys'

/** `POST /api/buyers/{buyerId}/promotions/special-cashback` with the level the shopper picked. */
export function useJoinSpecialCashback(buyerId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ level, idempotencyKey }: { level: SpecialCashbackLevel; idempotencyKey: string }) =>
      requestJson(`${promotionsPath(buyerId)}/special-cashback`, promotionMembershipSchema, {
        method: 'post',
        json: { level } satisfies JoinSpecialCashbackRequest,
        headers: { [idempotencyKeyHeader]: idempotencyKey },
      }),
    onSettled: () => invalidateWalletAndPromotions(queryClient, buyerId),
  })
}
