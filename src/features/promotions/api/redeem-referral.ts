import { useMutation, useQueryClient } from '@tanstack/react-query'
import { idempotencyKeyHeader } from '#domain/contracts/cashback'
import { referralRedemptionResponseSchema, type RedeemReferralRequest } from '#domain/contracts/promotion'
import { requestJson } from '../../../lib/api-client'
import { referralPath } from './get-referral'
import { promotionKeys } from './promotion-keys'

/** `POST /api/buyers/{buyerId}/referral/redemption`: the new member enters a friend's code. */
export function useRedeemReferral(buyerId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ code, idempotencyKey }: RedeemReferralRequest & { idempotencyKey: string }) =>
      requestJson(`${referralPath(buyerId)}/redemption`, referralRedemptionResponseSchema, {
        method: 'post',
        json: { code } satisfies RedeemReferralRequest,
        headers: { [idempotencyKeyHeader]: idempotencyKey },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: promotionKeys.all(buyerId) }),
  })
}
