import type { FixedRates } from '../contracts/fixed-rate.ts'
import type { Satang } from '../money.ts'
import { addHours, isWithin, referralRedeemHours, type PromotionSettings } from './promotion-settings.ts'

/**
 * Friend referral (spec sections 4, 5 and 9; docs/decisions/013). Every buyer has one code; a new
 * member may redeem one friend's code within 24 hours of signing up; the referrer earns `getFriend`
 * once, when the friend's approved spending reaches `referralSpendingThreshold`.
 */

/**
 * 32 characters that cannot be misread for one another when read aloud or typed from a screenshot:
 * A–Z and 2–9 without I, O, 0 and 1. 32 divides 256, so a random byte picks one uniformly.
 */
export const referralCodeAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
/** 8 characters: 32^8 ≈ 1.1 × 10^12 codes, so guessing one is hopeless and collisions are rare (the server retries on one). */
export const referralCodeLength = 8

/** `randomBytes(n)` returns `n` random bytes (`crypto.getRandomValues` on either side). */
export function generateReferralCode(randomBytes: (count: number) => Uint8Array): string {
  const bytes = randomBytes(referralCodeLength)
  if (bytes.length < referralCodeLength) throw new RangeError(`Expected ${referralCodeLength} random bytes`)
  let code = ''
  for (let index = 0; index < referralCodeLength; index += 1) {
    code += referralCodeAlphabet.charAt((bytes[index] ?? 0) % referralCodeAlphabet.length)
  }
  return code
}

/**
 * A code as a shopper types or pastes it (`abcd-2345`, ` ABCD 2345 `), as stored; `undefined`
 * when it cannot be a code, so the server never looks up text that is not one.
 */
export function normalizeReferralCode(input: string): string | undefined {
  const compact = input.replace(/[\s-]/g, '').toUpperCase()
  if (compact.length !== referralCodeLength) return undefined
  for (const character of compact) {
    if (!referralCodeAlphabet.includes(character)) return undefined
  }
  return compact
}

export const referralRedemptionRefusalCodes = [
  /** More than 24 hours after the redeeming member signed up. */
  'referral_window_closed',
  /** The member already redeemed a code (the same or another). */
  'referral_already_redeemed',
  /** The code is the member's own, or belongs to an account of the same person. */
  'own_referral_code',
] as const
export type ReferralRedemptionRefusalCode = (typeof referralRedemptionRefusalCodes)[number]

/** The first moment the member can no longer redeem a code. */
export function computeReferralRedeemEnd(signedUpAt: Date): Date {
  return addHours(signedUpAt, referralRedeemHours)
}

export function canRedeemReferralAt(now: Date, signedUpAt: Date): boolean {
  return isWithin(now, signedUpAt, computeReferralRedeemEnd(signedUpAt))
}

export type ReferralRedemption = {
  /** The member who types the code, and when they signed up. */
  friendBuyerId: string
  friendSignedUpAt: Date
  /** The friend already has a referrer. */
  hasRedeemedReferral: boolean
  /** The owner of the code (the server found it by the normalized code). */
  referrerBuyerId: string
  /** The two accounts share a proven identifier or a payout account (docs/decisions/013). */
  isSamePerson: boolean
}

/** The first rule a redemption breaks; `undefined` when the friend may redeem the code now. */
export function findReferralRedemptionRefusal(
  redemption: ReferralRedemption,
  now: Date,
): ReferralRedemptionRefusalCode | undefined {
  if (redemption.referrerBuyerId === redemption.friendBuyerId || redemption.isSamePerson) return 'own_referral_code'
  if (redemption.hasRedeemedReferral) return 'referral_already_redeemed'
  if (!canRedeemReferralAt(now, redemption.friendSignedUpAt)) return 'referral_window_closed'
  return undefined
}

export type ReferralBonusDecision = { isEarned: true; amount: Satang } | { isEarned: false }

/**
 * Asked in the database transaction that approves one of the friend's purchases:
 * `friendApprovedSpending` is the purchase amounts of the friend's purchases approved now
 * (rejected ones excluded), this one included. Earned once per friend: the caller records it.
 */
export function decideReferralBonus(
  referral: { isBonusPaid: boolean; friendApprovedSpending: Satang },
  rates: Pick<FixedRates, 'getFriend'>,
  settings: Pick<PromotionSettings, 'referralSpendingThreshold'>,
): ReferralBonusDecision {
  if (referral.isBonusPaid || rates.getFriend <= 0) return { isEarned: false }
  if (referral.friendApprovedSpending < settings.referralSpendingThreshold) return { isEarned: false }
  return { isEarned: true, amount: rates.getFriend }
}

/**
 * Spec section 4. The referrer's view of one referral: `waiting_for_purchase` until the friend has
 * any purchase on record, `pending_bonus` while the friend shops below the threshold or awaits
 * approval, `received` once paid. The friend's own state is `pending` until then, `success` after.
 */
export const referralStates = ['waiting_for_purchase', 'pending_bonus', 'received'] as const
export type ReferralState = (typeof referralStates)[number]
export const referralFriendStates = ['pending', 'success'] as const
export type ReferralFriendState = (typeof referralFriendStates)[number]

export function describeReferral(referral: { isBonusPaid: boolean; hasFriendPurchase: boolean }): {
  state: ReferralState
  friendState: ReferralFriendState
} {
  if (referral.isBonusPaid) return { state: 'received', friendState: 'success' }
  return { state: referral.hasFriendPurchase ? 'pending_bonus' : 'waiting_for_purchase', friendState: 'pending' }
}
