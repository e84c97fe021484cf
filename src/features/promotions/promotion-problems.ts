import { premiumJoinRefusalCodes } from '#domain/promotions/premium-membership'
import { referralRedemptionRefusalCodes } from '#domain/promotions/referral'
import { specialCashbackJoinRefusalCodes } from '#domain/promotions/special-cashback'
import type { Satang } from '#domain/money'
import { isApiError } from '../../lib/api-client'

/** Every refusal the promotion and referral writes answer with (domain/contracts/promotion.ts). */
export const promotionRefusalCodes = [
  ...premiumJoinRefusalCodes,
  ...specialCashbackJoinRefusalCodes,
  'invalid_referral_code',
  'referral_code_not_found',
  ...referralRedemptionRefusalCodes,
  'too_many_requests',
] as const
export type PromotionRefusalCode = (typeof promotionRefusalCodes)[number]

/**
 * What went wrong with a join or a redemption, as the screen words it: a refusal of the server
 * with the numbers it sent (`details.minimum` in satang, the wait of a 429), no answer at all, or
 * anything else (the account, a broken answer).
 */
export type PromotionProblem =
  | { kind: 'refused'; code: PromotionRefusalCode; minimum?: Satang; retryAfterSeconds?: number }
  | { kind: 'network' }
  | { kind: 'suspended' }
  | { kind: 'signed_out' }
  | { kind: 'unknown' }

function isPromotionRefusalCode(code: string): code is PromotionRefusalCode {
  return (promotionRefusalCodes as readonly string[]).includes(code)
}

export function readPromotionProblem(error: unknown): PromotionProblem {
  if (!isApiError(error)) return { kind: 'unknown' }
  if (error.code === 'network') return { kind: 'network' }
  if (error.code === 'buyer_suspended') return { kind: 'suspended' }
  if (error.code === 'unauthenticated') return { kind: 'signed_out' }
  if (!isPromotionRefusalCode(error.code)) return { kind: 'unknown' }
  const { minimum, retryAfterSeconds } = error.details
  return {
    kind: 'refused',
    code: error.code,
    ...(minimum === undefined ? {} : { minimum }),
    ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
  }
}
