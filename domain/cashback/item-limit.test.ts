import { describe, expect, it } from 'vitest'
import { bangkokDayOf, countPieces, isPastDailyItemLimit, maxPiecesPerItemPerDay } from './item-limit.ts'

describe('the daily item limit', () => {
  it('lets through pieces up to the fifth and stops the sixth', () => {
    expect(maxPiecesPerItemPerDay).toBe(5)
    const outcomes = [0, 1, 2, 3, 4, 5, 6].map((counted) => isPastDailyItemLimit(counted, 1))
    expect(outcomes).toEqual([false, false, false, false, false, true, true])
  })

  it('cancels a line that crosses the limit whole, and lets a later line that fits through', () => {
    expect(isPastDailyItemLimit(3, 3)).toBe(true)
    expect(isPastDailyItemLimit(3, 2)).toBe(false)
    expect(isPastDailyItemLimit(0, 5)).toBe(false)
    expect(isPastDailyItemLimit(0, 6)).toBe(true)
  })

  it('counts a conversion without a quantity as one piece', () => {
    expect(countPieces(null)).toBe(1)
    expect(countPieces(4)).toBe(4)
    expect(isPastDailyItemLimit(4, null)).toBe(false)
    expect(isPastDailyItemLimit(5, null)).toBe(true)
  })

  it('refuses counts that cannot be', () => {
    expect(() => isPastDailyItemLimit(-1, 1)).toThrow(RangeError)
    expect(() => isPastDailyItemLimit(0, 0)).toThrow(RangeError)
    expect(() => isPastDailyItemLimit(1.5, 1)).toThrow(RangeError)
  })
})

describe('the Bangkok day', () => {
  it('runs from 00:00 to 24:00 Bangkok time (17:00 UTC the evening before)', () => {
    const day = bangkokDayOf(new Date('2026-11-26T16:59:59.999Z'))
    expect(day.from.toISOString()).toBe('2026-11-25T17:00:00.000Z')
    expect(day.until.toISOString()).toBe('2026-11-26T17:00:00.000Z')
    expect(bangkokDayOf(new Date('2026-11-26T17:00:00.000Z')).from.toISOString()).toBe('2026-11-26T17:00:00.000Z')
  })
})
