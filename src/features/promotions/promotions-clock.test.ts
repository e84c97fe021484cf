import { describe, expect, it } from 'vitest'
import type { PromotionsSnapshot } from '#domain/promotions/promotion-states'
import { readPromotionsClock } from './promotions-clock'

const snapshot: PromotionsSnapshot = {
  signedUpAt: new Date('2026-11-01T00:00:00Z'),
  balance: 125_000,
  premium: null,
  specialCashback: null,
  newUserBonus: {
    receivedAt: null,
    receivedAmount: null,
    hasPersonReceivedElsewhere: false,
    qualifyingApprovedSpending: 0,
  },
  hasRedeemedReferral: false,
}

describe('readPromotionsClock', () => {
  it("reads the device's clock when it is not behind anything the server recorded", () => {
    const now = new Date('2026-11-25T06:00:00Z')
    expect(readPromotionsClock(snapshot, now)).toBe(now)
  })

  it('never reads a membership joined a moment ago as not started, on a phone whose clock is behind', () => {
    const joinedAt = new Date('2026-11-25T06:05:00Z')
    const clock = readPromotionsClock(
      { ...snapshot, specialCashback: { level: 1, joinedAt, endedAt: null } },
      new Date('2026-11-25T06:00:00Z'),
    )
    expect(clock).toEqual(joinedAt)
  })

  it('takes the latest of the recorded moments', () => {
    const clock = readPromotionsClock(
      {
        ...snapshot,
        premium: { joinedAt: new Date('2026-11-25T06:01:00Z') },
        newUserBonus: { ...snapshot.newUserBonus, receivedAt: new Date('2026-11-25T06:03:00Z') },
      },
      new Date('2026-11-25T06:00:00Z'),
    )
    expect(clock).toEqual(new Date('2026-11-25T06:03:00Z'))
  })
})
