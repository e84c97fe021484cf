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
