import { describe, expect, it } from 'vitest'
import { estimateCashback, netPriceAfterCashback } from './cashback-estimate.ts'

describe('estimateCashback', () => {
  it('applies the rate in basis points to the price in satang', () => {
    // ฿1,000 at 2.5 % = ฿25
    expect(estimateCashback(100_000, { rateBasisPoints: 250, maxPerOrder: null })).toBe(2_500)
  })

  it('rounds down to whole satang', () => {
    // ฿9.99 at 3.33 % = 33.2667 satang
    expect(estimateCashback(999, { rateBasisPoints: 333, maxPerOrder: null })).toBe(33)
    expect(estimateCashback(1, { rateBasisPoints: 9_999, maxPerOrder: null })).toBe(0)
  })

  it('stops at the cap per order', () => {
    // Flat 2 % capped at ฿100: ฿10,000 would earn ฿200.
    expect(estimateCashback(1_000_000, { rateBasisPoints: 200, maxPerOrder: 10_000 })).toBe(10_000)
    expect(estimateCashback(100_000, { rateBasisPoints: 200, maxPerOrder: 10_000 })).toBe(2_000)
  })

  it('earns nothing on a free item or at a zero rate', () => {
    expect(estimateCashback(0, { rateBasisPoints: 500, maxPerOrder: null })).toBe(0)
    expect(estimateCashback(50_000, { rateBasisPoints: 0, maxPerOrder: 1_000 })).toBe(0)
  })

  it('stays exact for the largest prices the catalogue stores', () => {
    expect(estimateCashback(2_147_483_647, { rateBasisPoints: 10_000, maxPerOrder: null })).toBe(2_147_483_647)
  })

  it('refuses amounts that are not integer satang', () => {
    expect(() => estimateCashback(10.5, { rateBasisPoints: 100, maxPerOrder: null })).toThrow(RangeError)
    expect(() => estimateCashback(-1, { rateBasisPoints: 100, maxPerOrder: null })).toThrow(RangeError)
    expect(() => estimateCashback(100, { rateBasisPoints: 1.5, maxPerOrder: null })).toThrow(RangeError)
    expect(() => estimateCashback(100, { rateBasisPoints: 100, maxPerOrder: -5 })).toThrow(RangeError)
  })
})

describe('netPriceAfterCashback', () => {
  it('is the price minus the estimated cashback', () => {
    expect(netPriceAfterCashback(100_000, { rateBasisPoints: 250, maxPerOrder: null })).toBe(97_500)
    expect(netPriceAfterCashback(1_000_000, { rateBasisPoints: 200, maxPerOrder: 10_000 })).toBe(990_000)
  })
})
