import type { SpecialCashbackLevel } from '../cashback/cashback-amount.ts'
import type { FixedRates } from '../contracts/fixed-rate.ts'
import type { Satang } from '../money.ts'
import { computeFirstWeekEnd } from './first-week-cashback.ts'
import { computeNewUserBonusProgress, computeNewUserBonusQualifyingEnd } from './new-user-bonus.ts'
import { computePremiumEnd, isPremiumActive, type PremiumMembership } from './premium-membership.ts'
import { isWithin, type PromotionSettings } from './promotion-settings.ts'
import { canRedeemReferralAt, computeReferralRedeemEnd } from './referral.ts'
import {
  computeSpecialCashbackEnd,
  describeSpecialCashbackEnd,
  isSpecialCashbackActive,
  listJoinableSpecialCashbackLevels,
  readStairLevel,
  type SpecialCashbackEndReason,
  type SpecialCashbackMembership,
} from './special-cashback.ts'

/**
 * The shopper's state in every campaign, for `/promotions` and its sub-pages (issue 12):
 * - `not_joined`: not in it and cannot join now (e.g. the balance is too low);
 * - `eligible`: may join (or redeem) now;
 * - `joined`: in it `until` that moment (`null` when it has no end, e.g. a redeemed referral);
 * - `ended`: was in it, or its window closed; it cannot be joined again;
 * - `not_combinable`: the other membership of the premium / Special Cashback pair is active.
 */
export type CampaignState =
  | { state: 'not_joined' }
  | { state: 'eligible' }
  | { state: 'joined'; until: Date | null }
  | { state: 'ended'; endedAt: Date }
  | { state: 'not_combinable'; with: 'premium' | 'special_cashback' }

export type PromotionsSnapshot = {
  signedUpAt: Date
  /** The wallet's ledger balance, satang. */
  balance: Satang
  premium: PremiumMembership | null
  specialCashback: SpecialCashbackMembership | null
  newUserBonus: {
    /** When this buyer received it; `null` when not (yet). */
    receivedAt: Date | null
    /** What was paid, satang (the `firstBonus` in force then); `null` when not received. */
    receivedAmount: Satang | null
    /** Another account of the same person received it: this one never will. */
    hasPersonReceivedElsewhere: boolean
    qualifyingApprovedSpending: Satang
  }
  hasRedeemedReferral: boolean
}

export type PromotionsView = {
  newUserBonus: CampaignState & {
    progress: { spent: Satang; threshold: Satang; remaining: Satang }
    isReceived: boolean
    /** What was paid, satang; `null` when not received. */
    receivedAmount: Satang | null
  }
  firstWeekCashback: CampaignState
  specialCashback: CampaignState & {
    /** The level joined (while joined or after it ended). */
    level: SpecialCashbackLevel | null
    endReason: SpecialCashbackEndReason | null
    /** Levels the balance could join now (for `eligible`). */
    joinableLevels: SpecialCashbackLevel[]
    /** The lowest level's amount, for 'You must have accumulated cashback more than THB {amount}'. */
    minimumBalance: Satang
  }
  premium: CampaignState & { price: Satang }
  referralRedemption: CampaignState
}

type Rates = Pick<FixedRates, 'stairLv1' | 'stairLv2' | 'stairLv3'>

export function describePromotions(
  snapshot: PromotionsSnapshot,
  now: Date,
  rates: Rates,
  settings: Pick<PromotionSettings, 'premiumPrice' | 'newUserBonusSpendingThreshold'>,
): PromotionsView {
  return {
    newUserBonus: describeNewUserBonus(snapshot, now, settings),
    firstWeekCashback: describeWindow(now, snapshot.signedUpAt, computeFirstWeekEnd(snapshot.signedUpAt)),
    specialCashback: describeSpecialCashback(snapshot, now, rates),
    premium: { ...describePremium(snapshot, now, settings), price: settings.premiumPrice },
    referralRedemption: describeReferralRedemption(snapshot, now),
  }
}

function describeWindow(now: Date, from: Date, until: Date): CampaignState {
  return isWithin(now, from, until) ? { state: 'joined', until } : { state: 'ended', endedAt: until }
}

function describeNewUserBonus(
  snapshot: PromotionsSnapshot,
  now: Date,
  settings: Pick<PromotionSettings, 'newUserBonusSpendingThreshold'>,
): PromotionsView['newUserBonus'] {
  const { receivedAt, receivedAmount, hasPersonReceivedElsewhere, qualifyingApprovedSpending } = snapshot.newUserBonus
  const progress = computeNewUserBonusProgress(qualifyingApprovedSpending, settings)
  if (receivedAt !== null) {
    return { state: 'ended', endedAt: receivedAt, progress, isReceived: true, receivedAmount }
  }
  const notReceived = { progress, isReceived: false, receivedAmount: null }
  if (hasPersonReceivedElsewhere) return { state: 'not_joined', ...notReceived }
  const window = describeWindow(now, snapshot.signedUpAt, computeNewUserBonusQualifyingEnd(snapshot.signedUpAt))
  return { ...window, ...notReceived }
}

function describeSpecialCashback(
  snapshot: PromotionsSnapshot,
  now: Date,
  rates: Rates,
): PromotionsView['specialCashback'] {
  const membership = snapshot.specialCashback
  const joinableLevels = listJoinableSpecialCashbackLevels(snapshot.balance, rates)
  const common = { joinableLevels, minimumBalance: readStairLevel(rates, 1).minimumBalance }
  if (membership !== null) {
    if (isSpecialCashbackActive(membership, now)) {
      return {
        state: 'joined',
        until: computeSpecialCashbackEnd(membership.joinedAt),
        level: membership.level,
        endReason: null,
        ...common,
        joinableLevels: [],
      }
    }
    const end = describeSpecialCashbackEnd(membership, now)
    if (end !== null) {
      return {
        state: 'ended',
        endedAt: end.endedAt,
        level: membership.level,
        endReason: end.reason,
        ...common,
        joinableLevels: [],
      }
    }
  }
  const none = { level: null, endReason: null }
  if (isPremiumActive(snapshot.premium, now)) {
    return { state: 'not_combinable', with: 'premium', ...none, ...common, joinableLevels: [] }
  }
  return joinableLevels.length > 0
    ? { state: 'eligible', ...none, ...common }
    : { state: 'not_joined', ...none, ...common }
}

function describePremium(
  snapshot: PromotionsSnapshot,
  now: Date,
  settings: Pick<PromotionSettings, 'premiumPrice'>,
): CampaignState {
  if (snapshot.premium !== null) {
    return describeWindow(now, snapshot.premium.joinedAt, computePremiumEnd(snapshot.premium.joinedAt))
  }
  if (isSpecialCashbackActive(snapshot.specialCashback, now))
    return { state: 'not_combinable', with: 'special_cashback' }
  return snapshot.balance >= settings.premiumPrice ? { state: 'eligible' } : { state: 'not_joined' }
}

function describeReferralRedemption(snapshot: PromotionsSnapshot, now: Date): CampaignState {
  if (snapshot.hasRedeemedReferral) return { state: 'joined', until: null }
  return canRedeemReferralAt(now, snapshot.signedUpAt)
    ? { state: 'eligible' }
    : { state: 'ended', endedAt: computeReferralRedeemEnd(snapshot.signedUpAt) }
}
