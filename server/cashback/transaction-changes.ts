import { createRecordId } from '#server/db/record-id'
import { eq } from 'drizzle-orm'
import {
  chooseCashbackReleasePath,
  unknownSideCancellationOutcome,
  type PurchaseOutcome,
} from '#domain/cashback/rating'
import {
  applyTransactionEvent,
  type TransactionEvent,
  type TransactionRefusalCode,
  type TransactionState,
} from '#domain/cashback/transaction-state'
import type { CashbackHistoryKind } from '#domain/contracts/cashback'
import { addDays } from '#domain/dates'
import type { Satang } from '#domain/money'
import { signedLedgerAmount } from '#domain/wallet/ledger'
import { readPurchaseOutcomeCounts, recomputeBuyerRating } from '#server/cashback/buyer-rating'
import { reasonCodeOfTransaction } from '#server/cashback/rejection-reason-records'
import type { Database } from '#server/db/database'
import { cashbackTransactionEvents, cashbackTransactions, merchants, walletLedgerEntries } from '#server/db/schema'
import { ApiError } from '#server/http/api-error'
import { endSpecialCashbackIfBelowTier, lockBuyer } from '#server/promotions/promotion-records'
import {
  awardApprovalBonuses,
  computeRecordedCashback,
  settleSpecialCashbackAtApproval,
} from '#server/promotions/purchase-promotions'
import { readFixedRates } from '#server/settings/fixed-rates'
import { purchaseNotificationValues, recordNotification } from '#server/notifications/notification-records'

/**
 * The only code that writes `cashback_transactions` (and, for them, the history and the wallet
 * ledger). Every function takes the caller's database transaction, so a state change, its
 * history step, its ledger entry and the rating it moves commit together or not at all.
 */

export type TransactionRecord = typeof cashbackTransactions.$inferSelect

export type RecordPurchaseInput = {
  /** A fixed id for the demo seed (so e2e tests can name its transactions); a new one otherwise. */
  transactionId?: string
  buyerId: string
  clickId: string | null
  merchantId: string
  productId: string | null
  orderId: string
  orderDate: Date
  /** The merchant's item and pieces as the network said (the daily item limit counts them). */
  sku?: string | null
  quantity?: number | null
  purchaseAmount: Satang
  actor: string
  now: Date
}

/**
 * A purchase we just heard of, as a `TRACKING` transaction whose cashback is computed from the
 * merchant's current rate and the promotions the buyer had at the click (and kept, so later rate
 * or setting changes do not touch it). Every call makes a
 * new transaction, also for an order that already has one (networks that send one conversion per
 * item): callers recognise repeats by their own key, e.g. the conversion id.
 */
export async function recordPurchase(tx: Database, input: RecordPurchaseInput): Promise<TransactionRecord> {
  const [merchant] = await tx
    .select({
      cashbackKind: merchants.cashbackKind,
      rateBasisPoints: merchants.cashbackRateBasisPoints,
      maxPerOrder: merchants.cashbackMaxPerOrder,
      trackingDays: merchants.trackingDays,
    })
    .from(merchants)
    .where(eq(merchants.id, input.merchantId))
  if (merchant === undefined) throw new Error(`recordPurchase: no merchant ${input.merchantId}`)

  const computed = await computeRecordedCashback(tx, {
    buyerId: input.buyerId,
    clickId: input.clickId,
    orderDate: input.orderDate,
    purchaseAmount: input.purchaseAmount,
    cashback: merchant,
    rates: await readFixedRates(tx),
  })
  // Only premium together with Special Cashback is refused, which the joins never let happen.
  if (!computed.ok) throw new Error(`recordPurchase: cashback refused (${computed.code})`)

  const [inserted] = await tx
    .insert(cashbackTransactions)
    .values({
      id: input.transactionId ?? createRecordId(),
      buyerId: input.buyerId,
      clickId: input.clickId,
      merchantId: input.merchantId,
      productId: input.productId,
      orderId: input.orderId,
      orderDate: input.orderDate,
      sku: input.sku ?? null,
      quantity: input.quantity ?? null,
      purchaseAmount: input.purchaseAmount,
      cashbackAmount: computed.amount.total,
      cashbackComponents: computed.amount.components,
      cashbackKind: merchant.cashbackKind,
      cashbackRateBasisPoints: merchant.rateBasisPoints,
      cashbackMaxPerOrder: merchant.maxPerOrder,
      status: 'TRACKING',
      // The merchant's tracking period is when the purchase should show as pending.
      expectedAt: addDays(input.orderDate, merchant.trackingDays),
      createdAt: input.now,
      updatedAt: input.now,
    })
    .returning()
  if (inserted === undefined) throw new Error('recordPurchase: the insert returned no row')
  await tx.insert(cashbackTransactionEvents).values({
    transactionId: inserted.id,
    kind: 'TRACKING',
    actor: input.actor,
    createdAt: input.now,
  })
  return inserted
}

export type ChangeTransactionInput = {
  transactionId: string
  event: TransactionEvent
  /** `buyer`, `network:<name>`, `operator:<user>`, `release-job`, `rule:<name>` or `demo seed`. */
  actor: string
  /** The operator's reason or the network's note, kept with the history step. */
  note?: string
  /**
   * With a cancellation by our own rules (the daily item limit): its words, for operators (the
   * shopper is shown the event's reason code). Networks and operators cancel without them.
   */
  cancellationReason?: string
  /**
   * How a rejection or cancellation counts in the rating. Left out, a rejection is `returned`
   * and a cancellation does not count (`unknownSideCancellationOutcome`: nobody said who
   * cancelled), and a repeated decision keeps the outcome it has. Named, it is stored, also on
   * a transaction already decided that way (an operator's `reject --flagged` or
   * `cancel --by-merchant` after the network's own rejection or cancellation). Ignored for
   * other changes.
   */
  ratingOutcome?: PurchaseOutcome
  /** With an approval: approved by the 1-day cashback of a high rating, not by the network. */
  isEarlyRelease?: boolean
  now: Date
}

/**
 * `changed` is `false` when nothing was written (the same news again). It is `true` for a change
 * of the state, and also when only the rating outcome changed, which adds no history step.
 */
export type TransactionChangeResult =
  { ok: true; changed: boolean; record: TransactionRecord } | { ok: false; code: TransactionRefusalCode }

function stateOf(record: TransactionRecord): TransactionState {
  return {
    status: record.status,
    accepted: record.accepted,
    archived: record.archived,
    rejectionReason: record.rejectionReason,
    reasonCode: reasonCodeOfTransaction(record),
    appealApproved: record.appealApprovedAt !== null,
  }
}

function historyKindOf(event: TransactionEvent, next: TransactionState): CashbackHistoryKind {
  if (event.kind === 'accept') return 'ACCEPTED'
  if (event.kind === 'archive') return 'ARCHIVED'
  // An approved appeal shows as the approval it is, marked as the appeal's (`isAppealApproval`).
  return next.status
}

/**
 * How a decision counts when the caller does not say: a rejection is a return (the network
 * rejects for the shopper's return or for breaking the merchant's terms), a cancellation counts
 * for nothing (domain/cashback/rating.ts, `unknownSideCancellationOutcome`).
 */
const defaultRatingOutcomes = {
  REJECTED: 'returned',
  CANCELLED: unknownSideCancellationOutcome,
} as const satisfies Record<'REJECTED' | 'CANCELLED', PurchaseOutcome>

/** The rating outcome a decision leaves; `undefined` when the change decides nothing new. */
function ratingOutcomeOf(
  current: TransactionRecord,
  next: TransactionState,
  requested: PurchaseOutcome | undefined,
): PurchaseOutcome | undefined {
  if (next.status === 'APPROVED') return current.status === 'APPROVED' ? undefined : 'approved'
  if (next.status !== 'REJECTED' && next.status !== 'CANCELLED') return undefined
  if (requested === 'approved') throw new RangeError(`A ${next.status} transaction cannot count as approved`)
  // The same decision again (a repeat, or a rejection re-sent with a new reason) keeps its
  // outcome unless the caller names another.
  if (next.status === current.status) return requested ?? current.ratingOutcome ?? undefined
  return requested ?? defaultRatingOutcomes[next.status]
}

/**
 * Applies one event through the state machine (domain/cashback/transaction-state.ts) to the
 * locked row. Refusals come back as codes; an unknown transaction is 404 `transaction_not_found`.
 *
 * The row is locked `FOR NO KEY UPDATE`: no change touches its id, and the stronger
 * `FOR UPDATE` would also wait for (and be waited for by) every insert that references the
 * transaction (history, ledger, conversions), which is how lock-order deadlocks start.
 */
export async function changeTransaction(tx: Database, input: ChangeTransactionInput): Promise<TransactionChangeResult> {
  const [current] = await tx
    .select()
    .from(cashbackTransactions)
    .where(eq(cashbackTransactions.id, input.transactionId))
    .for('no key update')
  if (current === undefined) {
    throw new ApiError(404, 'transaction_not_found', `No cashback transaction ${input.transactionId}`)
  }

  const result = applyTransactionEvent(stateOf(current), input.event)
  if (!result.ok) return { ok: false, code: result.code }
  const { next } = result
  const ratingOutcome = ratingOutcomeOf(current, next, input.ratingOutcome)
  const isRatingChanged = ratingOutcome !== undefined && ratingOutcome !== current.ratingOutcome

  if (!result.changed) {
    if (!isRatingChanged) return { ok: true, changed: false, record: current }
    // The same decision again, now with another outcome (an operator flagging a purchase the
    // network already rejected): only how it counts changes. No history step: the shopper's
    // timeline lists status changes and their own actions, and this is neither.
    const [record] = await tx
      .update(cashbackTransactions)
      .set({ ratingOutcome, updatedAt: input.now })
      .where(eq(cashbackTransactions.id, current.id))
      .returning()
    if (record === undefined) throw new Error(`changeTransaction: ${current.id} vanished while locked`)
    await recomputeBuyerRating(tx, record.buyerId)
    return { ok: true, changed: true, record }
  }

  const changes: Partial<typeof cashbackTransactions.$inferInsert> = {
    status: next.status,
    accepted: next.accepted,
    archived: next.archived,
    rejectionReason: next.rejectionReason,
    reasonCode: next.reasonCode,
    updatedAt: input.now,
  }
  if (input.event.kind === 'accept') changes.acceptedAt = input.now
  if (input.event.kind === 'archive') changes.archivedAt = input.now
  if (input.event.kind === 'appeal_approved') changes.appealApprovedAt = input.now
  // A rejection after a claim moves the transaction back out of the archive.
  if (!next.archived && current.archived) changes.archivedAt = null

  if (next.status !== current.status) {
    if (next.status === 'PENDING') Object.assign(changes, await planRelease(tx, current, input.now))
    if (next.status === 'APPROVED') {
      Object.assign(changes, await settleSpecialCashbackAtApproval(tx, current, input.now))
      changes.approvedAt = input.now
      changes.expectedAt = null
      changes.releaseAt = null
    }
    if (next.status === 'REJECTED' || next.status === 'CANCELLED') {
      changes.expectedAt = null
      changes.releaseAt = null
    }
    if (next.status === 'CANCELLED') changes.cancellationReason = input.cancellationReason ?? null
  }
  if (isRatingChanged) changes.ratingOutcome = ratingOutcome

  const [record] = await tx
    .update(cashbackTransactions)
    .set(changes)
    .where(eq(cashbackTransactions.id, current.id))
    .returning()
  if (record === undefined) throw new Error(`changeTransaction: ${current.id} vanished while locked`)

  const kind = historyKindOf(input.event, next)
  await tx.insert(cashbackTransactionEvents).values({
    transactionId: record.id,
    kind,
    rejectionReason: kind === 'REJECTED' ? next.rejectionReason : null,
    reasonCode: kind === 'REJECTED' || kind === 'CANCELLED' ? next.reasonCode : null,
    isEarlyRelease: kind === 'APPROVED' && input.isEarlyRelease === true,
    isAppealApproval: input.event.kind === 'appeal_approved',
    actor: input.actor,
    note: input.note ?? null,
    createdAt: input.now,
  })

  // The ledger refuses 0: a purchase that earned no cashback has nothing to credit or reverse.
  // `cashback_amount` never changes after the purchase is recorded, so a reversal takes back
  // exactly what the credit gave.
  if (result.ledgerEntry !== null && record.cashbackAmount > 0) {
    await tx.insert(walletLedgerEntries).values({
      buyerId: record.buyerId,
      kind: result.ledgerEntry,
      amount: signedLedgerAmount(result.ledgerEntry, record.cashbackAmount),
      currency: record.currency,
      transactionId: record.id,
      createdAt: input.now,
    })
  }

  if (result.ledgerEntry === 'cashback_reversal') {
    // A reversal is a debit: Special Cashback ends the moment the balance falls below its level.
    await lockBuyer(tx, record.buyerId)
    await endSpecialCashbackIfBelowTier(tx, record.buyerId, input.now, await readFixedRates(tx))
  }
  if (next.status === 'APPROVED' && current.status !== 'APPROVED') {
    await awardApprovalBonuses(tx, record, await readFixedRates(tx), input.now)
    // An approved appeal is told as the proof's review (server/proofs/proof-service.ts); a purchase
    // that earned nothing has nothing to accept.
    if (input.event.kind !== 'appeal_approved' && record.cashbackAmount > 0) {
      await recordNotification(tx, {
        buyerId: record.buyerId,
        kind: input.isEarlyRelease === true ? 'cashback_released' : 'cashback_approved',
        reasonKey: `approved:${record.id}`,
        values: await purchaseNotificationValues(tx, record),
        now: input.now,
      })
    }
  }

  if (isRatingChanged) await recomputeBuyerRating(tx, record.buyerId)
  return { ok: true, changed: true, record }
}

/**
 * Entering `PENDING` decides how the cashback will be released (domain/cashback/rating.ts), from
 * the buyer's record at this moment: a later return does not take back a path already chosen.
 */
async function planRelease(
  tx: Database,
  current: TransactionRecord,
  now: Date,
): Promise<Pick<TransactionRecord, 'releasePath' | 'releaseAt' | 'expectedAt'>> {
  const counts = await readPurchaseOutcomeCounts(tx, current.buyerId)
  const fixedRates = await readFixedRates(tx)
  const [merchant] = await tx
    .select({ confirmationDays: merchants.confirmationDays })
    .from(merchants)
    .where(eq(merchants.id, current.merchantId))
  if (merchant === undefined) throw new Error(`changeTransaction: no merchant ${current.merchantId}`)
  const { confirmationDays } = merchant
  const releasePath = chooseCashbackReleasePath(counts, current.cashbackAmount, fixedRates)
  switch (releasePath) {
    case 'one_day': {
      const releaseAt = addDays(now, 1)
      return { releasePath, releaseAt, expectedAt: releaseAt }
    }
    case 'one_day_with_proof':
      // Waits like a standard purchase until an operator approves the shopper's proof of purchase,
      // which sets `release_at` (server/proofs/proof-service.ts); the release job needs it.
      return { releasePath, releaseAt: null, expectedAt: addDays(now, confirmationDays) }
    case 'standard':
      return { releasePath, releaseAt: null, expectedAt: addDays(now, confirmationDays) }
  }
}
