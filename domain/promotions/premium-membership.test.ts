import { describe, expect, it } from 'vitest'
import { computePremiumEnd, findPremiumJoinRefusal, isPremiumActive } from './premium-membership.ts'
import { defaultPromotionSettings } from './promotion-settings.ts'

const request = { balance: 19_900, hasJoinedPremium: false, isSpecialCashbackActive: false }

describe('findPremiumJoinRefusal', () => {
  it('lets a wallet that can pay the price join', () => {
    expect(findPremiumJoinRefusal(request, defaultPromotionSettings)).toBeUndefined()
  })

  it('refuses a second join (‘You already join premium membership.’), Special Cashback and a short wallet', () => {
    expect(findPremiumJoinRefusal({ ...request, hasJoinedPremium: true }, defaultPromotionSettings)).toBe(
      'premium_already_joined',
    )
    expect(findPremiumJoinRefusal({ ...request, isSpecialCashbackActive: true }, defaultPromotionSettings)).toBe(
      'not_combinable_with_special_cashback',
    )
    expect(findPremiumJoinRefusal({ ...request, balance: 19_899 }, defaultPromotionSettings)).toBe(
      'balance_below_premium_price',
    )
  })
})

describe('isPremiumActive', () => {
  const joinedAt = new Date('2026-05-10T10:00:00Z')
  it('lasts 2 years (24 Bangkok calendar months) from joining', () => {
    expect(computePremiumEnd(joinedAt).toISOString()).toBe('2028-05-10T10:00:00.000Z')
    expect(isPremiumActive({ joinedAt }, joinedAt)).toBe(true)
    expect(isPremiumActive({ joinedAt }, new Date('2028-05-10T09:59:59Z'))).toBe(true)
    expect(isPremiumActive({ joinedAt }, new Date('2028-05-10T10:00:00Z'))).toBe(false)
    expect(isPremiumActive({ joinedAt }, new Date('2026-05-10T09:00:00Z'))).toBe(false)
    expect(isPremiumActive(null, joinedAt)).toBe(false)
  })
})
