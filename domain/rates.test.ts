import { describe, expect, it } from 'vitest'
import { formatBasisPoints } from './rates.ts'

describe('formatBasisPoints', () => {
  it('formats basis points as a percent', () => {
    expect(formatBasisPoints(250, 'en')).toBe('2.5%')
    expect(formatBasisPoints(200, 'th')).toBe('2%')
    expect(formatBasisPoints(1234, 'en')).toBe('12.34%')
  })
})
