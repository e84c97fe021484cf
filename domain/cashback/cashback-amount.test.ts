import { describe, expect, it } from 'vitest'
import type { Cashback } from '../contracts/catalogue.ts'
import { defaultFixedRates } from '../contracts/fixed-rate.ts'
import { computeCashbackAmount, noCashbackBonuses, type CashbackBonuses } from './cashback-amount.ts'

const upToFivePercent: Cashback = { kind: 'up-to', rateBasisPoints: 500, maxPerOrder: null }
/** Flat 2 % capped at ฿100 (spec section 9). */
const flatTwoPercent: Cashback = { kind: 'flat', rateBasisPoints: 200, maxPerOrder: 10_000 }

function compute(purchaseAmount: number, cashback: Cashback, bonuses: Partial<CashbackBonuses> = {}) {
  return computeCashbackAmount(purchaseAmount, cashback, { ...noCashbackBonuses, ...bonuses }, defaultFixedRates)
}

describe('computeCashbackAmount', () => {
  it('is the merchant rate on the purchase when no bonus is on', () => {
    // ฿1,000 at 5 % = ฿50.
    expect(compute(100_000, upToFivePercent)).toEqual({
      ok: true,
      amount: { total: 5_000, components: [{ kind: 'base', amount: 5_000 }] },
    })
  })

  it('stops the base at the merchant cap per order, for flat and up-to merchants alike', () => {
    // ฿10,000 at 2 % would be ฿200; the cap is ฿100.
    expect(compute(1_000_000, flatTwoPercent)).toMatchObject({ amount: { total: 10_000 } })
    expect(compute(1_000_000, { ...flatTwoPercent, kind: 'up-to' })).toMatchObject({ amount: { total: 10_000 } })
    expect(compute(100_000, flatTwoPercent)).toMatchObject({ amount: { total: 2_000 } })
  })

  it('doubles the base for a new user, up to the new-user cap per order', () => {
    expect(compute(100_000, upToFivePercent, { newUser: { maxPerOrder: 3_000 } })).toEqual({
      ok: true,
      amount: {
        total: 8_000,
        components: [
          { kind: 'base', amount: 5_000 },
          { kind: 'new_user_bonus', amount: 3_000 },
        ],
      },
    })
    expect(compute(40_000, upToFivePercent, { newUser: { maxPerOrder: 3_000 } })).toMatchObject({
      amount: { total: 4_000, components: [{ amount: 2_000 }, { amount: 2_000 }] },
    })
  })

  it('doubles the capped base, not the uncapped one: the merchant pays us no more than its cap', () => {
    expect(compute(1_000_000, flatTwoPercent, { newUser: { maxPerOrder: 50_000 } })).toMatchObject({
      amount: { total: 20_000 },
    })
  })

  it('adds the premium share of the base (fixed rate vip, +20 %)', () => {
    expect(compute(100_000, upToFivePercent, { isPremium: true })).toEqual({
      ok: true,
      amount: {
        total: 6_000,
        components: [
          { kind: 'base', amount: 5_000 },
          { kind: 'premium_bonus', amount: 1_000 },
        ],
      },
    })
  })

  it.each([
    [1, 1_000],
    [2, 1_500],
    [3, 2_000],
  ] as const)('adds the Special Cashback share of level %i', (specialCashbackLevel, bonus) => {
    expect(compute(100_000, upToFivePercent, { specialCashbackLevel })).toEqual({
      ok: true,
      amount: {
        total: 5_000 + bonus,
        components: [
          { kind: 'base', amount: 5_000 },
          { kind: 'special_bonus', amount: bonus },
        ],
      },
    })
  })

  it('follows the operator’s fixed rates, not the defaults', () => {
    const fixedRates = { ...defaultFixedRates, vip: 2_500, stairLv2: { bonusBasisPoints: 5_000, minimumBalance: 0 } }
    const cashback = { rateBasisPoints: 500, maxPerOrder: null }
    expect(
      computeCashbackAmount(100_000, cashback, { ...noCashbackBonuses, isPremium: true }, fixedRates),
    ).toMatchObject({ amount: { total: 6_250 } })
    expect(
      computeCashbackAmount(100_000, cashback, { ...noCashbackBonuses, specialCashbackLevel: 2 }, fixedRates),
    ).toMatchObject({ amount: { total: 7_500 } })
  })

  it('computes each bonus from the base, so new-user and premium do not compound', () => {
    expect(compute(100_000, upToFivePercent, { newUser: { maxPerOrder: 100_000 }, isPremium: true })).toEqual({
      ok: true,
      amount: {
        total: 11_000,
        components: [
          { kind: 'base', amount: 5_000 },
          { kind: 'new_user_bonus', amount: 5_000 },
          { kind: 'premium_bonus', amount: 1_000 },
        ],
      },
    })
  })

  it('rounds every component down to whole satang, and the components add up to the total', () => {
    // ฿9.99 at 3.33 % = 33.27 satang → 33; +20 % = 6.6 → 6; x2 = 33.
    const result = compute(
      999,
      { kind: 'up-to', rateBasisPoints: 333, maxPerOrder: null },
      {
        newUser: { maxPerOrder: 1_000 },
        specialCashbackLevel: 1,
      },
    )
    expect(result).toEqual({
      ok: true,
      amount: {
        total: 72,
        components: [
          { kind: 'base', amount: 33 },
          { kind: 'new_user_bonus', amount: 33 },
          { kind: 'special_bonus', amount: 6 },
        ],
      },
    })
  })

  it('records a switched-on bonus even when it rounds to nothing', () => {
    // ฿0.80 at 5 % = 4 satang; +20 % of 4 = 0.8 → 0.
    expect(compute(80, upToFivePercent, { isPremium: true })).toEqual({
      ok: true,
      amount: {
        total: 4,
        components: [
          { kind: 'base', amount: 4 },
          { kind: 'premium_bonus', amount: 0 },
        ],
      },
    })
    expect(compute(0, upToFivePercent, { isPremium: true })).toMatchObject({
      amount: { total: 0, components: [{ amount: 0 }, { kind: 'premium_bonus', amount: 0 }] },
    })
  })

  it('refuses premium together with Special Cashback (spec section 4)', () => {
    expect(compute(100_000, upToFivePercent, { isPremium: true, specialCashbackLevel: 1 })).toEqual({
      ok: false,
      code: 'premium_with_special_cashback',
    })
  })

  it('refuses amounts and caps that are not integer satang', () => {
    expect(() => compute(10.5, upToFivePercent)).toThrow(RangeError)
    expect(() => compute(-1, upToFivePercent)).toThrow(RangeError)
    expect(() => compute(100_000, upToFivePercent, { newUser: { maxPerOrder: -1 } })).toThrow(RangeError)
  })

  it('stays exact for the largest purchase the catalogue stores', () => {
    const result = compute(
      2_147_483_647,
      { kind: 'up-to', rateBasisPoints: 10_000, maxPerOrder: null },
      {
        newUser: { maxPerOrder: 2_147_483_647 },
        isPremium: true,
      },
    )
    expect(result).toMatchObject({ amount: { total: 2_147_483_647 * 2 + 429_496_729 } })
  })
})
