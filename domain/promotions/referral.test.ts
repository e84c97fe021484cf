import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { defaultFixedRates } from '../contracts/fixed-rate.ts'
import { defaultPromotionSettings } from './promotion-settings.ts'
import {
  canRedeemReferralAt,
  decideReferralBonus,
  describeReferral,
  findReferralRedemptionRefusal,
  generateReferralCode,
  normalizeReferralCode,
  referralCodeAlphabet,
} from './referral.ts'

describe('referral codes', () => {
  it('are 8 characters of the unambiguous alphabet, from the random source given', () => {
    expect(referralCodeAlphabet).toHaveLength(32)
    expect(referralCodeAlphabet).not.toMatch(/[IO01]/)
    expect(generateReferralCode(() => new Uint8Array([0, 1, 2, 31, 32, 63, 255, 100]))).toBe('ABC9A99E')
  })

  it('always normalize to themselves', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 8, maxLength: 8 }), (bytes) => {
        const code = generateReferralCode(() => bytes)
        expect(code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/)
        expect(normalizeReferralCode(code)).toBe(code)
        expect(normalizeReferralCode(` ${code.slice(0, 4).toLowerCase()}-${code.slice(4)} `)).toBe(code)
      }),
    )
  })

  it('refuses what cannot be a code', () => {
    for (const text of ['', 'ABCD234', 'ABCD23456', 'ABCD0123', 'ABCDIOXY', 'ABCD 23%5', 'กขคง2345']) {
      expect(normalizeReferralCode(text)).toBeUndefined()
    }
  })

  it('refuses a random source that gives too few bytes', () => {
    expect(() => generateReferralCode(() => new Uint8Array(4))).toThrow(RangeError)
  })
})

describe('findReferralRedemptionRefusal', () => {
  const friendSignedUpAt = new Date('2026-04-01T12:00:00Z')
  const redemption = {
    friendBuyerId: 'friend',
    friendSignedUpAt,
    hasRedeemedReferral: false,
    referrerBuyerId: 'referrer',
    isSamePerson: false,
  }

  it('lets a new member redeem a friend’s code within 24 hours of signing up', () => {
    expect(findReferralRedemptionRefusal(redemption, new Date('2026-04-02T11:59:59Z'))).toBeUndefined()
    expect(findReferralRedemptionRefusal(redemption, new Date('2026-04-02T12:00:00Z'))).toBe('referral_window_closed')
    expect(canRedeemReferralAt(new Date('2026-04-01T11:00:00Z'), friendSignedUpAt)).toBe(false)
  })

  it('refuses one’s own code, a code of the same person, and a second code', () => {
    const now = new Date('2026-04-01T13:00:00Z')
    expect(findReferralRedemptionRefusal({ ...redemption, referrerBuyerId: 'friend' }, now)).toBe('own_referral_code')
    expect(findReferralRedemptionRefusal({ ...redemption, isSamePerson: true }, now)).toBe('own_referral_code')
    expect(findReferralRedemptionRefusal({ ...redemption, hasRedeemedReferral: true }, now)).toBe(
      'referral_already_redeemed',
    )
  })
})

describe('decideReferralBonus', () => {
  it('pays getFriend once the friend’s approved spending reaches the threshold, once', () => {
    const rates = defaultFixedRates
    const settings = defaultPromotionSettings
    expect(decideReferralBonus({ isBonusPaid: false, friendApprovedSpending: 49_999 }, rates, settings)).toEqual({
      isEarned: false,
    })
    expect(decideReferralBonus({ isBonusPaid: false, friendApprovedSpending: 50_000 }, rates, settings)).toEqual({
      isEarned: true,
      amount: rates.getFriend,
    })
    expect(decideReferralBonus({ isBonusPaid: true, friendApprovedSpending: 90_000 }, rates, settings)).toEqual({
      isEarned: false,
    })
  })

  it('describes the referral for both sides', () => {
    expect(describeReferral({ isBonusPaid: false, hasFriendPurchase: false })).toEqual({
      state: 'waiting_for_purchase',
      friendState: 'pending',
    })
    expect(describeReferral({ isBonusPaid: false, hasFriendPurchase: true })).toEqual({
      state: 'pending_bonus',
      friendState: 'pending',
    })
    expect(describeReferral({ isBonusPaid: true, hasFriendPurchase: true })).toEqual({
      state: 'received',
      friendState: 'success',
    })
  })
})
