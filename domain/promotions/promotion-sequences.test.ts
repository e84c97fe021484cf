import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { CashbackAmount, SpecialCashbackLevel } from '../cashback/cashback-amount.ts'
import { defaultFixedRates } from '../contracts/fixed-rate.ts'
import { decideNewUserBonus, isNewUserBonusQualifyingClick } from './new-user-bonus.ts'
import { findPremiumJoinRefusal, isPremiumActive, type PremiumMembership } from './premium-membership.ts'
import { defaultPromotionSettings } from './promotion-settings.ts'
import { computePurchaseCashback, settleCashbackAtApproval } from './purchase-cashback.ts'
import { decideReferralBonus, findReferralRedemptionRefusal } from './referral.ts'
import {
  findSpecialCashbackEndAfterDebit,
  findSpecialCashbackJoinRefusal,
  isSpecialCashbackActive,
  readStairLevel,
  type SpecialCashbackMembership,
} from './special-cashback.ts'

/**
 * A small in-memory wallet driven only by the rules of this folder, the way the server is meant
 * to drive them (docs/decisions/013): random sequences of sign-ups, referrals, clicks, approvals,
 * rejections after approval, joins and withdrawals, each checked against the invariants.
 */

const rates = defaultFixedRates
const settings = defaultPromotionSettings
const buyerCount = 3
const hour = 3_600_000

type Purchase = {
  clickedAt: Date
  purchaseAmount: number
  recorded: CashbackAmount
  status: 'tracking' | 'approved' | 'rejected'
  credited: number
}
type Entry = {
  kind: 'cashback_credit' | 'cashback_reversal' | 'bonus' | 'withdrawal' | 'premium'
  amount: number
  note: string
}
type Buyer = {
  signedUpAt: Date | null
  ledger: Entry[]
  balance: number
  premium: PremiumMembership | null
  specialCashback: SpecialCashbackMembership | null
  referrer: number | null
  purchases: Purchase[]
}

const buyerIndex = fc.integer({ min: 0, max: buyerCount - 1 })
const event = fc.oneof(
  fc.record({ type: fc.constant('sign_up' as const), buyer: buyerIndex }),
  fc.record({ type: fc.constant('redeem' as const), buyer: buyerIndex, referrer: buyerIndex }),
  fc.record({
    type: fc.constant('click' as const),
    buyer: buyerIndex,
    purchaseAmount: fc.integer({ min: 0, max: 5_000_000 }),
  }),
  fc.record({ type: fc.constant('approve' as const), buyer: buyerIndex, purchase: fc.nat(20) }),
  fc.record({ type: fc.constant('reject' as const), buyer: buyerIndex, purchase: fc.nat(20) }),
  fc.record({
    type: fc.constant('join_special' as const),
    buyer: buyerIndex,
    level: fc.constantFrom<SpecialCashbackLevel>(1, 2, 3),
  }),
  fc.record({ type: fc.constant('join_premium' as const), buyer: buyerIndex }),
  fc.record({
    type: fc.constant('withdraw' as const),
    buyer: buyerIndex,
    amount: fc.integer({ min: 1, max: 1_000_000 }),
  }),
)
type PromotionEvent = typeof event extends fc.Arbitrary<infer T> ? T : never
const step = fc.record({ event, hoursLater: fc.integer({ min: 0, max: 24 * 40 }) })

function post(buyer: Buyer, entry: Entry): void {
  buyer.ledger.push(entry)
  buyer.balance += entry.amount
}

function endSpecialIfBelow(buyer: Buyer, now: Date): void {
  if (
    findSpecialCashbackEndAfterDebit(buyer.specialCashback, buyer.balance, now, rates) !== undefined &&
    buyer.specialCashback
  ) {
    buyer.specialCashback = { ...buyer.specialCashback, endedAt: now }
  }
}

function approvedSpending(buyer: Buyer, counts: (purchase: Purchase) => boolean): number {
  return buyer.purchases
    .filter((purchase) => purchase.status === 'approved' && counts(purchase))
    .reduce((sum, purchase) => sum + purchase.purchaseAmount, 0)
}

function handle(buyers: Buyer[], event: PromotionEvent, now: Date): void {
  const buyer = buyers[event.buyer]
  if (buyer === undefined) return
  if (event.type === 'sign_up') {
    buyer.signedUpAt ??= now
    return
  }
  const signedUpAt = buyer.signedUpAt
  if (signedUpAt === null) return
  switch (event.type) {
    case 'redeem': {
      const referrer = buyers[event.referrer]
      if (referrer?.signedUpAt == null) return
      const refusal = findReferralRedemptionRefusal(
        {
          friendBuyerId: String(event.buyer),
          friendSignedUpAt: signedUpAt,
          hasRedeemedReferral: buyer.referrer !== null,
          referrerBuyerId: String(event.referrer),
          isSamePerson: false,
        },
        now,
      )
      if (refusal === undefined) buyer.referrer = event.referrer
      return
    }
    case 'click': {
      const result = computePurchaseCashback(
        event.purchaseAmount,
        { rateBasisPoints: 500, maxPerOrder: 200_000 },
        { clickedAt: now, signedUpAt, premium: buyer.premium, specialCashback: buyer.specialCashback },
        rates,
        settings,
      )
      expect(result.ok).toBe(true)
      if (!result.ok) return
      buyer.purchases.push({
        clickedAt: now,
        purchaseAmount: event.purchaseAmount,
        recorded: result.amount,
        status: 'tracking',
        credited: 0,
      })
      return
    }
    case 'approve': {
      const purchase = buyer.purchases[event.purchase]
      if (purchase?.status !== 'tracking') return
      const { credited } = settleCashbackAtApproval(purchase.recorded, buyer.specialCashback, now)
      purchase.status = 'approved'
      purchase.credited = credited.total
      if (credited.total > 0) post(buyer, { kind: 'cashback_credit', amount: credited.total, note: 'cashback' })
      const newUser = decideNewUserBonus(
        {
          signedUpAt,
          qualifyingApprovedSpending: approvedSpending(buyer, (p) =>
            isNewUserBonusQualifyingClick(p.clickedAt, signedUpAt),
          ),
          hasPersonReceivedNewUserBonus: buyer.ledger.some((entry) => entry.note === 'new_user'),
        },
        rates,
        settings,
      )
      if (newUser.isEarned) post(buyer, { kind: 'bonus', amount: newUser.amount, note: 'new_user' })
      const referrer = buyer.referrer === null ? undefined : buyers[buyer.referrer]
      if (referrer !== undefined) {
        const note = `referral:${event.buyer}`
        const referral = decideReferralBonus(
          {
            isBonusPaid: referrer.ledger.some((entry) => entry.note === note),
            friendApprovedSpending: approvedSpending(buyer, () => true),
          },
          rates,
          settings,
        )
        if (referral.isEarned) post(referrer, { kind: 'bonus', amount: referral.amount, note })
      }
      return
    }
    case 'reject': {
      const purchase = buyer.purchases[event.purchase]
      if (purchase?.status !== 'approved') return
      purchase.status = 'rejected'
      if (purchase.credited > 0)
        post(buyer, { kind: 'cashback_reversal', amount: -purchase.credited, note: 'reversal' })
      endSpecialIfBelow(buyer, now)
      return
    }
    case 'join_special': {
      const refusal = findSpecialCashbackJoinRefusal(
        {
          level: event.level,
          balance: buyer.balance,
          awaitingCashback: 0,
          hasJoinedSpecialCashback: buyer.specialCashback !== null,
          isPremiumActive: isPremiumActive(buyer.premium, now),
        },
        rates,
      )
      if (refusal === undefined) buyer.specialCashback = { level: event.level, joinedAt: now, endedAt: null }
      return
    }
    case 'join_premium': {
      const refusal = findPremiumJoinRefusal(
        {
          balance: buyer.balance,
          hasJoinedPremium: buyer.premium !== null,
          isSpecialCashbackActive: isSpecialCashbackActive(buyer.specialCashback, now),
        },
        settings,
      )
      if (refusal !== undefined) return
      buyer.premium = { joinedAt: now }
      if (settings.premiumPrice > 0) post(buyer, { kind: 'premium', amount: -settings.premiumPrice, note: 'premium' })
      return
    }
    case 'withdraw': {
      if (event.amount > buyer.balance) return
      post(buyer, { kind: 'withdrawal', amount: -event.amount, note: 'withdrawal' })
      endSpecialIfBelow(buyer, now)
      return
    }
  }
}

describe('promotion rules over random event sequences', () => {
  it('keep the balance, the bonuses and the memberships consistent', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 80 }), (steps) => {
        const buyers: Buyer[] = Array.from({ length: buyerCount }, () => ({
          signedUpAt: null,
          ledger: [],
          balance: 0,
          premium: null,
          specialCashback: null,
          referrer: null,
          purchases: [],
        }))
        let now = new Date('2026-01-01T00:00:00Z').getTime()
        for (const { event, hoursLater } of steps) {
          now += hoursLater * hour
          const at = new Date(now)
          handle(buyers, event, at)
          for (const buyer of buyers) {
            expect(buyer.balance).toBe(buyer.ledger.reduce((sum, entry) => sum + entry.amount, 0))
            expect(buyer.ledger.filter((entry) => entry.note === 'new_user').length).toBeLessThanOrEqual(1)
            const referralNotes = buyer.ledger
              .filter((entry) => entry.note.startsWith('referral:'))
              .map((entry) => entry.note)
            expect(new Set(referralNotes).size).toBe(referralNotes.length)
            expect(isPremiumActive(buyer.premium, at) && isSpecialCashbackActive(buyer.specialCashback, at)).toBe(false)
            if (buyer.specialCashback !== null && isSpecialCashbackActive(buyer.specialCashback, at)) {
              expect(buyer.balance).toBeGreaterThanOrEqual(
                readStairLevel(rates, buyer.specialCashback.level).minimumBalance,
              )
            }
            for (const purchase of buyer.purchases) {
              expect(purchase.recorded.components.reduce((sum, component) => sum + component.amount, 0)).toBe(
                purchase.recorded.total,
              )
            }
          }
        }
      }),
      { numRuns: 300 },
    )
  })
})
