import {
  computeCashbackAmount,
  type CashbackAmount,
  type CashbackAmountResult,
  type CashbackBonuses,
  type CashbackComponent,
} from '../cashback/cashback-amount.ts'
import type { Cashback } from '../contracts/catalogue.ts'
import type { FixedRates } from '../contracts/fixed-rate.ts'
import type { Satang } from '../money.ts'
import { chooseFirstWeekBonus } from './first-week-cashback.ts'
import { isPremiumActive, type PremiumMembership } from './premium-membership.ts'
import type { PromotionSettings } from './promotion-settings.ts'
import { isSpecialCashbackActive, type SpecialCashbackMembership } from './special-cashback.ts'

/**
 * A purchase's bonuses are decided once, when the purchase is first recorded, from the click: the
 * buyer's sign-up, the memberships active when they clicked and the settings read in the same
 * database transaction (docs/decisions/013). The amounts come from `computeCashbackAmount`, which
 * owns the arithmetic; this module only says which bonuses are on.
 */

export type PurchaseBonusContext = {
  clickedAt: Date
  signedUpAt: Date
  /** The buyer's memberships as recorded (active or not); activity is judged at `clickedAt`. */
  premium: PremiumMembership | null
  specialCashback: SpecialCashbackMembership | null
}

export function chooseCashbackBonuses(
  context: PurchaseBonusContext,
  settings: Pick<PromotionSettings, 'firstWeekMaxPerOrder'>,
): CashbackBonuses {
  return {
    newUser: chooseFirstWeekBonus(context.clickedAt, context.signedUpAt, settings),
    isPremium: isPremiumActive(context.premium, context.clickedAt),
    specialCashbackLevel: isSpecialCashbackActive(context.specialCashback, context.clickedAt)
      ? (context.specialCashback?.level ?? null)
      : null,
  }
}

/** Every component of the purchase's cashback (base, x2, premium or Special Cashback) and their total. */
export function computePurchaseCashback(
  purchaseAmount: Satang,
  cashback: Pick<Cashback, 'rateBasisPoints' | 'maxPerOrder'>,
  context: PurchaseBonusContext,
  rates: Pick<FixedRates, 'vip' | 'stairLv1' | 'stairLv2' | 'stairLv3'>,
  settings: Pick<PromotionSettings, 'firstWeekMaxPerOrder'>,
): CashbackAmountResult {
  return computeCashbackAmount(purchaseAmount, cashback, chooseCashbackBonuses(context, settings), rates)
}

/**
 * At approval: the spec pays Special Cashback "on cashback approved while active", so a
 * `special_bonus` recorded at the click is forfeited when the campaign ended (the balance fell
 * below the level, or the 6 months passed) before the purchase was approved. Every other
 * component stands as recorded. The server stores `credited` as the transaction's amount in the
 * approving transaction and shows the forfeited part in its detail.
 */
export function settleCashbackAtApproval(
  recorded: CashbackAmount,
  specialCashback: SpecialCashbackMembership | null,
  approvedAt: Date,
): { credited: CashbackAmount; forfeited: CashbackComponent | null } {
  const special = recorded.components.find((component) => component.kind === 'special_bonus')
  if (special === undefined || isSpecialCashbackActive(specialCashback, approvedAt)) {
    return { credited: recorded, forfeited: null }
  }
  const components = recorded.components.filter((component) => component !== special)
  return {
    credited: { total: components.reduce((sum, component) => sum + component.amount, 0), components },
    forfeited: special,
  }
}
