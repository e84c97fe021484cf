import { recordNotification } from '#server/notifications/notification-records'
import { createRecordId } from '#server/db/record-id'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { FixedRates } from '#domain/contracts/fixed-rate'
import type { WithdrawalRequest, WithdrawalStatus } from '#domain/contracts/withdrawal'
import type { ErrorDetails } from '#domain/errors'
import type { LedgerEntryKind } from '#domain/wallet/ledger'
import { cashbackLedgerEntryKinds, signedLedgerAmount } from '#domain/wallet/ledger'
import {
  computeExchangePoints,
  computeWithdrawalFee,
  findPromisedPayoutDate,
  findWithdrawalRefusal,
  type WalletState,
  type WithdrawalRefusalCode,
} from '#domain/wallet/withdrawal-rules'
import { isEligibleForOneDayCashback } from '#domain/cashback/rating'
import { readPurchaseOutcomeCounts } from '#server/cashback/buyer-rating'
import type { Database } from '#server/db/database'
import { buyers, walletLedgerEntries, withdrawalEvents, withdrawals } from '#server/db/schema'
import { ApiError } from '#server/http/api-error'
import { endSpecialCashbackIfBelowTier } from '#server/promotions/promotion-records'
import { readBankHolidayDates } from '#server/withdrawals/bank-holidays'
import { toWithdrawalDestination } from '#domain/wallet/payout-details'
import { findPayoutAccountForWithdrawal } from '#server/payout-accounts/payout-account-service'

/**
 * The only code that writes `withdrawals` (and, for them, their events and the wallet ledger).
 * Every function takes the caller's database transaction, so a status change, its event and its
 * ledger entries commit together or not at all (docs/decisions/006).
 */

export type WithdrawalRecord = typeof withdrawals.$inferSelect

/** A withdrawal or exchange that is not finished: the one a second request would race. */
export const openWithdrawalStatuses = ['requested', 'processing'] as const satisfies readonly WithdrawalStatus[]

/**
 * What the withdrawal rules need, read inside the caller's transaction. Called after the buyer
 * row is locked, each statement sees every withdrawal committed before the lock was granted.
 */
export async function readWithdrawalWalletState(tx: Database, buyerId: string): Promise<WalletState> {
  const [ledger] = await tx
    .select({
      balance: sql<number>`coalesce(sum(${walletLedgerEntries.amount}), 0)`.mapWith(Number),
      accumulatedCashback: sql<number>`coalesce(sum(${walletLedgerEntries.amount}) filter (
        where ${inArray(walletLedgerEntries.kind, cashbackLedgerEntryKinds)}
      ), 0)`.mapWith(Number),
    })
    .from(walletLedgerEntries)
    .where(eq(walletLedgerEntries.buyerId, buyerId))
  const [open] = await tx
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(and(eq(withdrawals.buyerId, buyerId), inArray(withdrawals.status, openWithdrawalStatuses)))
    .limit(1)
  return {
    balance: ledger?.balance ?? 0,
    accumulatedCashback: ledger?.accumulatedCashback ?? 0,
    hasOpenWithdrawal: open !== undefined,
  }
}

/** Developer-facing; the client shows the spec's message for each code. */
const refusalMessages = {
  pending_withdrawal: 'A withdrawal or exchange is still being processed',
  accumulated_cashback_too_low: 'Not enough cashback accumulated to withdraw yet',
  below_minimum_exchange: 'The amount is below the smallest exchange',
  below_minimum_withdrawal: 'The amount is below the smallest withdrawal',
  above_balance: 'The amount is above the wallet balance',
} as const satisfies Record<WithdrawalRefusalCode, string>

/** The number the refused rule compared with, so a queued request's refusal can be explained. */
function refusalDetails(
  code: WithdrawalRefusalCode,
  wallet: WalletState,
  fixedRates: Pick<FixedRates, 'minWithdrawal' | 'minPointsExchange'>,
): ErrorDetails | undefined {
  switch (code) {
    case 'accumulated_cashback_too_low':
    case 'below_minimum_withdrawal':
      return { minimum: fixedRates.minWithdrawal }
    case 'below_minimum_exchange':
      return { minimum: fixedRates.minPointsExchange }
    case 'above_balance':
      return { balance: wallet.balance }
    case 'pending_withdrawal':
      return undefined
  }
}

export type RequestWithdrawalInput = {
  buyerId: string
  request: WithdrawalRequest
  now: Date
  /** Read by the caller in the same transaction (`readFixedRates`), so the rules and the fee agree. */
  fixedRates: FixedRates
}

/**
 * Checks the payout account (saved, or saved now from the request's details; not still in its
 * waiting period: server/payout-accounts/payout-account-service.ts) and the rules of
 * domain/wallet/withdrawal-rules.ts, and reserves the money in the ledger, in
 * the caller's transaction. The buyer row is locked first (`FOR NO KEY UPDATE`: it still lets
 * foreign keys to the buyer be checked), so two requests of one buyer run one after the other
 * and the second sees the first's withdrawal and ledger entries: the wallet cannot be overdrawn
 * by racing requests. A refusal is a 409 `ApiError` with the rule's code.
 *
 * A withdrawal reserves `withdrawal` (−net) and `withdrawal_fee` (−fee) and waits for an operator;
 * an exchange writes `points_exchange` (−amount) and is paid at once.
 */
export async function requestWithdrawal(tx: Database, input: RequestWithdrawalInput): Promise<WithdrawalRecord> {
  const { buyerId, request, now, fixedRates } = input
  const [buyer] = await tx
    .select({ status: buyers.status })
    .from(buyers)
    .where(eq(buyers.id, buyerId))
    .for('no key update')
  if (buyer === undefined) throw new ApiError(404, 'buyer_not_found', 'No such buyer')
  // The session was checked before the lock; a suspension that landed in between still counts.
  if (buyer.status === 'suspended') {
    throw new ApiError(403, 'buyer_suspended', 'This account is suspended; contact support in the chat')
  }

  // Where the money goes first: an unknown account or one still waiting is refused whatever the amount.
  const payoutAccount = await findPayoutAccountForWithdrawal(tx, { buyerId, request, now })
  const wallet = await readWithdrawalWalletState(tx, buyerId)
  const refusal = findWithdrawalRefusal(request, wallet, fixedRates)
  if (refusal !== undefined) {
    throw new ApiError(409, refusal, refusalMessages[refusal], refusalDetails(refusal, wallet, fixedRates))
  }

  const isExchange = request.target === 'points'
  // Spec section 6: 1-day cashback status, as it is when the shopper asks, earns the shorter
  // promise and a place at the front of finance's queue (`listWithdrawalsByStatus`).
  const isOneDayMember = isEligibleForOneDayCashback(await readPurchaseOutcomeCounts(tx, buyerId), fixedRates)
  const fee = computeWithdrawalFee(request.target, request.amount, fixedRates)
  const payoutDetails = payoutAccount?.details ?? null
  const [record] = await tx
    .insert(withdrawals)
    .values({
      id: createRecordId(),
      buyerId,
      target: request.target,
      status: isExchange ? 'paid' : 'requested',
      amount: request.amount,
      fee,
      netAmount: isExchange ? 0 : request.amount - fee,
      points: isExchange ? computeExchangePoints(request.amount, fixedRates) : null,
      destination: toWithdrawalDestination(payoutDetails),
      payoutDetails,
      expectedBy: isExchange
        ? null
        : (findPromisedPayoutDate(now, request.target, isOneDayMember, await readBankHolidayDates(tx)) ?? null),
      isOneDayMember,
      createdAt: now,
      paidAt: isExchange ? now : null,
      updatedAt: now,
    })
    .returning()
  if (record === undefined) throw new Error('requestWithdrawal: the insert returned no row')

  await tx
    .insert(withdrawalEvents)
    .values({ withdrawalId: record.id, status: record.status, actor: 'buyer', createdAt: now })
  const entries: [LedgerEntryKind, number][] = isExchange
    ? [['points_exchange', record.amount]]
    : [
        ['withdrawal', record.netAmount],
        ['withdrawal_fee', record.fee],
      ]
  await insertLedgerEntries(tx, record, entries, now)
  // The buyer row is locked above. The form warned before the shopper confirmed
  // (`warnIfWithdrawalEndsSpecialCashback`); here the end is recorded with its reason.
  await endSpecialCashbackIfBelowTier(tx, buyerId, now, fixedRates)
  return record
}

/** The ledger refuses 0, so a zero part (no fee) is simply not written. */
async function insertLedgerEntries(
  tx: Database,
  record: WithdrawalRecord,
  entries: readonly [LedgerEntryKind, number][],
  now: Date,
): Promise<void> {
  const values = entries
    .filter(([, amount]) => amount > 0)
    .map(([kind, amount]) => ({
      buyerId: record.buyerId,
      kind,
      amount: signedLedgerAmount(kind, amount),
      currency: record.currency,
      withdrawalId: record.id,
      createdAt: now,
    }))
  if (values.length > 0) await tx.insert(walletLedgerEntries).values(values)
}

/** The operator's moves: requested → processing → paid, or failed from either open status. */
const allowedTransitions: Readonly<Record<WithdrawalStatus, readonly WithdrawalStatus[]>> = {
  requested: ['processing', 'failed'],
  processing: ['paid', 'failed'],
  paid: [],
  failed: [],
}

export type WithdrawalStatusChange =
  | { status: 'processing' | 'paid'; reason?: string }
  /** Shown to the shopper with the returned money. */
  | { status: 'failed'; reason: string }

export type MarkWithdrawalInput = WithdrawalStatusChange & {
  withdrawalId: string
  /** `operator:<user>`. */
  actor: string
  now: Date
}

export type MarkWithdrawalResult = { record: WithdrawalRecord; changed: boolean }

/**
 * Moves a withdrawal on (the row locked, so two operators cannot both fail it). Asking for the
 * status it already has changes nothing (`changed: false`), so a repeated command is harmless;
 * any other move outside the allowed ones is 409 `invalid_transition`. A failure gives the money
 * and the fee back with one `withdrawal_return` entry (the unique index on the ledger's
 * withdrawal and kind makes it one at most).
 */
export async function markWithdrawal(tx: Database, input: MarkWithdrawalInput): Promise<MarkWithdrawalResult> {
  const reason = input.reason?.trim()
  if (input.status === 'failed' && (reason === undefined || reason === '')) {
    throw new RangeError('A failed withdrawal needs a reason: the shopper sees it')
  }
  const [current] = await tx.select().from(withdrawals).where(eq(withdrawals.id, input.withdrawalId)).for('update')
  if (current === undefined) throw new ApiError(404, 'withdrawal_not_found', `No withdrawal ${input.withdrawalId}`)
  if (current.status === input.status) return { record: current, changed: false }
  if (!allowedTransitions[current.status].includes(input.status)) {
    throw new ApiError(409, 'invalid_transition', `A ${current.status} withdrawal cannot become ${input.status}`)
  }

  const changes: Partial<typeof withdrawals.$inferInsert> = { status: input.status, updatedAt: input.now }
  if (input.status === 'processing') changes.processingAt = input.now
  if (input.status === 'paid') changes.paidAt = input.now
  if (input.status === 'failed') {
    changes.failedAt = input.now
    changes.failureReason = reason ?? null
  }
  const [record] = await tx.update(withdrawals).set(changes).where(eq(withdrawals.id, current.id)).returning()
  if (record === undefined) throw new Error(`markWithdrawal: ${current.id} vanished while locked`)

  await tx.insert(withdrawalEvents).values({
    withdrawalId: record.id,
    status: record.status,
    actor: input.actor,
    reason: reason === '' ? null : (reason ?? null),
    createdAt: input.now,
  })
  if (record.status === 'failed') {
    await insertLedgerEntries(tx, record, [['withdrawal_return', record.netAmount + record.fee]], input.now)
  }
  if (record.status === 'paid' || record.status === 'failed') {
    await recordNotification(tx, {
      buyerId: record.buyerId,
      kind: record.status === 'paid' ? 'withdrawal_paid' : 'withdrawal_failed',
      reasonKey: `withdrawal:${record.id}:${record.status}`,
      values: {
        withdrawalId: record.id,
        amount: record.status === 'paid' ? record.netAmount : record.netAmount + record.fee,
      },
      now: input.now,
    })
  }
  return { record, changed: true }
}
