import { and, asc, count, desc, eq, lt, or, sql } from 'drizzle-orm'
import type * as v from 'valibot'
import type {
  Withdrawal,
  withdrawalListQuerySchema,
  WithdrawalListResponse,
  WithdrawalStatus,
} from '#domain/contracts/withdrawal'
import type { Database } from '#server/db/database'
import { buyers, walletLedgerEntries, withdrawalEvents, withdrawals } from '#server/db/schema'
import type { WithdrawalRecord } from '#server/withdrawals/withdrawal-service'

/** The wire form for the shopper: the masked destination, never `payout_details`. */
export function toWithdrawal(record: WithdrawalRecord): Withdrawal {
  const isOpen = record.status === 'requested' || record.status === 'processing'
  return {
    _id: record.id,
    target: record.target,
    status: record.status,
    currency: record.currency,
    amount: record.amount,
    fee: record.fee,
    netAmount: record.netAmount,
    points: record.points,
    destination: record.destination,
    // A promise only matters while the money is on its way.
    expectedBy: isOpen ? (record.expectedBy?.toISOString() ?? null) : null,
    failureReason: record.failureReason,
    createdAt: record.createdAt.toISOString(),
    paidAt: record.paidAt?.toISOString() ?? null,
  }
}

export type WithdrawalListQuery = v.InferOutput<typeof withdrawalListQuerySchema>

/** The buyer's withdrawals and exchanges, newest first. */
export async function listWithdrawals(
  database: Database,
  buyerId: string,
  query: WithdrawalListQuery,
): Promise<WithdrawalListResponse> {
  const where = eq(withdrawals.buyerId, buyerId)
  const rows = await database
    .select()
    .from(withdrawals)
    .where(where)
    .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
    .limit(query.limit)
    .offset(query.skip)
  const [total] = await database.select({ total: count() }).from(withdrawals).where(where)
  return { data: rows.map(toWithdrawal), total: total?.total ?? 0 }
}

/** One of the buyer's withdrawals; `undefined` for an unknown id or another buyer's. */
export async function findWithdrawal(
  database: Database,
  buyerId: string,
  withdrawalId: string,
): Promise<Withdrawal | undefined> {
  const [record] = await database
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.id, withdrawalId), eq(withdrawals.buyerId, buyerId)))
  return record === undefined ? undefined : toWithdrawal(record)
}

export type OperatorWithdrawalRow = {
  withdrawal: WithdrawalRecord
  buyer: { id: string; email: string | null; phone: string | null }
}

/** Statuses whose list is a queue (the order to pay them in); the others read newest first. */
const queueStatuses: readonly WithdrawalStatus[] = ['requested', 'processing']

/**
 * Withdrawals of one status with their buyer, for operators. The queue (requested, processing) is
 * finance's order of payment: 1-day cashback members first (spec section 6, docs/decisions/015),
 * then oldest first, so nobody waits behind newer ones; paid and failed read newest first.
 * `after` is the last row of the previous page.
 */
export async function listWithdrawalsByStatus(
  database: Database,
  query: { status: WithdrawalStatus; limit: number; after?: { createdAt: Date; id: string } },
): Promise<OperatorWithdrawalRow[]> {
  const isQueue = queueStatuses.includes(query.status)
  const order = isQueue
    ? [desc(withdrawals.isOneDayMember), asc(withdrawals.createdAt), asc(withdrawals.id)]
    : [desc(withdrawals.createdAt), desc(withdrawals.id)]
  const after = query.after
  const afterCondition =
    after === undefined
      ? undefined
      : isQueue
        ? // The page's last row is named by its time and id; whether it was a member's is read back.
          sql`(not ${withdrawals.isOneDayMember}, ${withdrawals.createdAt}, ${withdrawals.id}) > (
            (select not previous.is_one_day_member from withdrawals as previous where previous.id = ${after.id}),
            ${after.createdAt.toISOString()}::timestamptz,
            ${after.id}
          )`
        : or(
            lt(withdrawals.createdAt, after.createdAt),
            and(eq(withdrawals.createdAt, after.createdAt), lt(withdrawals.id, after.id)),
          )
  return database
    .select({
      withdrawal: withdrawals,
      buyer: { id: buyers.id, email: buyers.email, phone: buyers.phone },
    })
    .from(withdrawals)
    .innerJoin(buyers, eq(buyers.id, withdrawals.buyerId))
    .where(and(eq(withdrawals.status, query.status), afterCondition))
    .orderBy(...order)
    .limit(query.limit)
}

export type OperatorWithdrawalDetails = OperatorWithdrawalRow & {
  events: (typeof withdrawalEvents.$inferSelect)[]
  ledgerEntries: (typeof walletLedgerEntries.$inferSelect)[]
}

/** A withdrawal with its buyer, its history and its ledger entries (oldest first); `undefined` if unknown. */
export async function readWithdrawalDetails(
  database: Database,
  withdrawalId: string,
): Promise<OperatorWithdrawalDetails | undefined> {
  const [row] = await database
    .select({
      withdrawal: withdrawals,
      buyer: { id: buyers.id, email: buyers.email, phone: buyers.phone },
    })
    .from(withdrawals)
    .innerJoin(buyers, eq(buyers.id, withdrawals.buyerId))
    .where(eq(withdrawals.id, withdrawalId))
  if (row === undefined) return undefined
  const events = await database
    .select()
    .from(withdrawalEvents)
    .where(eq(withdrawalEvents.withdrawalId, withdrawalId))
    .orderBy(asc(withdrawalEvents.id))
  const ledgerEntries = await database
    .select()
    .from(walletLedgerEntries)
    .where(eq(walletLedgerEntries.withdrawalId, withdrawalId))
    .orderBy(asc(walletLedgerEntries.id))
  return { ...row, events, ledgerEntries }
}
