import { describe, expect, it } from 'vitest'
import { formatDate, formatDateTime } from './dates'

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
