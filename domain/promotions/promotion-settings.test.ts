import { describe, expect, it } from 'vitest'
import { addBangkokMonths, countDaysLeft, isWithin } from './promotion-settings.ts'

describe('addBangkokMonths', () => {
  it('keeps the Bangkok wall-clock time', () => {
    // 10:00 on 15 January 2026 in Bangkok → 10:00 on 15 July.
    expect(addBangkokMonths(new Date('2026-01-15T03:00:00Z'), 6).toISOString()).toBe('2026-07-15T03:00:00.000Z')
  })

  it('counts months on the Bangkok calendar, not the UTC one', () => {
    // 00:30 on 1 March in Bangkok is still 28 February in UTC; 6 months later is 1 September in Bangkok.
    expect(addBangkokMonths(new Date('2026-02-28T17:30:00Z'), 6).toISOString()).toBe('2026-08-31T17:30:00.000Z')
  })

  it('stops at the last day of a shorter month', () => {
    // 31 August 2026 in Bangkok + 6 months → 28 February 2027.
    expect(addBangkokMonths(new Date('2026-08-31T05:00:00Z'), 6).toISOString()).toBe('2027-02-28T05:00:00.000Z')
    // 29 February 2028 + 24 months → 28 February 2030.
    expect(addBangkokMonths(new Date('2028-02-29T05:00:00Z'), 24).toISOString()).toBe('2030-02-28T05:00:00.000Z')
  })

  it('refuses fractional months', () => {
    expect(() => addBangkokMonths(new Date(), 1.5)).toThrow(RangeError)
  })
})

describe('countDaysLeft and isWithin', () => {
  const end = new Date('2026-01-08T00:00:00Z')
  it('counts a started day as one and is 0 once over', () => {
    expect(countDaysLeft(new Date('2026-01-01T00:00:00Z'), end)).toBe(7)
    expect(countDaysLeft(new Date('2026-01-07T23:00:00Z'), end)).toBe(1)
    expect(countDaysLeft(end, end)).toBe(0)
  })

  it('includes the start and excludes the end', () => {
    const start = new Date('2026-01-01T00:00:00Z')
    expect(isWithin(start, start, end)).toBe(true)
    expect(isWithin(end, start, end)).toBe(false)
  })
})
