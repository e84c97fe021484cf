import { describe, expect, it } from 'vitest'
import { defaultFixedRates } from '../contracts/fixed-rate.ts'
import {
  chooseCashbackReleasePath,
  computeRating,
  countDecidedPurchases,
  isEligibleForOneDayCashback,
  minimumDecidedPurchasesForOneDay,
  purchaseOutcomes,
  ratingWithoutDecidedPurchases,
  unknownSideCancellationOutcome,
  type PurchaseOutcomeCounts,
} from './rating.ts'

const none: PurchaseOutcomeCounts = {
  approved: 0,
  returned: 0,
  cancelled_by_merchant: 0,
  flagged: 0,
  cancelled_by_shopper: 0,
}

describe('computeRating', () => {
  it('is 100 when every decided purchase is approved', () => {
    expect(computeRating({ ...none, approved: 1 })).toBe(100)
    expect(computeRating({ ...none, approved: 250 })).toBe(100)
  })

  it('is 100 for a shopper with no decided purchase yet', () => {
    expect(computeRating(none)).toBe(ratingWithoutDecidedPurchases)
    expect(ratingWithoutDecidedPurchases).toBe(100)
  })

  it.each(['returned', 'cancelled_by_merchant', 'flagged'] as const)('falls on %s', (outcome) => {
    expect(computeRating({ ...none, approved: 3, [outcome]: 1 })).toBe(75)
  })

  it('never falls on the shopper’s own cancellations', () => {
    expect(computeRating({ ...none, approved: 3, cancelled_by_shopper: 40 })).toBe(100)
    expect(computeRating({ ...none, approved: 3, returned: 1, cancelled_by_shopper: 40 })).toBe(75)
    expect(computeRating({ ...none, cancelled_by_shopper: 2 })).toBe(ratingWithoutDecidedPurchases)
  })

  it('never falls on a cancellation whose side nobody knows', () => {
    expect(purchaseOutcomes).toContain(unknownSideCancellationOutcome)
    expect(unknownSideCancellationOutcome).not.toBe('cancelled_by_merchant')
    expect(computeRating({ ...none, approved: 3, [unknownSideCancellationOutcome]: 5 })).toBe(100)
    expect(countDecidedPurchases({ ...none, [unknownSideCancellationOutcome]: 5 })).toBe(0)
  })

  it('rises on approvals', () => {
    const before = computeRating({ ...none, approved: 9, returned: 1 })
    const after = computeRating({ ...none, approved: 10, returned: 1 })
    expect(before).toBe(90)
    expect(after).toBeGreaterThan(before)
  })

  it('is 0 when nothing decided was approved', () => {
    expect(computeRating({ ...none, returned: 2, flagged: 1 })).toBe(0)
  })

  it('keeps one decimal, rounded down, so 100 and 95 are only reached for real', () => {
    expect(computeRating({ ...none, approved: 2, returned: 1 })).toBe(66.6)
    expect(computeRating({ ...none, approved: 947, returned: 53 })).toBe(94.7)
    // 94.96 %: not 95.
    expect(computeRating({ ...none, approved: 2_374, returned: 126 })).toBe(94.9)
    expect(computeRating({ ...none, approved: 19, returned: 1 })).toBe(95)
    // 99.99 %: not 100.
    expect(computeRating({ ...none, approved: 9_999, returned: 1 })).toBe(99.9)
  })

  it('refuses counts that are not non-negative integers', () => {
    expect(() => computeRating({ ...none, approved: -1 })).toThrow(RangeError)
    expect(() => computeRating({ ...none, flagged: 1.5 })).toThrow(RangeError)
    expect(() => computeRating({ ...none, cancelled_by_shopper: Number.NaN })).toThrow(RangeError)
  })
})

/** Outcome counts with the given rating: `approved` of 1,000 decided (95 → 950 approved). */
function countsRated(ratingTenths: number) {
  return { ...none, approved: ratingTenths, returned: 1_000 - ratingTenths }
}

describe('isEligibleForOneDayCashback', () => {
  it('starts at the rating fixed rate (95)', () => {
    expect(isEligibleForOneDayCashback(countsRated(950), defaultFixedRates)).toBe(true)
    expect(isEligibleForOneDayCashback(countsRated(1_000), defaultFixedRates)).toBe(true)
    expect(isEligibleForOneDayCashback(countsRated(949), defaultFixedRates)).toBe(false)
    expect(isEligibleForOneDayCashback(countsRated(0), defaultFixedRates)).toBe(false)
  })

  it('follows the operator’s threshold', () => {
    expect(isEligibleForOneDayCashback(countsRated(900), { rating: 90 })).toBe(true)
    expect(isEligibleForOneDayCashback(countsRated(950), { rating: 97.5 })).toBe(false)
  })

  it('needs a record: a new account’s 100 % alone does not unlock it', () => {
    expect(isEligibleForOneDayCashback(none, defaultFixedRates)).toBe(false)
    const almost = { ...none, approved: minimumDecidedPurchasesForOneDay - 1, cancelled_by_shopper: 5 }
    expect(isEligibleForOneDayCashback(almost, defaultFixedRates)).toBe(false)
    expect(isEligibleForOneDayCashback({ ...almost, approved: almost.approved + 1 }, defaultFixedRates)).toBe(true)
  })
})

describe('chooseCashbackReleasePath', () => {
  const { maxForRating, maxForProof } = defaultFixedRates

  it('releases in 1 day on rating alone up to maxForRating', () => {
    expect(chooseCashbackReleasePath(countsRated(950), maxForRating, defaultFixedRates)).toBe('one_day')
    expect(chooseCashbackReleasePath(countsRated(1_000), 0, defaultFixedRates)).toBe('one_day')
  })

  it('asks for a proof above maxForRating, up to maxForProof', () => {
    expect(chooseCashbackReleasePath(countsRated(950), maxForRating + 1, defaultFixedRates)).toBe('one_day_with_proof')
    expect(chooseCashbackReleasePath(countsRated(950), maxForProof, defaultFixedRates)).toBe('one_day_with_proof')
  })

  it('keeps the usual wait above maxForProof or below the rating threshold', () => {
    expect(chooseCashbackReleasePath(countsRated(1_000), maxForProof + 1, defaultFixedRates)).toBe('standard')
    expect(chooseCashbackReleasePath(countsRated(949), 1, defaultFixedRates)).toBe('standard')
  })
})
