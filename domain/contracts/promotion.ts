import * as v from 'valibot'
import { specialCashbackLevels } from '../cashback/cashback-amount.ts'
import type { PromotionsSnapshot } from '../promotions/promotion-states.ts'
import { referralCodeLength, referralFriendStates, referralStates } from '../promotions/referral.ts'
import { specialCashbackEndReasons } from '../promotions/special-cashback.ts'
import { textSchema } from '../validation/text.ts'

/**
 * Promotions and referral (issue 12; spec sections 4, 5 and 9; docs/decisions/013). Every path
 * carries the buyer id and is guarded like the buyer calls (domain/contracts/buyer.ts): 401
 * `unauthenticated`, 403 `forbidden` for another buyer's id, 403 `buyer_suspended`.
 *
 * - `GET /api/buyers/{buyerId}/promotions` → `PromotionsSnapshotResponse`: the facts, from which
 *   server and client both derive each campaign's state with `describePromotions`
 *   (domain/promotions/promotion-states.ts) and the fixed rates.
 * - `POST /api/buyers/{buyerId}/promotions/premium`, no body, header `Idempotency-Key` → 201
 *   `PromotionMembership`: pays `premiumPrice` from the wallet. 409 `premium_already_joined`,
 *   `not_combinable_with_special_cashback`, `balance_below_premium_price` (`details.minimum`).
 * - `POST /api/buyers/{buyerId}/promotions/special-cashback`, `JoinSpecialCashbackRequest`, header
 *   `Idempotency-Key` → 201 `PromotionMembership`. 409 `special_cashback_already_joined`,
 *   `not_combinable_with_premium`, `balance_below_tier` (`details.minimum`),
 *   `special_cashback_awaiting_approval` (`details.minimum`).
 * - `GET /api/buyers/{buyerId}/referral` → `ReferralSummary`: the buyer's own code (made on first
 *   ask), the code they redeemed, and their friends.
 * - `POST /api/buyers/{buyerId}/referral/redemption`, `RedeemReferralRequest`, header
 *   `Idempotency-Key` → 201 `ReferralRedemptionResponse`. 400 `invalid_referral_code`, 404
 *   `referral_code_not_found`, 409 `referral_window_closed`, `referral_already_redeemed`,
 *   `own_referral_code`; 429 `too_many_requests` after too many codes that do not exist.
 */

/** ISO 8601 timestamps on the wire. */
const timestampSchema = v.string()
const satangSchema = v.pipe(v.number(), v.integer(), v.minValue(0))

/** The bonuses paid as their own `bonus` ledger entry (the others are parts of a purchase's cashback). */
export const promotionAwardKinds = ['new_user_bonus', 'referral_bonus'] as const
export type PromotionAwardKind = (typeof promotionAwardKinds)[number]

export const specialCashbackLevelSchema = v.picklist(specialCashbackLevels)

export const promotionMembershipKinds = ['premium', 'special_cashback'] as const
export type PromotionMembershipKind = (typeof promotionMembershipKinds)[number]

export const promotionsSnapshotResponseSchema = v.object({
  /** When the buyer signed up: the first week and the 24-hour referral window count from it. */
  signedUpAt: timestampSchema,
  /** The wallet's ledger balance, satang (may be negative after a reversal). */
  balance: v.pipe(v.number(), v.integer()),
  /** Cashback on its way (tracked, pending, approved and not accepted), satang. */
  awaitingCashback: satangSchema,
  premium: v.nullable(v.object({ joinedAt: timestampSchema })),
  specialCashback: v.nullable(
    v.object({
      level: specialCashbackLevelSchema,
      joinedAt: timestampSchema,
      /** When the balance fell below the level (recorded); `null` while active or once expired by time. */
      endedAt: v.nullable(timestampSchema),
    }),
  ),
  newUserBonus: v.object({
    receivedAt: v.nullable(timestampSchema),
    /** What was paid, satang (the `firstBonus` in force then); `null` when not received. */
    receivedAmount: v.nullable(satangSchema),
    /** Another account of the same person received it: this one never will. */
    hasPersonReceivedElsewhere: v.boolean(),
    /** Approved purchase amounts of purchases clicked in the qualifying window, satang. */
    qualifyingApprovedSpending: satangSchema,
  }),
  hasRedeemedReferral: v.boolean(),
})
export type PromotionsSnapshotResponse = v.InferOutput<typeof promotionsSnapshotResponseSchema>

/** The wire form with its dates as `Date`, for `describePromotions` on either side. */
export function toPromotionsSnapshot(response: PromotionsSnapshotResponse): PromotionsSnapshot {
  const { specialCashback } = response
  return {
    signedUpAt: new Date(response.signedUpAt),
    balance: response.balance,
    premium: response.premium === null ? null : { joinedAt: new Date(response.premium.joinedAt) },
    specialCashback:
      specialCashback === null
        ? null
        : {
            level: specialCashback.level,
            joinedAt: new Date(specialCashback.joinedAt),
            endedAt: specialCashback.endedAt === null ? null : new Date(specialCashback.endedAt),
          },
    newUserBonus: {
      receivedAt: response.newUserBonus.receivedAt === null ? null : new Date(response.newUserBonus.receivedAt),
      receivedAmount: response.newUserBonus.receivedAmount,
      hasPersonReceivedElsewhere: response.newUserBonus.hasPersonReceivedElsewhere,
      qualifyingApprovedSpending: response.newUserBonus.qualifyingApprovedSpending,
    },
    hasRedeemedReferral: response.hasRedeemedReferral,
  }
}

export const joinSpecialCashbackRequestSchema = v.object({ level: specialCashbackLevelSchema })
export type JoinSpecialCashbackRequest = v.InferOutput<typeof joinSpecialCashbackRequestSchema>

export const promotionMembershipSchema = v.object({
  _id: v.string(),
  kind: v.picklist(promotionMembershipKinds),
  /** The Special Cashback level; `null` for premium. */
  level: v.nullable(specialCashbackLevelSchema),
  joinedAt: timestampSchema,
  /** The end by time: 6 (Special Cashback) or 24 (premium) Bangkok calendar months after joining. */
  expiresAt: timestampSchema,
  /** Special Cashback only: when the balance fell below the level. */
  endedAt: v.nullable(timestampSchema),
  endReason: v.nullable(v.picklist(specialCashbackEndReasons)),
  /** What the join cost from the wallet, satang (premium's price; 0 for Special Cashback). */
  price: satangSchema,
})
export type PromotionMembership = v.InferOutput<typeof promotionMembershipSchema>

/** Room for a pasted code with spaces or hyphens; `normalizeReferralCode` decides whether it is one. */
export const referralCodeInputMaxLength = referralCodeLength * 4

export const redeemReferralRequestSchema = v.object({
  code: v.pipe(textSchema(), v.nonEmpty(), v.maxLength(referralCodeInputMaxLength)),
})
export type RedeemReferralRequest = v.InferOutput<typeof redeemReferralRequestSchema>

export const referralFriendSchema = v.object({
  /**
   * The friend as the referrer may see them: first name and the initial of the last name, or the
   * identifier masked (`so****@gmail.com`, `08x-xxx-5678`); never the full email or phone.
   */
  displayName: v.string(),
  redeemedAt: timestampSchema,
  state: v.picklist(referralStates),
  friendState: v.picklist(referralFriendStates),
  /** The `getFriend` bonus paid for this friend, satang; `null` until paid. */
  bonus: v.nullable(satangSchema),
  bonusPaidAt: v.nullable(timestampSchema),
})
export type ReferralFriend = v.InferOutput<typeof referralFriendSchema>

export const referralSummarySchema = v.object({
  /** The buyer's own code, 8 characters of `referralCodeAlphabet`. */
  code: v.string(),
  /** The friend's code this buyer redeemed; `null` when none. */
  redeemedCode: v.nullable(v.string()),
  /** Newest first. */
  friends: v.array(referralFriendSchema),
})
export type ReferralSummary = v.InferOutput<typeof referralSummarySchema>

export const referralRedemptionResponseSchema = v.object({
  /** The normalized code that was redeemed. */
  code: v.string(),
  redeemedAt: timestampSchema,
})
export type ReferralRedemptionResponse = v.InferOutput<typeof referralRedemptionResponseSchema>
