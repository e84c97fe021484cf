import { and, count, desc, eq } from 'drizzle-orm'
import type * as v from 'valibot'
import type { Withdrawal, withdrawalListQuerySchema, WithdrawalListResponse } from '#domain/contracts/withdrawal'
import type { Database } from '#server/db/database'
import { withdrawals } from '#server/db/schema'
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
