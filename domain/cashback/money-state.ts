import type { CashbackStatus } from '../contracts/cashback.ts'
import type { ProofStatus } from '../contracts/proof.ts'

/**
 * What a purchase's cashback is to the shopper's money right now (issue 20): the one answer every
 * screen that shows a cashback amount draws from, so a rejected amount never looks like money
 * on its way.
 * - `coming`: tracking or pending; may come, nothing decided yet.
 * - `to_accept`: approved; one tap moves it into the wallet.
 * - `credited`: approved and accepted; in the wallet.
 * - `under_review`: rejected, and the shopper's proof is waiting for review.
 * - `not_paid`: rejected (no proof waiting) or cancelled; will not be paid.
 */
export const cashbackMoneyStates = ['coming', 'to_accept', 'credited', 'under_review', 'not_paid'] as const
export type CashbackMoneyState = (typeof cashbackMoneyStates)[number]

export function cashbackMoneyState(transaction: {
  status: CashbackStatus
  accepted: boolean
  appealStatus: ProofStatus | null
}): CashbackMoneyState {
  switch (transaction.status) {
    case 'TRACKING':
    case 'PENDING':
      return 'coming'
    case 'APPROVED':
      return transaction.accepted ? 'credited' : 'to_accept'
    case 'REJECTED':
      return transaction.appealStatus === 'pending' ? 'under_review' : 'not_paid'
    case 'CANCELLED':
      return 'not_paid'
  }
}
