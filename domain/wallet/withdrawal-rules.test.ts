import { describe, expect, it } from 'vitest'
import { defaultFixedRates } from '../contracts/fixed-rate.ts'
import {
  addBusinessDays,
  computeExchangePoints,
  computeWithdrawalFee,
  findPromisedBusinessDays,
  findLargestWithdrawalAmount,
  findPromisedPayoutDate,
  findWithdrawalRefusal,
  oneDayMemberPayoutBusinessDays,
  type WalletState,
} from './withdrawal-rules.ts'

const wallet: WalletState = { balance: 50_000, accumulatedCashback: 80_000, hasOpenWithdrawal: false }
const rates = defaultFixedRates

describe('findLargestWithdrawalAmount ("withdraw all")', () => {
  it('is the whole balance in whole baht, which the rules then accept', () => {
    const odd = { ...wallet, balance: 53_499 }
    expect(findLargestWithdrawalAmount('bank', odd, rates)).toBe(53_400)
    expect(findLargestWithdrawalAmount('truemoney', wallet, rates)).toBe(50_000)
    expect(findWithdrawalRefusal({ target: 'bank', amount: 53_400 }, odd, rates)).toBeUndefined()
  })

  it('is the minimum exactly when the balance just reaches it, and nothing below', () => {
    const atMinimum = { ...wallet, balance: rates.minWithdrawal + 99 }
    expect(findLargestWithdrawalAmount('promptpay', atMinimum, rates)).toBe(rates.minWithdrawal)
    expect(findLargestWithdrawalAmount('promptpay', { ...wallet, balance: rates.minWithdrawal - 1 }, rates)).toBe(
      undefined,
    )
    expect(findLargestWithdrawalAmount('bank', { ...wallet, balance: 0 }, rates)).toBeUndefined()
    expect(findLargestWithdrawalAmount('bank', { ...wallet, balance: -5_000 }, rates)).toBeUndefined()
  })

  it('follows the points minimum for an exchange and refuses what the rules refuse', () => {
    const between = { ...wallet, balance: rates.minPointsExchange - 100 }
    expect(findLargestWithdrawalAmount('points', between, rates)).toBeUndefined()
    expect(findLargestWithdrawalAmount('bank', { ...wallet, hasOpenWithdrawal: true }, rates)).toBeUndefined()
    expect(
      findLargestWithdrawalAmount('bank', { ...wallet, accumulatedCashback: rates.minWithdrawal }, rates),
    ).toBeUndefined()
  })

  it('never goes above what one request may carry', () => {
    const rich = { ...wallet, balance: 3_000_000_000, accumulatedCashback: 3_000_000_000 }
    expect(findLargestWithdrawalAmount('bank', rich, rates)).toBe(2_147_483_600)
  })
})

describe('findWithdrawalRefusal', () => {
  it('lets a withdrawal between the minimum and the balance through', () => {
    expect(findWithdrawalRefusal({ target: 'bank', amount: rates.minWithdrawal }, wallet, rates)).toBeUndefined()
    expect(findWithdrawalRefusal({ target: 'truemoney', amount: wallet.balance }, wallet, rates)).toBeUndefined()
  })

  it('refuses below the minimum and above the balance', () => {
    expect(findWithdrawalRefusal({ target: 'bank', amount: rates.minWithdrawal - 1 }, wallet, rates)).toBe(
      'below_minimum_withdrawal',
    )
    expect(findWithdrawalRefusal({ target: 'promptpay', amount: wallet.balance + 1 }, wallet, rates)).toBe(
      'above_balance',
    )
  })

  it('refuses while another withdrawal is open, and before enough cashback was ever earned', () => {
    expect(
      findWithdrawalRefusal({ target: 'bank', amount: 20_000 }, { ...wallet, hasOpenWithdrawal: true }, rates),
    ).toBe('pending_withdrawal')
    expect(
      findWithdrawalRefusal(
        { target: 'bank', amount: 20_000 },
        { ...wallet, accumulatedCashback: rates.minWithdrawal },
        rates,
      ),
    ).toBe('accumulated_cashback_too_low')
  })

  it('has its own minimum for points', () => {
    expect(findWithdrawalRefusal({ target: 'points', amount: rates.minPointsExchange - 100 }, wallet, rates)).toBe(
      'below_minimum_exchange',
    )
    expect(findWithdrawalRefusal({ target: 'points', amount: rates.minPointsExchange }, wallet, rates)).toBeUndefined()
  })

  it('refuses a negative wallet anything', () => {
    expect(findWithdrawalRefusal({ target: 'bank', amount: 10_000 }, { ...wallet, balance: -500 }, rates)).toBe(
      'above_balance',
    )
  })
})

describe('fees and points', () => {
  it('takes 10 % rounded down, nothing on points', () => {
    expect(computeWithdrawalFee('bank', 10_000, rates)).toBe(1_000)
    expect(computeWithdrawalFee('truemoney', 10_009, rates)).toBe(1_000)
    expect(computeWithdrawalFee('points', 10_000, rates)).toBe(0)
  })

  it('gives 5 points per baht (THB 150 = 750 points)', () => {
    expect(computeExchangePoints(15_000, rates)).toBe(750)
  })
})

describe('addBusinessDays', () => {
  it('skips weekends in Bangkok', () => {
    // Friday 20 November 2026, 10:00 in Bangkok.
    const friday = new Date('2026-11-20T03:00:00Z')
    expect(addBusinessDays(friday, 1).toISOString()).toBe('2026-11-23T03:00:00.000Z')
    expect(addBusinessDays(friday, 5).toISOString()).toBe('2026-11-27T03:00:00.000Z')
    expect(addBusinessDays(friday, 0)).toEqual(friday)
  })

  it('leaves out the holidays of the calendar, by their Bangkok date', () => {
    // Thursday 3 December 2026, 23:30 in Bangkok (still the 3rd there, the 3rd in UTC too).
    const thursday = new Date('2026-12-03T16:30:00Z')
    // Friday 4th, then Monday 7th (Saturday the 5th is Father's Day anyway).
    expect(addBusinessDays(thursday, 2).toISOString()).toBe('2026-12-07T16:30:00.000Z')
    // Thursday 10 December (Constitution Day) is skipped: the 2nd business day after the 9th
    // is Monday the 14th.
    const wednesday = new Date('2026-12-09T03:00:00Z')
    expect(addBusinessDays(wednesday, 2, new Set(['2026-12-10'])).toISOString()).toBe('2026-12-14T03:00:00.000Z')
    // 03:00 on Thursday the 10th in Bangkok is still Wednesday the 9th in UTC: a day later it is
    // Friday the 11th in Bangkok, a business day, though UTC's date is the 10th.
    const earlyThursday = new Date('2026-12-09T20:00:00Z')
    expect(addBusinessDays(earlyThursday, 1, new Set(['2026-12-10'])).toISOString()).toBe('2026-12-10T20:00:00.000Z')
  })
})

describe('the payout promise', () => {
  it('promises 1-day cashback members 7 business days on every target, sooner than anyone else', () => {
    expect(oneDayMemberPayoutBusinessDays).toBe(7)
    expect(findPromisedBusinessDays('bank', false)).toBe(30)
    expect(findPromisedBusinessDays('promptpay', false)).toBe(30)
    expect(findPromisedBusinessDays('truemoney', false)).toBe(14)
    expect(findPromisedBusinessDays('bank', true)).toBe(7)
    expect(findPromisedBusinessDays('promptpay', true)).toBe(7)
    expect(findPromisedBusinessDays('truemoney', true)).toBe(7)
    expect(findPromisedBusinessDays('points', true)).toBe(0)
  })

  it('dates the promise in business days, holidays left out, and has none for points', () => {
    // Friday 20 November 2026, 10:00 in Bangkok.
    const friday = new Date('2026-11-20T03:00:00Z')
    expect(findPromisedPayoutDate(friday, 'bank', true)?.toISOString()).toBe('2026-12-01T03:00:00.000Z')
    expect(findPromisedPayoutDate(friday, 'bank', true, new Set(['2026-11-23']))?.toISOString()).toBe(
      '2026-12-02T03:00:00.000Z',
    )
    expect(findPromisedPayoutDate(friday, 'truemoney', false)?.toISOString()).toBe('2026-12-10T03:00:00.000Z')
    expect(findPromisedPayoutDate(friday, 'bank', false)?.toISOString()).toBe('2027-01-01T03:00:00.000Z')
    expect(findPromisedPayoutDate(friday, 'points', true)).toBeUndefined()
  })
})
