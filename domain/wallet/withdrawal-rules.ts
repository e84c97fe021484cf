import type { FixedRates } from '../contracts/fixed-rate'
import type { WithdrawalTarget } from '../contracts/withdrawal'
import { displayTimeZone } from '../dates'
import type { Satang } from '../money'
import { basisPointsPerWhole } from '../rates'

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
 * `days` business days (Monday to Friday in Bangkok) after `start`. Thai public holidays are not
 * counted out: the promise may be a few days early around Songkran, never late by our own count.
 */
export function addBusinessDays(start: Date, days: number): Date {
  const dayMilliseconds = 86_400_000
  const weekday = new Intl.DateTimeFormat('en-US', { timeZone: displayTimeZone, weekday: 'short' })
  let current = start.getTime()
  let remaining = days
  while (remaining > 0) {
    current += dayMilliseconds
    const name = weekday.format(new Date(current))
    if (name !== 'Sat' && name !== 'Sun') remaining -= 1
  }
  return new Date(current)
}
