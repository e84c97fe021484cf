import * as v from 'valibot'

/**
 * `GET /utils/fixed-rate/thb` (spec sections 7 and 9): the business constants the app shows and
 * enforces, for the THB wallet. Public, `Cache-Control: no-cache` with an ETag: a browser asks
 * every time (a bodiless 304 when unchanged), so no form works from a fee or minimum since changed.
 * Operators change them in the `app_settings` table (key `fixed_rate_thb`, a partial object
 * merged over `defaultFixedRates`); the spec gives the field names, the values are ours.
 *
 * Units, so nothing is guessed on either side:
 * - money: integer satang (THB 1 = 100 satang);
 * - bonus rates and fees: integer basis points (1 % = 100 bps, 20 % = 2000 bps);
 * - `rating`: a percent 0..100, compared with `Buyer.rating`.
 */

const satangSchema = v.pipe(v.number(), v.integer(), v.minValue(0))
const basisPointsSchema = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(10_000))

/** One step of the Special Cashback campaign (spec section 9: +20 %, +30 %, +40 %). */
export const stairLevelSchema = v.object({
  /** Extra cashback on top of the merchant's rate, in basis points. */
  bonusBasisPoints: basisPointsSchema,
  /** Accumulated balance needed to join (and to stay in) this step, in satang (spec sections 4 and 5). */
  minimumBalance: satangSchema,
})
export type StairLevel = v.InferOutput<typeof stairLevelSchema>

export const fixedRatesSchema = v.object({
  /** Premium membership extra bonus, basis points (spec: +20 % for 2 years). */
  vip: basisPointsSchema,
  /** Rating (percent) at or above which cashback arrives in 1 day (spec: 95). */
  rating: v.pipe(v.number(), v.minValue(0), v.maxValue(100)),
  stairLv1: stairLevelSchema,
  stairLv2: stairLevelSchema,
  stairLv3: stairLevelSchema,
  /** Referral bonus paid to the referrer when the friend reaches the spending threshold, satang. */
  getFriend: satangSchema,
  /** New-user bonus, satang (spec: 100 baht). */
  firstBonus: satangSchema,
  /** Largest cashback of one order paid in 1 day on rating alone, satang; above it a proof is needed. */
  maxForRating: satangSchema,
  /** Largest cashback of one order paid in 1 day with a proof of purchase, satang. */
  maxForProof: satangSchema,
  /** Smallest withdrawal, satang ('Unable to withdraw below THB {amount}'). */
  minWithdrawal: satangSchema,
  /** System fee on a withdrawal, basis points (spec: 10 %). */
  withdrawalFee: basisPointsSchema,
  /**
   * Ours (the spec gives two schemes; docs/decisions/006): points per baht exchanged (THB 1 = 5
   * points) and the smallest exchange, satang (THB 150 = 750 points).
   */
  pointsPerBaht: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1_000)),
  minPointsExchange: satangSchema,
  /**
   * Ours, the promotion settings the spec leaves without a value (docs/decisions/013):
   * the most the x2 first-week part of one order adds, satang (the spec's "cap per order");
   */
  firstWeekMaxPerOrder: satangSchema,
  /** what premium membership costs, satang, paid from the wallet balance; */
  premiumPrice: satangSchema,
  /** approved purchase amounts, satang, that earn the new-user bonus (`firstBonus`); */
  newUserBonusSpendingThreshold: satangSchema,
  /** a referred friend's approved purchase amounts, satang, that pay the referrer `getFriend`. */
  referralSpendingThreshold: satangSchema,
})
export type FixedRates = v.InferOutput<typeof fixedRatesSchema>

export const defaultFixedRates: FixedRates = {
  vip: 2000,
  rating: 95,
  stairLv1: { bonusBasisPoints: 2000, minimumBalance: 100_000 },
  stairLv2: { bonusBasisPoints: 3000, minimumBalance: 300_000 },
  stairLv3: { bonusBasisPoints: 4000, minimumBalance: 500_000 },
  getFriend: 5_000,
  firstBonus: 10_000,
  maxForRating: 50_000,
  maxForProof: 200_000,
  minWithdrawal: 10_000,
  withdrawalFee: 1000,
  pointsPerBaht: 5,
  minPointsExchange: 15_000,
  // ฿100: the extra of one order never exceeds the ฿100 new-user bonus itself.
  firstWeekMaxPerOrder: 10_000,
  // ฿199: paid back by the +20 % within about ฿1,000 of base cashback over the 2 years.
  premiumPrice: 19_900,
  // ฿500 of purchases the merchants confirmed: a fresh account must really shop to earn a bonus.
  newUserBonusSpendingThreshold: 50_000,
  referralSpendingThreshold: 50_000,
}

/** What the `fixed_rate_thb` settings row may hold: any subset, each field validated. */
export const fixedRatesOverrideSchema = v.partial(fixedRatesSchema)
