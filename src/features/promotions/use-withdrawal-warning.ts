import type { Satang } from '#domain/money'
import {
  warnIfWithdrawalEndsSpecialCashback,
  type SpecialCashbackWithdrawalWarning,
} from '#domain/promotions/special-cashback'
import { usePromotions } from './use-promotions'

export type WithdrawalEndWarning = SpecialCashbackWithdrawalWarning & { balanceAfter?: Satang }

/**
 * Whether taking `amount` out of the wallet would end the shopper's Special Cashback (the domain
 * rule the server applies after the debit), asked while the shopper types so the form can warn
 * before they confirm. The typed amount is the whole debit: the fee is taken out of it (the
 * ledger writes the net and the fee, which add up to it), and an exchange has no fee. No warning
 * until the promotions have loaded once; the server ends the campaign by the same rule anyway.
 */
export function useSpecialCashbackWithdrawalWarning(buyerId: string, amount: Satang | undefined): WithdrawalEndWarning {
  const { snapshot, rates, now } = usePromotions(buyerId)
  if (snapshot === undefined || amount === undefined || !Number.isSafeInteger(amount) || amount <= 0) {
    return { isEnding: false }
  }
  const warning = warnIfWithdrawalEndsSpecialCashback(snapshot.specialCashback, snapshot.balance, amount, now, rates)
  return warning.isEnding ? { ...warning, balanceAfter: snapshot.balance - amount } : warning
}
