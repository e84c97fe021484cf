import { describe, expect, it } from 'vitest'
import { defaultFixedRates } from '../contracts/fixed-rate.ts'
import { defaultPromotionSettings } from './promotion-settings.ts'
import { describePromotions, type PromotionsSnapshot } from './promotion-states.ts'

const signedUpAt = new Date('2026-01-01T03:00:00Z')
const fresh: PromotionsSnapshot = {
  signedUpAt,
  balance: 0,
  premium: null,
  specialCashback: null,
  newUserBonus: {
    receivedAt: null,
    receivedAmount: null,
    hasPersonReceivedElsewhere: false,
    qualifyingApprovedSpending: 0,
  },
  hasRedeemedReferral: false,
}

function viewPromotions(snapshot: Partial<PromotionsSnapshot>, now: Date) {
  return describePromotions({ ...fresh, ...snapshot }, now, defaultFixedRates, defaultPromotionSettings)
}

describe('describePromotions', () => {
  it('shows a new member in the first week, able to redeem a code, unable to join anything yet', () => {
    const view = viewPromotions({}, new Date('2026-01-01T05:00:00Z'))
    expect(view.firstWeekCashback).toEqual({ state: 'joined', until: new Date('2026-01-08T03:00:00Z') })
    expect(view.newUserBonus).toMatchObject({
      state: 'joined',
      until: new Date('2026-01-31T03:00:00Z'),
      isReceived: false,
      progress: { spent: 0, threshold: 50_000 },
    })
    expect(view.referralRedemption).toEqual({ state: 'eligible' })
    expect(view.specialCashback).toMatchObject({ state: 'not_joined', minimumBalance: 100_000, joinableLevels: [] })
    expect(view.premium).toEqual({ state: 'not_joined', price: 19_900 })
  })

  it('closes the windows as time passes', () => {
    const view = viewPromotions({}, new Date('2026-03-01T00:00:00Z'))
    expect(view.firstWeekCashback).toEqual({ state: 'ended', endedAt: new Date('2026-01-08T03:00:00Z') })
    expect(view.newUserBonus.state).toBe('ended')
    expect(view.referralRedemption).toEqual({ state: 'ended', endedAt: new Date('2026-01-02T03:00:00Z') })
  })

  it('shows a received bonus, and one another account of the person received', () => {
    const receivedAt = new Date('2026-01-20T00:00:00Z')
    const now = new Date('2026-01-21T00:00:00Z')
    expect(
      viewPromotions({ newUserBonus: { ...fresh.newUserBonus, receivedAt, qualifyingApprovedSpending: 60_000 } }, now)
        .newUserBonus,
    ).toMatchObject({ state: 'ended', endedAt: receivedAt, isReceived: true })
    expect(
      viewPromotions({ newUserBonus: { ...fresh.newUserBonus, hasPersonReceivedElsewhere: true } }, now).newUserBonus
        .state,
    ).toBe('not_joined')
  })

  it('offers both memberships to a balance that allows them', () => {
    const view = viewPromotions({ balance: 300_001 }, new Date('2026-03-01T00:00:00Z'))
    expect(view.specialCashback).toMatchObject({ state: 'eligible', joinableLevels: [1, 2] })
    expect(view.premium.state).toBe('eligible')
  })

  it('shows the joined membership with its end date, and the other one as not combinable', () => {
    const now = new Date('2026-03-01T00:00:00Z')
    const special = viewPromotions(
      { balance: 400_000, specialCashback: { level: 2, joinedAt: new Date('2026-02-01T00:00:00Z'), endedAt: null } },
      now,
    )
    expect(special.specialCashback).toMatchObject({
      state: 'joined',
      until: new Date('2026-08-01T00:00:00Z'),
      level: 2,
    })
    expect(special.premium).toEqual({ state: 'not_combinable', with: 'special_cashback', price: 19_900 })

    const premium = viewPromotions({ balance: 400_000, premium: { joinedAt: new Date('2026-02-01T00:00:00Z') } }, now)
    expect(premium.premium).toEqual({ state: 'joined', until: new Date('2028-02-01T00:00:00Z'), price: 19_900 })
    expect(premium.specialCashback).toMatchObject({ state: 'not_combinable', with: 'premium', joinableLevels: [] })
  })

  it('shows an ended Special Cashback with its reason, never joinable again', () => {
    const endedAt = new Date('2026-02-10T00:00:00Z')
    const view = viewPromotions(
      { balance: 900_000, specialCashback: { level: 1, joinedAt: new Date('2026-02-01T00:00:00Z'), endedAt } },
      new Date('2026-03-01T00:00:00Z'),
    )
    expect(view.specialCashback).toMatchObject({
      state: 'ended',
      endedAt,
      endReason: 'balance_below_tier',
      joinableLevels: [],
    })
    expect(view.premium.state).toBe('eligible')
  })

  it('shows an expired premium as ended', () => {
    const view = viewPromotions(
      { balance: 900_000, premium: { joinedAt: new Date('2026-02-01T00:00:00Z') } },
      new Date('2028-03-01T00:00:00Z'),
    )
    expect(view.premium).toEqual({ state: 'ended', endedAt: new Date('2028-02-01T00:00:00Z'), price: 19_900 })
    expect(view.specialCashback.state).toBe('eligible')
  })

  it('shows a redeemed referral as joined', () => {
    expect(viewPromotions({ hasRedeemedReferral: true }, new Date('2026-03-01T00:00:00Z')).referralRedemption).toEqual({
      state: 'joined',
      until: null,
    })
  })
})
