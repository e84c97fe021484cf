import { describe, expect, it } from 'vitest'
import { defaultFixedRates } from '../contracts/fixed-rate.ts'
import { computeNewUserBonusProgress, decideNewUserBonus, isNewUserBonusQualifyingClick } from './new-user-bonus.ts'
import { defaultPromotionSettings } from './promotion-settings.ts'

const signedUpAt = new Date('2026-03-01T05:00:00Z')
const input = { signedUpAt, qualifyingApprovedSpending: 50_000, hasPersonReceivedNewUserBonus: false }

describe('decideNewUserBonus', () => {
  it('pays firstBonus (฿100) once approved spending reaches the threshold', () => {
    expect(decideNewUserBonus(input, defaultFixedRates, defaultPromotionSettings)).toEqual({
      isEarned: true,
      amount: 10_000,
    })
    expect(
      decideNewUserBonus({ ...input, qualifyingApprovedSpending: 49_999 }, defaultFixedRates, defaultPromotionSettings),
    ).toEqual({ isEarned: false })
  })

  it('never pays a person twice, whichever account asks', () => {
    expect(
      decideNewUserBonus(
        { ...input, hasPersonReceivedNewUserBonus: true },
        defaultFixedRates,
        defaultPromotionSettings,
      ),
    ).toEqual({ isEarned: false })
  })

  it('pays nothing when the operator set the bonus to 0', () => {
    expect(decideNewUserBonus(input, { firstBonus: 0 }, defaultPromotionSettings)).toEqual({ isEarned: false })
  })
})

describe('the qualifying window and progress', () => {
  it('counts purchases clicked in the first 30 days', () => {
    expect(isNewUserBonusQualifyingClick(new Date('2026-03-31T04:59:59Z'), signedUpAt)).toBe(true)
    expect(isNewUserBonusQualifyingClick(new Date('2026-03-31T05:00:00Z'), signedUpAt)).toBe(false)
  })

  it('reports spent, threshold and what remains', () => {
    expect(computeNewUserBonusProgress(12_000, defaultPromotionSettings)).toEqual({
      spent: 12_000,
      threshold: 50_000,
      remaining: 38_000,
    })
    expect(computeNewUserBonusProgress(80_000, defaultPromotionSettings).remaining).toBe(0)
  })
})
