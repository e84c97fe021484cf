import { estimateCashback } from '../cashback-estimate.ts'
import type { Cashback } from '../contracts/catalogue.ts'
import type { FixedRates } from '../contracts/fixed-rate.ts'
import type { Satang } from '../money.ts'
import { basisPointsPerWhole } from '../rates.ts'

/**
 * The cashback a purchase earns, in integer satang, and the components that made it, so each
 * transaction records why it paid what it paid ("the amount is wrong" is a top complaint:
 * product notes, complaint 5).
 *
 * - `base`: the merchant's rate applied to the purchase amount, rounded down, capped by the
 *   merchant's `maxPerOrder` (`estimateCashback`). `up-to` and `flat` merchants compute alike;
 *   for an `up-to` merchant the caller passes the rate that applied to this purchase when the
 *   network reports it, the headline rate otherwise.
 * - Bonuses are shares of the base, never of each other, so the order they are listed in cannot
 *   change the total and switching one on never changes another:
 *   - `new_user_bonus`: x2 in the first week (spec section 9), i.e. the base once more, capped
 *     per order by the new-user cap (the bonus is our money, not the network's commission);
 *   - `premium_bonus`: +`vip` basis points of the base (+20 %: a ฿10 base earns ฿2 more);
 *   - `special_bonus`: +the stair level's basis points of the base (+20/30/40 %).
 *   Premium and special have no cap of their own: they are proportional to a base the merchant
 *   already caps.
 * - Every component is rounded down to whole satang on its own: we never promise a fraction we
 *   would not pay, and each recorded component adds up to exactly the total.
 */

export const cashbackComponentKinds = ['base', 'new_user_bonus', 'premium_bonus', 'special_bonus'] as const
export type CashbackComponentKind = (typeof cashbackComponentKinds)[number]

export interface CashbackComponent {
  kind: CashbackComponentKind
  amount: Satang
}

export interface CashbackAmount {
  /** The sum of the components. */
  total: Satang
  /** `base` first, then each bonus that was switched on (even when it rounds to 0). */
  components: CashbackComponent[]
}

export const specialCashbackLevels = [1, 2, 3] as const
export type SpecialCashbackLevel = (typeof specialCashbackLevels)[number]

/** Which fixed-rate step each Special Cashback level pays. */
const stairLevelFields = { 1: 'stairLv1', 2: 'stairLv2', 3: 'stairLv3' } as const satisfies Record<
  SpecialCashbackLevel,
  keyof FixedRates
>

/** What the promotions issue switches on for a purchase; `noCashbackBonuses` until then. */
export interface CashbackBonuses {
  /**
   * Set while the shopper is in their first week: `maxPerOrder` caps the doubling of one order,
   * in satang. `null` otherwise.
   */
  newUser: { maxPerOrder: Satang } | null
  isPremium: boolean
  /** The Special Cashback step the shopper is on, `null` when not in the campaign. */
  specialCashbackLevel: SpecialCashbackLevel | null
}

export const noCashbackBonuses: CashbackBonuses = { newUser: null, isPremium: false, specialCashbackLevel: null }

/** `premium_with_special_cashback`: spec section 4, the two are mutually exclusive. */
export const cashbackAmountRefusalCodes = ['premium_with_special_cashback'] as const
export type CashbackAmountRefusalCode = (typeof cashbackAmountRefusalCodes)[number]

export type CashbackAmountResult = { ok: true; amount: CashbackAmount } | { ok: false; code: CashbackAmountRefusalCode }

/**
 * Throws `RangeError` for amounts or rates that are not non-negative integers (a programming
 * error, as in `estimateCashback`); refuses business rule violations with a code.
 */
export function computeCashbackAmount(
  purchaseAmount: Satang,
  cashback: Pick<Cashback, 'rateBasisPoints' | 'maxPerOrder'>,
  bonuses: CashbackBonuses,
  fixedRates: Pick<FixedRates, 'vip' | 'stairLv1' | 'stairLv2' | 'stairLv3'>,
): CashbackAmountResult {
  if (bonuses.isPremium && bonuses.specialCashbackLevel !== null) {
    return { ok: false, code: 'premium_with_special_cashback' }
  }

  const base = estimateCashback(purchaseAmount, cashback)
  const components: CashbackComponent[] = [{ kind: 'base', amount: base }]
  if (bonuses.newUser !== null) {
    components.push({
      kind: 'new_user_bonus',
      amount: estimateCashback(base, {
        rateBasisPoints: basisPointsPerWhole,
        maxPerOrder: bonuses.newUser.maxPerOrder,
      }),
    })
  }
  if (bonuses.isPremium) {
    components.push({
      kind: 'premium_bonus',
      amount: estimateCashback(base, { rateBasisPoints: fixedRates.vip, maxPerOrder: null }),
    })
  }
  if (bonuses.specialCashbackLevel !== null) {
    const stairLevel = fixedRates[stairLevelFields[bonuses.specialCashbackLevel]]
    components.push({
      kind: 'special_bonus',
      amount: estimateCashback(base, { rateBasisPoints: stairLevel.bonusBasisPoints, maxPerOrder: null }),
    })
  }

  const total = components.reduce((sum, component) => sum + component.amount, 0)
  return { ok: true, amount: { total, components } }
}
