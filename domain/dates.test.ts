import { describe, expect, it } from 'vitest'
import { displayDayKey, formatDate, formatDateTime, formatMonth, formatTime } from './dates.ts'

describe('formatDate', () => {
  it('uses the Buddhist era in Thai and the Gregorian year in English', () => {
    const date = new Date('2026-11-22T05:00:00Z')
    expect(formatDate(date, 'th')).toBe('22 พฤศจิกายน 2569')
    expect(formatDate(date, 'en')).toBe('November 22, 2026')
    expect(formatDate(date, 'th', 'short')).toBe('22 พ.ย. 2569')
  })

  it('uses the date in Thailand, not in UTC', () => {
    // 20:00 UTC on 31 Dec is already 1 Jan in Bangkok (UTC+7).
    expect(formatDate(new Date('2026-12-31T20:00:00Z'), 'en')).toBe('January 1, 2027')
    expect(formatDateTime(new Date('2026-12-31T20:00:00Z'), 'th')).toContain('2570')
  })
})

describe('formatMonth', () => {
  it('names the month, with the Buddhist year in Thai', () => {
    expect(formatMonth('2026-11', 'en')).toBe('Nov')
    expect(formatMonth('2026-11', 'en', { withYear: true })).toBe('Nov 2026')
    expect(formatMonth('2026-11', 'th', { withYear: true })).toContain('2569')
  })

  it('refuses what is not a month', () => {
    expect(() => formatMonth('November', 'en')).toThrow(RangeError)
  })
})

describe('formatTime and displayDayKey', () => {
  it('give the time and the day in Thailand, not in UTC', () => {
    const lateEvening = new Date('2026-12-31T17:30:00Z')
    expect(formatTime(lateEvening, 'th')).toBe('00:30')
    expect(formatTime(new Date('2026-11-22T07:05:00Z'), 'en')).toBe('02:05 PM')
    expect(displayDayKey(lateEvening)).toBe('2027-01-01')
    expect(displayDayKey(new Date('2026-12-31T16:59:59Z'))).toBe('2026-12-31')
  })
})
