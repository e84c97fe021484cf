import type { FixedRates } from '../contracts/fixed-rate.ts'
import type { Satang } from '../money.ts'

/**
 * The shopper's rating (spec sections 4 and 9): the share of their decided purchases that were
 * approved, as a percent. Each purchase counts once, under its final outcome:
 * - `approved` raises it;
 * - `returned` (rejected or reversed after a return), `cancelled_by_merchant` and `flagged`
 *   (behaviour an operator flagged, e.g. more than 5 pieces of one item a day) lower it;
 * - `cancelled_by_shopper` leaves it alone: the spec says the rating never falls when the user
 *   cancels, so such purchases are not counted at all, as if never made. It also holds every
 *   cancellation whose side nobody knows (see `unknownSideCancellationOutcome`).
 * Purchases still tracking or pending are not decided and do not count either.
 *
 * Which outcome a rejected or cancelled transaction had is the server's to know (the network's
 * reason, the operator's decision); this module only holds the rule.
 */
export const purchaseOutcomes = [
  'approved',
  'returned',
  'cancelled_by_merchant',
  'flagged',
  'cancelled_by_shopper',
] as const
export type PurchaseOutcome = (typeof purchaseOutcomes)[number]

export type PurchaseOutcomeCounts = Readonly<Record<PurchaseOutcome, number>>

/**
 * The outcome of a cancellation when nobody says who cancelled: networks report `cancelled`
 * without a side. The spec promises that the shopper's own cancellations never lower the rating,
 * and counting an unknown one against them could break that promise, so it gets the benefit of
 * the doubt and the not-counted outcome. The name of that outcome says "by shopper" because it
 * is the shopper's promise that decides it; what it really holds is "a cancellation that does
 * not count". Only a cancellation known to be the merchant's (an operator's decision) is
 * `cancelled_by_merchant`.
 */
export const unknownSideCancellationOutcome = 'cancelled_by_shopper' satisfies PurchaseOutcome

/**
 * A shopper with no decided purchase has done nothing to lose a point: 100, the spec's "100
 * percent when all purchases are approved" read for zero purchases. Showing 0 would tell a new
 * member they have a bad record. It unlocks nothing by itself: 1-day cashback also needs
 * `minimumDecidedPurchasesForOneDay`.
 */
export const ratingWithoutDecidedPurchases = 100

/**
 * Percent with one decimal, rounded down (947 approved of 1,000 decided is 94.7). One decimal so
 * one more return visibly moves a long record; rounded down so a rating only reads 95 once it
 * truly is 95 (94.96 must not unlock 1-day cashback), and 100 only when every purchase is
 * approved.
 */
export function computeRating(counts: PurchaseOutcomeCounts): number {
  for (const outcome of purchaseOutcomes) {
    const count = counts[outcome]
    if (!Number.isSafeInteger(count) || count < 0) {
      throw new RangeError(`${outcome} must be a non-negative integer, got ${count}`)
    }
  }
  const decided = countDecidedPurchases(counts)
  if (decided === 0) return ratingWithoutDecidedPurchases
  // Integer tenths first, so the floor works on an exact quotient, not on a float percent.
  return Math.floor((counts.approved * 1_000) / decided) / 10
}

/**
 * Fewest decided purchases before a rating unlocks 1-day cashback: a new account's 100 % says
 * nothing yet, and the 1-day path pays before the merchant confirms (a later rejection is taken
 * back, possibly leaving the wallet negative), so it needs a record to trust.
 */
export const minimumDecidedPurchasesForOneDay = 3

export function countDecidedPurchases(counts: PurchaseOutcomeCounts): number {
  return counts.approved + counts.returned + counts.cancelled_by_merchant + counts.flagged
}

/**
 * Spec section 9: at the `rating` fixed rate (95) or above, cashback arrives 1 day after the
 * purchase is confirmed instead of after the merchant's 30 to 120 days.
 */
export function isEligibleForOneDayCashback(
  counts: PurchaseOutcomeCounts,
  fixedRates: Pick<FixedRates, 'rating'>,
): boolean {
  return countDecidedPurchases(counts) >= minimumDecidedPurchasesForOneDay && computeRating(counts) >= fixedRates.rating
}

/**
 * Spec section 9: without 1-day cashback, cashback "normally arrives 30 to 120 days after merchant
 * confirmation" (the merchants' return windows); what the help pages tell shoppers to expect.
 */
export const standardCashbackWaitDays = { from: 30, to: 120 } as const

/**
 * How an approved transaction's cashback becomes available:
 * - `one_day`: eligible rating and cashback up to `maxForRating`;
 * - `one_day_with_proof`: eligible rating and cashback up to `maxForProof`, once a proof of
 *   purchase is approved (spec section 9: "with a proof for larger orders");
 * - `standard`: the merchant's usual 30 to 120 days after confirmation.
 */
export const cashbackReleasePaths = ['one_day', 'one_day_with_proof', 'standard'] as const
export type CashbackReleasePath = (typeof cashbackReleasePaths)[number]

export function chooseCashbackReleasePath(
  counts: PurchaseOutcomeCounts,
  cashbackAmount: Satang,
  fixedRates: Pick<FixedRates, 'rating' | 'maxForRating' | 'maxForProof'>,
): CashbackReleasePath {
  if (!isEligibleForOneDayCashback(counts, fixedRates)) return 'standard'
  if (cashbackAmount <= fixedRates.maxForRating) return 'one_day'
  if (cashbackAmount <= fixedRates.maxForProof) return 'one_day_with_proof'
  return 'standard'
}
