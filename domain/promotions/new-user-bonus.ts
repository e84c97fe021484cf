import type { FixedRates } from '../contracts/fixed-rate.ts'
import { addDays } from '../dates.ts'
import type { Satang } from '../money.ts'
import { isWithin, newUserBonusQualifyingDays, type PromotionSettings } from './promotion-settings.ts'

/**
 * The new-user bonus (spec section 9: `firstBonus`, 100 baht), once per person
 * (docs/decisions/013). It is earned by shopping, not by signing up: in the database transaction
 * that approves a purchase, the server asks `decideNewUserBonus` and, when it says so, writes one
 * `bonus` ledger entry of `firstBonus`. A fresh account earns nothing until merchants have
 * confirmed real purchases, and a fresh account's first purchases cannot take the 1-day path
 * (3 decided purchases first, decision 005), so those confirmations come after the merchants'
 * return windows.
 */

export type NewUserBonusInput = {
  signedUpAt: Date
  /**
   * Purchase amounts of the buyer's purchases that are approved now (including the one being
   * approved, not those rejected since), clicked within the qualifying window, satang.
   */
  qualifyingApprovedSpending: Satang
  /** This buyer, or another account sharing any of its proven identifiers or payout accounts, already received it. */
  hasPersonReceivedNewUserBonus: boolean
}

export type NewUserBonusDecision = { isEarned: true; amount: Satang } | { isEarned: false }

/** The purchases that count toward the bonus are those clicked before this moment. */
export function computeNewUserBonusQualifyingEnd(signedUpAt: Date): Date {
  return addDays(signedUpAt, newUserBonusQualifyingDays)
}

/** Whether a purchase clicked at `clickedAt` counts toward the new-user bonus. */
export function isNewUserBonusQualifyingClick(clickedAt: Date, signedUpAt: Date): boolean {
  return isWithin(clickedAt, signedUpAt, computeNewUserBonusQualifyingEnd(signedUpAt))
}

/** Asked on every approval; says "earned" at most once per person because the caller records it. */
export function decideNewUserBonus(
  input: NewUserBonusInput,
  rates: Pick<FixedRates, 'firstBonus'>,
  settings: Pick<PromotionSettings, 'newUserBonusSpendingThreshold'>,
): NewUserBonusDecision {
  if (input.hasPersonReceivedNewUserBonus) return { isEarned: false }
  if (input.qualifyingApprovedSpending < settings.newUserBonusSpendingThreshold) return { isEarned: false }
  if (rates.firstBonus <= 0) return { isEarned: false }
  return { isEarned: true, amount: rates.firstBonus }
}

/** Progress toward the bonus for the new-user page: what counts so far, the threshold and what remains. */
export function computeNewUserBonusProgress(
  qualifyingApprovedSpending: Satang,
  settings: Pick<PromotionSettings, 'newUserBonusSpendingThreshold'>,
): { spent: Satang; threshold: Satang; remaining: Satang } {
  const threshold = settings.newUserBonusSpendingThreshold
  const spent = Math.max(0, qualifyingApprovedSpending)
  return { spent, threshold, remaining: Math.max(0, threshold - spent) }
}
