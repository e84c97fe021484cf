import { describe, expect, it } from 'vitest'
import {
  chooseFirstWeekBonus,
  computeFirstWeekEnd,
  countFirstWeekDaysLeft,
  isFirstWeekClick,
} from './first-week-cashback.ts'
import { defaultPromotionSettings } from './promotion-settings.ts'

const signedUpAt = new Date('2026-03-01T05:00:00Z')

describe('first-week x2 cashback', () => {
  it('lasts 7 × 24 hours from sign-up', () => {
    expect(computeFirstWeekEnd(signedUpAt).toISOString()).toBe('2026-03-08T05:00:00.000Z')
    expect(isFirstWeekClick(signedUpAt, signedUpAt)).toBe(true)
    expect(isFirstWeekClick(new Date('2026-03-08T04:59:59.999Z'), signedUpAt)).toBe(true)
    expect(isFirstWeekClick(new Date('2026-03-08T05:00:00Z'), signedUpAt)).toBe(false)
  })

  it('does not count a click from before sign-up', () => {
    expect(isFirstWeekClick(new Date('2026-03-01T04:00:00Z'), signedUpAt)).toBe(false)
  })

  it('switches on the new-user bonus with the per-order cap from the settings', () => {
    expect(chooseFirstWeekBonus(signedUpAt, signedUpAt, defaultPromotionSettings)).toEqual({ maxPerOrder: 10_000 })
    expect(chooseFirstWeekBonus(new Date('2026-03-09T00:00:00Z'), signedUpAt, defaultPromotionSettings)).toBeNull()
    expect(chooseFirstWeekBonus(signedUpAt, signedUpAt, { firstWeekMaxPerOrder: 2_500 })).toEqual({
      maxPerOrder: 2_500,
    })
  })

  it('is switched off by a cap of 0', () => {
    expect(chooseFirstWeekBonus(signedUpAt, signedUpAt, { firstWeekMaxPerOrder: 0 })).toBeNull()
  })

  it('counts the days left for the new-user page', () => {
    expect(countFirstWeekDaysLeft(signedUpAt, signedUpAt)).toBe(7)
    expect(countFirstWeekDaysLeft(new Date('2026-03-07T06:00:00Z'), signedUpAt)).toBe(1)
    expect(countFirstWeekDaysLeft(new Date('2026-03-10T00:00:00Z'), signedUpAt)).toBe(0)
  })
})
