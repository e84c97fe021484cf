import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { specialCashbackLevels } from '../cashback/cashback-amount.ts'
import { defaultFixedRates } from '../contracts/fixed-rate.ts'
import {
  computeSpecialCashbackEnd,
  describeSpecialCashbackEnd,
  findSpecialCashbackEndAfterDebit,
  findSpecialCashbackJoinRefusal,
  isSpecialCashbackActive,
  listJoinableSpecialCashbackLevels,
  warnIfWithdrawalEndsSpecialCashback,
  type SpecialCashbackMembership,
} from './special-cashback.ts'

const rates = defaultFixedRates
const joinedAt = new Date('2026-01-15T03:00:00Z')
const levelTwo: SpecialCashbackMembership = { level: 2, joinedAt, endedAt: null }
const request = {
  level: 1 as const,
  balance: 100_001,
  awaitingCashback: 0,
  hasJoinedSpecialCashback: false,
  isPremiumActive: false,
}

describe('findSpecialCashbackJoinRefusal', () => {
  it('lets a balance above the level join', () => {
    expect(findSpecialCashbackJoinRefusal(request, rates)).toBeUndefined()
  })

  it('refuses a balance at or below the level’s amount (“above”, spec section 5)', () => {
    expect(findSpecialCashbackJoinRefusal({ ...request, balance: 100_000 }, rates)).toBe('balance_below_tier')
    expect(findSpecialCashbackJoinRefusal({ ...request, level: 3, balance: 400_000 }, rates)).toBe('balance_below_tier')
  })

  it('asks to wait for approval when only the cashback on its way lifts the balance above the level', () => {
    expect(findSpecialCashbackJoinRefusal({ ...request, balance: 90_000, awaitingCashback: 10_001 }, rates)).toBe(
      'special_cashback_awaiting_approval',
    )
    // Exactly at the amount even with it: still below, nothing to wait for.
    expect(findSpecialCashbackJoinRefusal({ ...request, balance: 90_000, awaitingCashback: 10_000 }, rates)).toBe(
      'balance_below_tier',
    )
    // A balance already above never waits.
    expect(findSpecialCashbackJoinRefusal({ ...request, awaitingCashback: 500_000 }, rates)).toBeUndefined()
  })

  it('refuses a second join, at any level, and a join while premium is active', () => {
    expect(findSpecialCashbackJoinRefusal({ ...request, hasJoinedSpecialCashback: true }, rates)).toBe(
      'special_cashback_already_joined',
    )
    expect(findSpecialCashbackJoinRefusal({ ...request, isPremiumActive: true }, rates)).toBe(
      'not_combinable_with_premium',
    )
  })

  it('lists the levels a balance could join', () => {
    expect(listJoinableSpecialCashbackLevels(100_000, rates)).toEqual([])
    expect(listJoinableSpecialCashbackLevels(300_001, rates)).toEqual([1, 2])
    expect(listJoinableSpecialCashbackLevels(1_000_000, rates)).toEqual([1, 2, 3])
  })
})

describe('how long it lasts', () => {
  it('lasts 6 Bangkok calendar months', () => {
    expect(computeSpecialCashbackEnd(joinedAt).toISOString()).toBe('2026-07-15T03:00:00.000Z')
    expect(isSpecialCashbackActive(levelTwo, new Date('2026-07-15T02:59:59Z'))).toBe(true)
    expect(isSpecialCashbackActive(levelTwo, new Date('2026-07-15T03:00:00Z'))).toBe(false)
    expect(describeSpecialCashbackEnd(levelTwo, new Date('2026-08-01T00:00:00Z'))).toEqual({
      reason: 'expired',
      endedAt: new Date('2026-07-15T03:00:00Z'),
    })
  })

  it('ends at the recorded moment the balance fell below the level', () => {
    const ended = { ...levelTwo, endedAt: new Date('2026-02-01T00:00:00Z') }
    expect(isSpecialCashbackActive(ended, new Date('2026-01-31T00:00:00Z'))).toBe(true)
    expect(isSpecialCashbackActive(ended, new Date('2026-02-01T00:00:00Z'))).toBe(false)
    expect(describeSpecialCashbackEnd(ended, new Date('2026-03-01T00:00:00Z'))).toEqual({
      reason: 'balance_below_tier',
      endedAt: ended.endedAt,
    })
    expect(describeSpecialCashbackEnd(ended, new Date('2026-01-20T00:00:00Z'))).toBeNull()
  })
})

describe('ending when the balance falls below the level', () => {
  const at = new Date('2026-02-01T00:00:00Z')

  it('ends below the amount, not at it', () => {
    expect(findSpecialCashbackEndAfterDebit(levelTwo, 300_000, at, rates)).toBeUndefined()
    expect(findSpecialCashbackEndAfterDebit(levelTwo, 299_999, at, rates)).toBe('balance_below_tier')
    expect(findSpecialCashbackEndAfterDebit(null, 0, at, rates)).toBeUndefined()
  })

  it('warns before a withdrawal (amount plus fee) that would end it', () => {
    expect(warnIfWithdrawalEndsSpecialCashback(levelTwo, 350_000, 50_000, at, rates)).toEqual({ isEnding: false })
    expect(warnIfWithdrawalEndsSpecialCashback(levelTwo, 350_000, 50_001, at, rates)).toEqual({
      isEnding: true,
      level: 2,
      minimumBalance: 300_000,
    })
    expect(warnIfWithdrawalEndsSpecialCashback(null, 350_000, 350_000, at, rates)).toEqual({ isEnding: false })
    // Already over: nothing left to lose.
    expect(
      warnIfWithdrawalEndsSpecialCashback(levelTwo, 350_000, 350_000, new Date('2027-01-01T00:00:00Z'), rates),
    ).toEqual({ isEnding: false })
  })

  it('agrees with the join rule: a member who could just join is not ended by a zero debit', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...specialCashbackLevels),
        fc.integer({ min: 0, max: 2_000_000 }),
        (level, balance) => {
          const canJoin = findSpecialCashbackJoinRefusal({ ...request, level, balance }, rates) === undefined
          const membership = { level, joinedAt, endedAt: null }
          const endsAtZero = findSpecialCashbackEndAfterDebit(membership, balance, at, rates) !== undefined
          if (canJoin) expect(endsAtZero).toBe(false)
        },
      ),
    )
  })
})
