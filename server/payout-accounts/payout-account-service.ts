import { and, desc, eq, gt, isNull } from 'drizzle-orm'
import type { PayoutAccount } from '#domain/contracts/payout-account'
import type { PayoutAccountDetails, WithdrawalRequest } from '#domain/contracts/withdrawal'
import { isSavedAccountRequest } from '#domain/contracts/withdrawal'
import {
  findPayoutAccountUsableFrom,
  isPayoutAccountUsable,
  payoutAccountChangesPerDay,
} from '#domain/wallet/payout-account-rules'
import { isSamePayoutDetails, toPayoutDetails, toWithdrawalDestination } from '#domain/wallet/payout-details'
import type { Database } from '#server/db/database'
import { createRecordId } from '#server/db/record-id'
import { buyers, payoutAccounts } from '#server/db/schema'
import { ApiError } from '#server/http/api-error'
import { recordNotification } from '#server/notifications/notification-records'

/**
 * The only code that writes `payout_accounts` (docs/decisions/024). Every function takes the
 * caller's transaction: an account, the one it replaces and the security notification commit
 * together or not at all.
 */

export type PayoutAccountRecord = typeof payoutAccounts.$inferSelect

/** The wire form: the account masked like a withdrawal's destination, never `details`. */
export function toPayoutAccount(record: PayoutAccountRecord): PayoutAccount {
  return {
    _id: record.id,
    target: record.target,
    destination: toWithdrawalDestination(record.details),
    usableFrom: record.usableFrom.toISOString(),
    createdAt: record.createdAt.toISOString(),
  }
}

export type SavedPayoutAccount = {
  account: PayoutAccountRecord
  /** A new account was written (a first one, or a change); `false` when the details were already saved. */
  isNew: boolean
  /**
   * A new account that is not the buyer's first: it waits, and the security notification was
   * written. Once the transaction commits, the caller tells the buyer's email or phone too
   * (`announcePayoutAccountChange`).
   */
  isAnnounced: boolean
}

/**
 * Saves `details` as the buyer's account for its payout target. The same details as the current
 * account change nothing (so a resent form or a replayed offline request starts no waiting period).
 * Anything else is a new account that replaces the current one: usable at once if it is the
 * buyer's very first account, 72 hours later otherwise, with a security notification that says
 * so. The buyer row is locked first, so two devices saving at once are decided one after the other.
 * More than `payoutAccountChangesPerDay` new accounts in 24 hours is 429
 * `too_many_payout_account_changes` with `details.retryAfterSeconds`.
 */
export async function savePayoutAccount(
  tx: Database,
  input: { buyerId: string; details: PayoutAccountDetails; now: Date },
): Promise<SavedPayoutAccount> {
  const { buyerId, now } = input
  const [buyer] = await tx.select({ id: buyers.id }).from(buyers).where(eq(buyers.id, buyerId)).for('no key update')
  if (buyer === undefined) throw new ApiError(404, 'buyer_not_found', 'No such buyer')

  const details = toPayoutDetails(input.details)
  const [current] = await tx
    .select()
    .from(payoutAccounts)
    .where(
      and(
        eq(payoutAccounts.buyerId, buyerId),
        eq(payoutAccounts.target, details.target),
        isNull(payoutAccounts.replacedAt),
      ),
    )
  if (current !== undefined && isSamePayoutDetails(current.details, details)) {
    return { account: current, isNew: false, isAnnounced: false }
  }

  await refuseTooManyChanges(tx, buyerId, now)
  const [earlier] = await tx
    .select({ id: payoutAccounts.id })
    .from(payoutAccounts)
    .where(eq(payoutAccounts.buyerId, buyerId))
    .limit(1)
  const isFirstAccount = earlier === undefined
  if (current !== undefined) {
    await tx.update(payoutAccounts).set({ replacedAt: now }).where(eq(payoutAccounts.id, current.id))
  }
  const [account] = await tx
    .insert(payoutAccounts)
    .values({
      id: createRecordId(),
      buyerId,
      target: details.target,
      details,
      usableFrom: findPayoutAccountUsableFrom(now, isFirstAccount),
      createdAt: now,
    })
    .returning()
  if (account === undefined) throw new Error('savePayoutAccount: the insert returned no row')
  if (!isFirstAccount) {
    // A takeover's first move is its own payout account: the real shopper hears of it at once.
    await recordNotification(tx, {
      buyerId,
      kind: 'payout_account_changed',
      reasonKey: `payout_account:${account.id}`,
      values: {},
      now,
    })
  }
  return { account, isNew: true, isAnnounced: !isFirstAccount }
}

const dayMilliseconds = 24 * 3_600_000

/** Counted from the accounts themselves (replaced ones are kept), under the buyer row's lock. */
async function refuseTooManyChanges(tx: Database, buyerId: string, now: Date): Promise<void> {
  const recent = await tx
    .select({ createdAt: payoutAccounts.createdAt })
    .from(payoutAccounts)
    .where(
      and(eq(payoutAccounts.buyerId, buyerId), gt(payoutAccounts.createdAt, new Date(now.getTime() - dayMilliseconds))),
    )
    .orderBy(desc(payoutAccounts.createdAt))
    .limit(payoutAccountChangesPerDay)
  const oldestOfLimit = recent[payoutAccountChangesPerDay - 1]
  if (oldestOfLimit === undefined) return
  const freeAt = oldestOfLimit.createdAt.getTime() + dayMilliseconds
  const retryAfterSeconds = Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000))
  throw new ApiError(
    429,
    'too_many_payout_account_changes',
    `At most ${payoutAccountChangesPerDay} payout accounts can be saved in 24 hours; try again in ${retryAfterSeconds} seconds`,
    { retryAfterSeconds },
  )
}

/**
 * Where a withdrawal's money goes: the saved account it names (only the buyer's current one of
 * that target; anything else is 404 `payout_account_not_found`), or the details it carries, saved
 * as `savePayoutAccount` does. An account still in its waiting period is 409
 * `payout_account_waiting` with `details.usableFrom`. `null` for points.
 */
export async function findPayoutAccountForWithdrawal(
  tx: Database,
  input: { buyerId: string; request: WithdrawalRequest; now: Date },
): Promise<PayoutAccountRecord | null> {
  const { buyerId, request, now } = input
  let account: PayoutAccountRecord | undefined
  if (isSavedAccountRequest(request)) {
    ;[account] = await tx
      .select()
      .from(payoutAccounts)
      .where(
        and(
          eq(payoutAccounts.id, request.payoutAccountId),
          eq(payoutAccounts.buyerId, buyerId),
          eq(payoutAccounts.target, request.target),
          isNull(payoutAccounts.replacedAt),
        ),
      )
    if (account === undefined) throw new ApiError(404, 'payout_account_not_found', 'No such payout account')
  } else if (request.target === 'points') {
    return null
  } else {
    account = (await savePayoutAccount(tx, { buyerId, details: request, now })).account
  }
  if (!isPayoutAccountUsable(account.usableFrom, now)) {
    throw new ApiError(
      409,
      'payout_account_waiting',
      'This payout account was added or changed less than 72 hours ago',
      { usableFrom: account.usableFrom.toISOString() },
    )
  }
  return account
}
