import { cashbackMoneyState, type CashbackMoneyState } from '#domain/cashback/money-state'
import type { CashbackStatus } from '#domain/contracts/cashback'
import type { ProofStatus } from '#domain/contracts/proof'

/**
 * The colours of a cashback amount by what it is to the shopper's money (domain/cashback/money-state.ts):
 * the shopper's screens and the operator console draw a purchase's cashback alike.
 */
export const moneyStateTones: Record<CashbackMoneyState, { box: string; amount: string }> = {
  coming: { box: 'bg-cashback-50', amount: 'text-cashback-700' },
  to_accept: { box: 'bg-brand-50', amount: 'text-brand-700' },
  credited: { box: 'bg-brand-50', amount: 'text-brand-700' },
  under_review: { box: 'bg-cashback-50', amount: 'text-cashback-700' },
  // Struck through and grey: an amount that will not be paid must not look like money coming.
  not_paid: { box: 'bg-canvas', amount: 'text-ink-muted line-through' },
}

/** The amount classes of a purchase's cashback; without `appealStatus` a rejection reads as not paid. */
export function moneyStateAmountClass(transaction: {
  status: CashbackStatus
  accepted: boolean
  appealStatus?: ProofStatus | null
}): string {
  return moneyStateTones[cashbackMoneyState({ ...transaction, appealStatus: transaction.appealStatus ?? null })].amount
}
