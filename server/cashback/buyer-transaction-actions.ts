import { and, eq, inArray } from 'drizzle-orm'
import type { TransactionRefusalCode } from '#domain/cashback/transaction-state'
import type { AcceptCashbackResponse, CashbackActionResponse } from '#domain/contracts/cashback'
import type { ErrorCode } from '#domain/errors'
import { findCashbackTransaction, findCashbackTransactions } from '#server/cashback/cashback-transaction-queries'
import { changeTransaction } from '#server/cashback/transaction-changes'
import type { Database } from '#server/db/database'
import { cashbackTransactions } from '#server/db/schema'
import { ApiError } from '#server/http/api-error'
import { readWalletBalance, toBalanceList } from '#server/wallet/wallet-queries'

export type BuyerTransactionAction = 'accept' | 'archive'

/** Developer-facing; the client shows its own message for each code. */
const refusalMessages = {
  invalid_transition: 'The transaction cannot change this way',
  rejection_reason_required: 'A rejection needs a reason',
  not_approved: 'Only approved cashback can be accepted or archived',
  already_accepted: 'This cashback is already in the wallet',
  not_accepted: 'Accept the cashback before archiving it',
  already_archived: 'This transaction is already archived',
  not_rejected: 'Only a rejected transaction can be appealed',
} as const satisfies Record<TransactionRefusalCode, string> & Partial<Record<ErrorCode, string>>

/**
 * The shopper's Accept (cashback into the wallet, once) and Archive, inside the caller's
 * database transaction. Another buyer's transaction is 404 like an unknown one; a refusal of the
 * state machine is 409 with its code.
 */
export async function runBuyerTransactionAction(
  tx: Database,
  input: { buyerId: string; transactionId: string; action: BuyerTransactionAction; now: Date },
): Promise<CashbackActionResponse> {
  const [owned] = await tx
    .select({ id: cashbackTransactions.id })
    .from(cashbackTransactions)
    .where(and(eq(cashbackTransactions.id, input.transactionId), eq(cashbackTransactions.buyerId, input.buyerId)))
  if (owned === undefined) throw new ApiError(404, 'transaction_not_found', 'No such cashback transaction')

  const result = await changeTransaction(tx, {
    transactionId: input.transactionId,
    event: { kind: input.action },
    actor: 'buyer',
    now: input.now,
  })
  if (!result.ok) throw new ApiError(409, result.code, refusalMessages[result.code])

  const transaction = await findCashbackTransaction(tx, input.buyerId, input.transactionId)
  if (transaction === undefined) throw new Error(`transaction ${input.transactionId} vanished after a change`)
  return { transaction, balance: toBalanceList(await readWalletBalance(tx, input.buyerId)) }
}

/**
 * "Accept all": each of `transactionIds` (the buyer's own, else 404 for the whole request) that is
 * approved and not yet accepted goes into the wallet, inside the caller's database transaction, so
 * either all of them move or none. One already accepted or no longer approved is skipped. Ids are
 * taken in a fixed order so two requests over the same purchases lock them in the same order.
 */
export async function acceptApprovedCashback(
  tx: Database,
  input: { buyerId: string; transactionIds: readonly string[]; now: Date },
): Promise<AcceptCashbackResponse> {
  const ids = [...input.transactionIds].sort()
  const owned = await tx
    .select({ id: cashbackTransactions.id })
    .from(cashbackTransactions)
    .where(and(inArray(cashbackTransactions.id, ids), eq(cashbackTransactions.buyerId, input.buyerId)))
  if (owned.length !== ids.length) throw new ApiError(404, 'transaction_not_found', 'No such cashback transaction')

  const acceptedIds = new Set<string>()
  for (const transactionId of ids) {
    const result = await changeTransaction(tx, {
      transactionId,
      event: { kind: 'accept' },
      actor: 'buyer',
      now: input.now,
    })
    if (result.ok) acceptedIds.add(transactionId)
    else if (result.code !== 'already_accepted' && result.code !== 'not_approved') {
      throw new ApiError(409, result.code, refusalMessages[result.code])
    }
  }

  const byId = new Map(
    (await findCashbackTransactions(tx, input.buyerId, [...acceptedIds])).map((transaction) => [
      transaction._id,
      transaction,
    ]),
  )
  // In the order the shopper sent them: the order they were shown.
  const accepted = input.transactionIds.flatMap((transactionId) => {
    const transaction = byId.get(transactionId)
    return transaction === undefined ? [] : [transaction]
  })
  if (accepted.length !== acceptedIds.size) throw new Error('an accepted transaction vanished after its change')
  return { accepted, balance: toBalanceList(await readWalletBalance(tx, input.buyerId)) }
}
