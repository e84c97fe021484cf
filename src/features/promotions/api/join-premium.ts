import { useMutation, useQueryClient } from '@tanstack/react-query'
import { idempotencyKeyHeader } from '#domain/contracts/cashback'
import { promotionMembershipSchema } from '#domain/contracts/promotion'
import { requestJson } from '../../../lib/api-client'
import { promotionsPath } from './get-promotions'
import { invalidateWalletAndPromotions } from './promotion-keys'

/**
 * `POST /api/buyers/{buyerId}/promotions/premium`: joins premium and pays its price from the
 * wallet. The caller passes the key of this request (`useIdempotentIntent`): sent again after no
 * answer, the server answers the first attempt's result instead of charging twice.
 */
export function useJoinPremium(buyerId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ idempotencyKey }: { idempotencyKey: string }) =>
      requestJson(`${promotionsPath(buyerId)}/premium`, promotionMembershipSchema, {
        method: 'post',
        headers: { [idempotencyKeyHeader]: idempotencyKey },
      }),
    onSettled: () => invalidateWalletAndPromotions(queryClient, buyerId),
  })
}
