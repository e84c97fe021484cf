import { describe, expect, it } from 'vitest'
import { defaultFixedRates } from '#domain/contracts/fixed-rate'
import { isFirstWeekOffered } from './promotion-offers'

describe('isFirstWeekOffered', () => {
  it('offers x2 in the first week while it has a cap per order, not once operators set it to 0', () => {
    expect(isFirstWeekOffered(defaultFixedRates)).toBe(true)
    expect(isFirstWeekOffered({ firstWeekMaxPerOrder: 0 })).toBe(false)
  })
})
