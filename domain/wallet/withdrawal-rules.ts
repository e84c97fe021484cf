import * as v from 'valibot'
import type { FixedRates } from '../contracts/fixed-rate.ts'
import { largestRequestAmount, type WithdrawalTarget } from '../contracts/withdrawal.ts'
import { displayTimeZone } from '../dates.ts'
import type { Satang } from '../money.ts'
import { basisPointsPerWhole } from '../rates.ts'

/**
 * The withdrawal rules of spec sections 4, 5 and 9, run by the form before it sends and by the
 * API before it reserves the money, so the two cannot disagree.
 */

export const withdrawalRefusalCodes = [
  'below_minimum_withdrawal',
  'above_balance',
  'accumulated_cashback_too_low',
  'pending_withdrawal',
  'below_minimum_exchange',
] as const
export type WithdrawalRefusalCode = (typeof withdrawalRefusalCodes)[number]

export type WalletState = {
  /** The ledger balance, satang. */
  balance: Satang
  /** Cashback credited minus reversals, over the buyer's life, satang. */
  accumulatedCashback: Satang
  /** A withdrawal or exchange is requested or processing. */
  hasOpenWithdrawal: boolean
}

type Rates = Pick<FixedRates, 'minWithdrawal' | 'minPointsExchange'>

/** The first rule `amount` breaks, in the order the shopper can act on them; `undefined` when none. */
export function findWithdrawalRefusal(
  request: { target: WithdrawalTarget; amount: Satang },
  wallet: WalletState,
  rates: Rates,
): WithdrawalRefusalCode | undefined {
  // One at a time: a second request while one is in flight is the classic double payout.
  if (wallet.hasOpenWithdrawal) return 'pending_withdrawal'
  if (wallet.accumulatedCashback <= rates.minWithdrawal) return 'accumulated_cashback_too_low'
  if (request.target === 'points') {
    if (request.amount < rates.minPointsExchange) return 'below_minimum_exchange'
  } else if (request.amount < rates.minWithdrawal) {
    return 'below_minimum_withdrawal'
  }
  if (request.amount > wallet.balance) return 'above_balance'
  return undefined
}

/**
 * "Withdraw all" (issue 20): the largest amount the rules above allow, in whole baht (a shopper
 * asks for round money and points are whole), or `undefined` when no amount is allowed (below the
 * minimum, a withdrawal still open, too little accumulated cashback). The fee comes out of it.
 */
export function findLargestWithdrawalAmount(
  target: WithdrawalTarget,
  wallet: WalletState,
  rates: Rates,
): Satang | undefined {
  const wholeBaht = (satang: Satang) => Math.floor(satang / 100) * 100
  const amount = wholeBaht(Math.min(wallet.balance, largestRequestAmount))
  if (amount <= 0) return undefined
  return findWithdrawalRefusal({ target, amount }, wallet, rates) === undefined ? amount : undefined
}

/** The 10 % system fee, rounded down to the satang (the shopper never pays a fraction more); none on points. */
export function computeWithdrawalFee(
  target: WithdrawalTarget,
  amount: Satang,
  rates: Pick<FixedRates, 'withdrawalFee'>,
): Satang {
  if (target === 'points') return 0
  return Math.floor((amount * rates.withdrawalFee) / basisPointsPerWhole)
}

/** Points for a whole-baht `amount` (THB 1 = `pointsPerBaht` points). */
export function computeExchangePoints(amount: Satang, rates: Pick<FixedRates, 'pointsPerBaht'>): number {
  return Math.floor(amount / 100) * rates.pointsPerBaht
}

/**
 * Business days until the money arrives, per target (docs/decisions/006): the spec's 7 to 14 to
 * a digital wallet (TrueMoney) and its 30 for bank transfers (bank account and PromptPay). We
 * promise the end of the range. Points arrive at once.
 */
export const withdrawalBusinessDays: Readonly<Record<WithdrawalTarget, { from: number; to: number }>> = {
  bank: { from: 1, to: 30 },
  promptpay: { from: 1, to: 30 },
  truemoney: { from: 7, to: 14 },
  points: { from: 0, to: 0 },
}

/**
 * Spec section 6: "members with one-day cashback status get faster payouts". A member (at the time
 * of the request, `isEligibleForOneDayCashback` of domain/cashback/rating.ts) is promised the money
 * within 7 business days on every payout target, instead of 30 to a bank account or PromptPay and
 * 14 to TrueMoney, and finance pays their withdrawals first (docs/decisions/015). 7 is the spec's
 * own lower bound for a digital wallet and ShopBack Thailand's upper bound for bank payouts (3–7
 * business days): a promise finance can keep when members are first in the queue.
 */
export const oneDayMemberPayoutBusinessDays = 7

/** The business days we promise for a withdrawal to `target`; 0 for points (paid at once). */
export function findPromisedBusinessDays(target: WithdrawalTarget, isOneDayMember: boolean): number {
  const standard = withdrawalBusinessDays[target].to
  return isOneDayMember ? Math.min(standard, oneDayMemberPayoutBusinessDays) : standard
}

/**
 * The date we promise the money by, for a request made at `requestedAt`: the form shows it before
 * the shopper confirms and the server stores it (`expectedBy`). `undefined` for points.
 */
export function findPromisedPayoutDate(
  requestedAt: Date,
  target: WithdrawalTarget,
  isOneDayMember: boolean,
  holidays: ReadonlySet<string> = new Set(),
): Date | undefined {
  if (target === 'points') return undefined
  return addBusinessDays(requestedAt, findPromisedBusinessDays(target, isOneDayMember), holidays)
}

/** `YYYY-MM-DD` naming a day that exists (not 2026-02-30). */
function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (match === null) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

/**
 * A day banks do not pay out on besides weekends: a Thai public holiday or a bank holiday, in the
 * operators' calendar (`npm run ops -- holidays …`). The lunar holidays (Makha Bucha, Visakha
 * Bucha, Asarnha Bucha) and substitution days move every year, so the calendar is data, not code.
 */
export const bankHolidaySchema = v.object({
  /** The Bangkok calendar date, `YYYY-MM-DD`. */
  date: v.pipe(v.string(), v.check(isCalendarDate, 'Expected a real date as YYYY-MM-DD')),
  name: v.pipe(v.string(), v.trim(), v.minLength(1, 'Expected the holiday name'), v.maxLength(100)),
})
export type BankHoliday = v.InferOutput<typeof bankHolidaySchema>

const bangkokDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: displayTimeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
})
const bangkokWeekday = new Intl.DateTimeFormat('en-US', { timeZone: displayTimeZone, weekday: 'short' })

/**
 * `days` business days after `start`: Monday to Friday in Bangkok, leaving out `holidays`
 * (`YYYY-MM-DD` Bangkok dates). A holiday missing from the calendar makes the promise a day early.
 */
export function addBusinessDays(start: Date, days: number, holidays: ReadonlySet<string> = new Set()): Date {
  const dayMilliseconds = 86_400_000
  let current = start.getTime()
  let remaining = days
  while (remaining > 0) {
    current += dayMilliseconds
    const day = new Date(current)
    const name = bangkokWeekday.format(day)
    if (name !== 'Sat' && name !== 'Sun' && !holidays.has(bangkokDate.format(day))) remaining -= 1
  }
  return new Date(current)
}
