import type { CashbackBonuses } from '../cashback/cashback-amount.ts'
import { addHours, countDaysLeft, firstWeekHours, isWithin, type PromotionSettings } from './promotion-settings.ts'

/**
 * x2 cashback in the first week (spec section 9): a purchase clicked within 7 × 24 hours of
 * sign-up earns its base once more, up to `firstWeekMaxPerOrder` per order, recorded as its own
 * `new_user_bonus` component (domain/cashback/cashback-amount.ts). The click decides, not the
 * approval: the shopper bought inside the week, whenever the merchant confirms.
 */

/** The first moment that is no longer in the first week. */
export function computeFirstWeekEnd(signedUpAt: Date): Date {
  return addHours(signedUpAt, firstWeekHours)
}

export function isFirstWeekClick(clickedAt: Date, signedUpAt: Date): boolean {
  return isWithin(clickedAt, signedUpAt, computeFirstWeekEnd(signedUpAt))
}

/**
 * The `newUser` switch of `computeCashbackAmount` for a purchase clicked at `clickedAt`. A cap of
 * 0 is the operators' way to switch the x2 off: no purchase then shows a ฿0 x2 part.
 */
export function chooseFirstWeekBonus(
  clickedAt: Date,
  signedUpAt: Date,
  settings: Pick<PromotionSettings, 'firstWeekMaxPerOrder'>,
): CashbackBonuses['newUser'] {
  if (settings.firstWeekMaxPerOrder <= 0 || !isFirstWeekClick(clickedAt, signedUpAt)) return null
  return { maxPerOrder: settings.firstWeekMaxPerOrder }
}

/** Days of x2 left for the new-user page (a started day counts); 0 once the week is over. */
export function countFirstWeekDaysLeft(now: Date, signedUpAt: Date): number {
  return countDaysLeft(now, computeFirstWeekEnd(signedUpAt))
}
