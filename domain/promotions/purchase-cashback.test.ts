import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { computeCashbackAmount } from '../cashback/cashback-amount.ts'
import { defaultFixedRates } from '../contracts/fixed-rate.ts'
import { defaultPromotionSettings } from './promotion-settings.ts'
import {
  chooseCashbackBonuses,
  computePurchaseCashback,
  settleCashbackAtApproval,
  type PurchaseBonusContext,
} from './purchase-cashback.ts'

const signedUpAt = new Date('2026-01-01T03:00:00Z')
const fivePercent = { rateBasisPoints: 500, maxPerOrder: null }
const context: PurchaseBonusContext = {
  clickedAt: new Date('2026-03-01T03:00:00Z'),
  signedUpAt,
  premium: null,
  specialCashback: null,
}

describe('computePurchaseCashback', () => {
  it('is the base alone outside every promotion', () => {
    expect(computePurchaseCashback(100_000, fivePercent, context, defaultFixedRates, defaultPromotionSettings)).toEqual(
      { ok: true, amount: { total: 5_000, components: [{ kind: 'base', amount: 5_000 }] } },
    )
  })

  it('adds x2 in the first week, capped per order by the setting', () => {
    const firstWeek = { ...context, clickedAt: new Date('2026-01-03T00:00:00Z') }
    expect(
      computePurchaseCashback(1_000_000, fivePercent, firstWeek, defaultFixedRates, defaultPromotionSettings),
    ).toEqual({
      ok: true,
      amount: {
        total: 60_000,
        components: [
          { kind: 'base', amount: 50_000 },
          { kind: 'new_user_bonus', amount: 10_000 },
        ],
      },
    })
  })

  it('adds premium while the membership was active at the click, not after', () => {
    const premium = { joinedAt: new Date('2026-02-01T00:00:00Z') }
    expect(
      computePurchaseCashback(
        100_000,
        fivePercent,
        { ...context, premium },
        defaultFixedRates,
        defaultPromotionSettings,
      ),
    ).toMatchObject({ amount: { total: 6_000 } })
    expect(
      chooseCashbackBonuses(
        { ...context, premium, clickedAt: new Date('2028-02-01T00:00:00Z') },
        defaultPromotionSettings,
      ).isPremium,
    ).toBe(false)
  })

  it('adds the Special Cashback level active at the click', () => {
    const specialCashback = { level: 3 as const, joinedAt: new Date('2026-02-01T00:00:00Z'), endedAt: null }
    expect(
      computePurchaseCashback(
        100_000,
        fivePercent,
        { ...context, specialCashback },
        defaultFixedRates,
        defaultPromotionSettings,
      ),
    ).toMatchObject({
      amount: { total: 7_000, components: [{ kind: 'base' }, { kind: 'special_bonus', amount: 2_000 }] },
    })
  })

  it('refuses premium and Special Cashback active together (bad data), as computeCashbackAmount does', () => {
    const both = {
      ...context,
      premium: { joinedAt: new Date('2026-02-01T00:00:00Z') },
      specialCashback: { level: 1 as const, joinedAt: new Date('2026-02-01T00:00:00Z'), endedAt: null },
    }
    expect(computePurchaseCashback(100_000, fivePercent, both, defaultFixedRates, defaultPromotionSettings)).toEqual({
      ok: false,
      code: 'premium_with_special_cashback',
    })
  })

  it('is computeCashbackAmount with the bonuses of the click, and its components add up to the total', () => {
    const day = 86_400_000
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 1_000 * day }),
        fc.option(fc.integer({ min: 0, max: 1_000 * day }), { nil: null }),
        fc.option(
          fc.record({
            level: fc.constantFrom(1 as const, 2 as const, 3 as const),
            at: fc.integer({ min: 0, max: 1_000 * day }),
          }),
          { nil: null },
        ),
        (purchaseAmount, rateBasisPoints, clickOffset, premiumOffset, special) => {
          const click: PurchaseBonusContext = {
            clickedAt: new Date(signedUpAt.getTime() + clickOffset),
            signedUpAt,
            premium: premiumOffset === null ? null : { joinedAt: new Date(signedUpAt.getTime() + premiumOffset) },
            specialCashback:
              special === null
                ? null
                : { level: special.level, joinedAt: new Date(signedUpAt.getTime() + special.at), endedAt: null },
          }
          const cashback = { rateBasisPoints, maxPerOrder: null }
          const result = computePurchaseCashback(
            purchaseAmount,
            cashback,
            click,
            defaultFixedRates,
            defaultPromotionSettings,
          )
          const bonuses = chooseCashbackBonuses(click, defaultPromotionSettings)
          expect(result).toEqual(computeCashbackAmount(purchaseAmount, cashback, bonuses, defaultFixedRates))
          if (!result.ok) return
          expect(result.amount.components.reduce((sum, component) => sum + component.amount, 0)).toBe(
            result.amount.total,
          )
          const kinds = result.amount.components.map((component) => component.kind)
          expect(new Set(kinds).size).toBe(kinds.length)
          expect(kinds.includes('premium_bonus') && kinds.includes('special_bonus')).toBe(false)
        },
      ),
    )
  })
})

describe('settleCashbackAtApproval', () => {
  const specialCashback = { level: 1 as const, joinedAt: new Date('2026-02-01T00:00:00Z'), endedAt: null }
  const recorded = {
    total: 6_000,
    components: [
      { kind: 'base' as const, amount: 5_000 },
      { kind: 'special_bonus' as const, amount: 1_000 },
    ],
  }

  it('credits every component while the campaign is active at approval', () => {
    expect(settleCashbackAtApproval(recorded, specialCashback, new Date('2026-03-01T00:00:00Z'))).toEqual({
      credited: recorded,
      forfeited: null,
    })
  })

  it('forfeits the Special Cashback part when the campaign ended before approval', () => {
    const ended = { ...specialCashback, endedAt: new Date('2026-02-15T00:00:00Z') }
    expect(settleCashbackAtApproval(recorded, ended, new Date('2026-03-01T00:00:00Z'))).toEqual({
      credited: { total: 5_000, components: [{ kind: 'base', amount: 5_000 }] },
      forfeited: { kind: 'special_bonus', amount: 1_000 },
    })
  })

  it('leaves a purchase without a Special Cashback part alone', () => {
    const plain = { total: 5_000, components: [{ kind: 'base' as const, amount: 5_000 }] }
    expect(settleCashbackAtApproval(plain, null, new Date())).toEqual({ credited: plain, forfeited: null })
  })
})
