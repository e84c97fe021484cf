import { specialCashbackLevels, type SpecialCashbackLevel } from '../cashback/cashback-amount.ts'
import type { FixedRates, StairLevel } from '../contracts/fixed-rate.ts'
import type { Satang } from '../money.ts'
import { addBangkokMonths, isWithin, specialCashbackMonths } from './promotion-settings.ts'

/**
 * Special Cashback, the stair campaign (spec sections 4, 5 and 9; docs/decisions/013): the
 * shopper joins one level (`stairLv1..3`: +20/30/40 % of the base) with a wallet balance above
 * its amount, once in their life; it lasts 6 Bangkok calendar months and ends the moment the
 * balance falls below the level's amount. Not combinable with premium.
 */

type StairRates = Pick<FixedRates, 'stairLv1' | 'stairLv2' | 'stairLv3'>

export type SpecialCashbackMembership = {
  level: SpecialCashbackLevel
  joinedAt: Date
  /** Set when the balance fell below the level before the 6 months were over (recorded with its reason). */
  endedAt: Date | null
}

export const specialCashbackEndReasons = ['balance_below_tier', 'expired'] as const
export type SpecialCashbackEndReason = (typeof specialCashbackEndReasons)[number]

export const specialCashbackJoinRefusalCodes = [
  /** 'Join Failed': one join per buyer ever, whichever level and however it ended. */
  'special_cashback_already_joined',
  /** 'Join Failed': premium is active (spec section 4, mutually exclusive). */
  'not_combinable_with_premium',
  /** 'You must have accumulated cashback more than THB {amount}' with the level's amount. */
  'balance_below_tier',
  /**
   * 'Please wait for the approval before processing.': the balance is not above the level, but the
   * cashback on its way (tracked, pending, or approved and not yet accepted) would lift it above.
   */
  'special_cashback_awaiting_approval',
] as const
export type SpecialCashbackJoinRefusalCode = (typeof specialCashbackJoinRefusalCodes)[number]

const stairLevelFields = { 1: 'stairLv1', 2: 'stairLv2', 3: 'stairLv3' } as const satisfies Record<
  SpecialCashbackLevel,
  keyof StairRates
>

export function readStairLevel(rates: StairRates, level: SpecialCashbackLevel): StairLevel {
  return rates[stairLevelFields[level]]
}

/** The first moment the membership is over by time. */
export function computeSpecialCashbackEnd(joinedAt: Date): Date {
  return addBangkokMonths(joinedAt, specialCashbackMonths)
}

/** Joined at `joinedAt` and not yet over at `at`, by time or by an ended balance. */
export function isSpecialCashbackActive(membership: SpecialCashbackMembership | null, at: Date): boolean {
  if (membership === null) return false
  const until =
    membership.endedAt !== null &&
    membership.endedAt.getTime() < computeSpecialCashbackEnd(membership.joinedAt).getTime()
      ? membership.endedAt
      : computeSpecialCashbackEnd(membership.joinedAt)
  return isWithin(at, membership.joinedAt, until)
}

/** Why and when a membership that is no longer active ended; `null` while active or before it began. */
export function describeSpecialCashbackEnd(
  membership: SpecialCashbackMembership,
  at: Date,
): { reason: SpecialCashbackEndReason; endedAt: Date } | null {
  const expiresAt = computeSpecialCashbackEnd(membership.joinedAt)
  if (membership.endedAt !== null && membership.endedAt.getTime() < expiresAt.getTime()) {
    return at.getTime() >= membership.endedAt.getTime()
      ? { reason: 'balance_below_tier', endedAt: membership.endedAt }
      : null
  }
  return at.getTime() >= expiresAt.getTime() ? { reason: 'expired', endedAt: expiresAt } : null
}

/**
 * "Above the tier amount" (spec section 5) is strict: a balance of exactly the amount cannot
 * join, but keeps a membership alive (it ends when the balance falls *below* the amount).
 */
export function isBalanceAboveTier(balance: Satang, level: SpecialCashbackLevel, rates: StairRates): boolean {
  return balance > readStairLevel(rates, level).minimumBalance
}

/**
 * Within a tenth above the level's amount: a little less and the campaign ends. The shopper is
 * told (issue 16's reminders) while they can still keep it, by not withdrawing.
 */
export function isBalanceCloseToTierEnd(balance: Satang, level: SpecialCashbackLevel, rates: StairRates): boolean {
  const { minimumBalance } = readStairLevel(rates, level)
  return balance >= minimumBalance && balance < minimumBalance + Math.ceil(minimumBalance / 10)
}

export function isBalanceBelowTier(balance: Satang, level: SpecialCashbackLevel, rates: StairRates): boolean {
  return balance < readStairLevel(rates, level).minimumBalance
}

/** The levels the balance could join, lowest first (the shopper chooses one). */
export function listJoinableSpecialCashbackLevels(balance: Satang, rates: StairRates): SpecialCashbackLevel[] {
  return specialCashbackLevels.filter((level) => isBalanceAboveTier(balance, level, rates))
}

export type SpecialCashbackJoinRequest = {
  level: SpecialCashbackLevel
  /** The wallet's ledger balance now, satang. */
  balance: Satang
  /** Cashback not in the balance yet: tracked, pending, or approved and not accepted, satang. */
  awaitingCashback: Satang
  /** The buyer has a Special Cashback membership, active or ended, at any level. */
  hasJoinedSpecialCashback: boolean
  isPremiumActive: boolean
}

/** The first rule a join breaks; `undefined` when the shopper may join now. */
export function findSpecialCashbackJoinRefusal(
  request: SpecialCashbackJoinRequest,
  rates: StairRates,
): SpecialCashbackJoinRefusalCode | undefined {
  if (request.hasJoinedSpecialCashback) return 'special_cashback_already_joined'
  if (request.isPremiumActive) return 'not_combinable_with_premium'
  if (isBalanceAboveTier(request.balance, request.level, rates)) return undefined
  return isBalanceAboveTier(request.balance + request.awaitingCashback, request.level, rates)
    ? 'special_cashback_awaiting_approval'
    : 'balance_below_tier'
}

/**
 * Asked after every change that lowers the balance (a withdrawal and its fee, a reversal): the
 * moment it falls below the level, the membership ends; the server records `endedAt` in the same
 * database transaction as the debit. `undefined` when it stays (or already ended).
 */
export function findSpecialCashbackEndAfterDebit(
  membership: SpecialCashbackMembership | null,
  balanceAfter: Satang,
  at: Date,
  rates: StairRates,
): 'balance_below_tier' | undefined {
  if (membership === null || !isSpecialCashbackActive(membership, at)) return undefined
  return isBalanceBelowTier(balanceAfter, membership.level, rates) ? 'balance_below_tier' : undefined
}

export type SpecialCashbackWithdrawalWarning =
  { isEnding: false } | { isEnding: true; level: SpecialCashbackLevel; minimumBalance: Satang }

/**
 * What the withdrawal form says before the shopper confirms: whether taking `debit` satang (the
 * amount plus its fee, everything the withdrawal moves out of the wallet) would end the campaign,
 * and at which amount.
 */
export function warnIfWithdrawalEndsSpecialCashback(
  membership: SpecialCashbackMembership | null,
  balance: Satang,
  debit: Satang,
  at: Date,
  rates: StairRates,
): SpecialCashbackWithdrawalWarning {
  if (!Number.isSafeInteger(debit) || debit < 0) throw new RangeError(`debit must be non-negative satang, got ${debit}`)
  if (membership === null || findSpecialCashbackEndAfterDebit(membership, balance - debit, at, rates) === undefined) {
    return { isEnding: false }
  }
  return {
    isEnding: true,
    level: membership.level,
    minimumBalance: readStairLevel(rates, membership.level).minimumBalance,
  }
}
