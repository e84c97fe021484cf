import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { intlLocaleTags } from './locale.ts'
import { basisPointsPerWhole, formatBasisPoints } from './rates.ts'

describe('formatBasisPoints', () => {
  it('formats basis points as a percent', () => {
    expect(formatBasisPoints(250, 'en')).toBe('2.5%')
    expect(formatBasisPoints(200, 'th')).toBe('2%')
    expect(formatBasisPoints(1234, 'en')).toBe('12.34%')
    expect(formatBasisPoints(5, 'th')).toBe('0.05%')
    expect(formatBasisPoints(0, 'en')).toBe('0%')
  })

  it('writes exactly what Intl writes, in Thai and in English', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2_000_000 }),
        fc.constantFrom('th' as const, 'en' as const),
        (rate, locale) => {
          const intl = new Intl.NumberFormat(intlLocaleTags[locale], { style: 'percent', maximumFractionDigits: 2 })
          expect(formatBasisPoints(rate, locale)).toBe(intl.format(rate / basisPointsPerWhole))
        },
      ),
      { numRuns: 2000, seed: 20261126 },
    )
  })
})
