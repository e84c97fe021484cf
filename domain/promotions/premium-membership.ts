import type { Satang } from '../money.ts'
import { addBangkokMonths, isWithin, premiumMonths, type PromotionSettings } from './promotion-settings.ts'

/**
 * Premium membership (spec sections 4 and 9; docs/decisions/013): +`vip` (20 %) of the base for 2
 * years from joining, one join per buyer ever, not combinable with Special Cashback. It costs
 * `premiumPrice`, paid from the wallet balance as a ledger debit in the same database transaction
 * that records the join, so there is no payment to wait for and no operator approval.
 */

export type PremiumMembership = { joinedAt: Date }

export const premiumJoinRefusalCodes = [
  /** 'You already join premium membership.' */
  'premium_already_joined',
  /** 'Join Failed': Special Cashback is active (spec section 4, mutually exclusive). */
  'not_combinable_with_special_cashback',
  /** 'Join Failed': the wallet cannot pay the price. */
  'balance_below_premium_price',
] as const
export type PremiumJoinRefusalCode = (typeof premiumJoinRefusalCodes)[number]

/** The first moment the membership is over. */
export function computePremiumEnd(joinedAt: Date): Date {
  return addBangkokMonths(joinedAt, premiumMonths)
}

export function isPremiumActive(membership: PremiumMembership | null, at: Date): boolean {
  return membership !== null && isWithin(at, membership.joinedAt, computePremiumEnd(membership.joinedAt))
}

export type PremiumJoinRequest = {
  /** The wallet's ledger balance now, satang. */
  balance: Satang
  /** The buyer has a premium membership, active or expired. */
  hasJoinedPremium: boolean
  isSpecialCashbackActive: boolean
}

/** The first rule a join breaks; `undefined` when the shopper may join (and pay) now. */
export function findPremiumJoinRefusal(
  request: PremiumJoinRequest,
  settings: Pick<PromotionSettings, 'premiumPrice'>,
): PremiumJoinRefusalCode | undefined {
  if (request.hasJoinedPremium) return 'premium_already_joined'
  if (request.isSpecialCashbackActive) return 'not_combinable_with_special_cashback'
  if (request.balance < settings.premiumPrice) return 'balance_below_premium_price'
  return undefined
}
