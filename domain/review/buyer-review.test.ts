import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import {
  buyerReviewSettingsOverrideSchema,
  defaultBuyerReviewSettings,
  findBuyerReviewReasons,
  startOfReviewWindow,
  type BuyerReviewFacts,
} from './buyer-review.ts'

const now = new Date('2026-11-26T12:00:00Z')
const day = 24 * 60 * 60 * 1000
const daysAgo = (days: number) => new Date(now.getTime() - days * day)
const clean: BuyerReviewFacts = { negativeBalanceSince: null, cancelledAt: [], latestFraudFlagAt: null }
const settings = defaultBuyerReviewSettings

describe('the buyer review rule', () => {
  it('has nothing to say about a buyer with a clean record', () => {
    expect(findBuyerReviewReasons(clean, settings, now)).toEqual([])
  })

  it('lists a wallet negative for more than 30 days, not one negative for 30 days or less', () => {
    expect(settings.negativeBalanceDays).toBe(30)
    const negativeFor = (days: number) =>
      findBuyerReviewReasons({ ...clean, negativeBalanceSince: daysAgo(days) }, settings, now)
    expect(negativeFor(30)).toEqual([])
    expect(negativeFor(30.01)).toEqual(['negative_balance'])
    expect(negativeFor(400)).toEqual(['negative_balance'])
    expect(negativeFor(1)).toEqual([])
  })

  it('lists 5 cancellations within 30 days, not 4, and not older ones', () => {
    const cancelled = (times: Date[]) => findBuyerReviewReasons({ ...clean, cancelledAt: times }, settings, now)
    expect(cancelled([1, 2, 3, 4].map(daysAgo))).toEqual([])
    expect(cancelled([1, 2, 3, 4, 30].map(daysAgo))).toEqual(['frequent_cancellations'])
    expect(cancelled([1, 2, 3, 4, 30.5].map(daysAgo))).toEqual([])
    // A clock moved back (a test, a skewed process) does not count the future.
    expect(cancelled([1, 2, 3, 4, -1].map(daysAgo))).toEqual([])
  })

  it('lists a fraud flag within 90 days', () => {
    const flagged = (days: number) =>
      findBuyerReviewReasons({ ...clean, latestFraudFlagAt: daysAgo(days) }, settings, now)
    expect(flagged(0)).toEqual(['fraud_flag'])
    expect(flagged(90)).toEqual(['fraud_flag'])
    expect(flagged(91)).toEqual([])
  })

  it('gives every reason that applies, in a fixed order, and follows the settings', () => {
    const facts: BuyerReviewFacts = {
      negativeBalanceSince: daysAgo(8),
      cancelledAt: [daysAgo(1), daysAgo(2)],
      latestFraudFlagAt: daysAgo(100),
    }
    expect(findBuyerReviewReasons(facts, settings, now)).toEqual([])
    const strict = { negativeBalanceDays: 7, cancellationCount: 2, cancellationWindowDays: 7, fraudFlagWindowDays: 365 }
    expect(findBuyerReviewReasons(facts, strict, now)).toEqual([
      'negative_balance',
      'frequent_cancellations',
      'fraud_flag',
    ])
  })

  it('takes only whole, positive overrides', () => {
    expect(v.is(buyerReviewSettingsOverrideSchema, { negativeBalanceDays: 14 })).toBe(true)
    expect(v.is(buyerReviewSettingsOverrideSchema, {})).toBe(true)
    expect(v.is(buyerReviewSettingsOverrideSchema, { cancellationCount: 0 })).toBe(false)
    expect(v.is(buyerReviewSettingsOverrideSchema, { fraudFlagWindowDays: 1.5 })).toBe(false)
    expect(startOfReviewWindow(now, 30).toISOString()).toBe('2026-10-27T12:00:00.000Z')
  })
})
