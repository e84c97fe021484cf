import { describe, expect, it } from 'vitest'
import { greetingPeriod } from './greeting'

describe('greetingPeriod', () => {
  it('follows the clock in Thailand (UTC+7)', () => {
    expect(greetingPeriod(new Date('2026-11-22T01:00:00Z'))).toBe('morning') // 08:00
    expect(greetingPeriod(new Date('2026-11-22T06:00:00Z'))).toBe('afternoon') // 13:00
    expect(greetingPeriod(new Date('2026-11-22T12:00:00Z'))).toBe('evening') // 19:00
    expect(greetingPeriod(new Date('2026-11-22T18:00:00Z'))).toBe('evening') // 01:00
  })
})

describe('greetingPeriod at the edges', () => {
  it('turns at 04:00, 12:00 and 18:00 in Thailand, across the UTC day', () => {
    expect(greetingPeriod(new Date('2026-11-21T20:59:59Z'))).toBe('evening') // 03:59:59
    expect(greetingPeriod(new Date('2026-11-21T21:00:00Z'))).toBe('morning') // 04:00
    expect(greetingPeriod(new Date('2026-11-22T04:59:59Z'))).toBe('morning') // 11:59:59
    expect(greetingPeriod(new Date('2026-11-22T05:00:00Z'))).toBe('afternoon') // 12:00
    expect(greetingPeriod(new Date('2026-11-22T11:00:00Z'))).toBe('evening') // 18:00
    expect(greetingPeriod(new Date('2026-11-22T17:00:00Z'))).toBe('evening') // 00:00
  })
})
