import { and, count, desc, eq, type SQL } from 'drizzle-orm'
import {
  cashbackTransactionFields,
  type CashbackTransaction,
  type CashbackTransactionListQuery,
  type CashbackTransactionListResponse,
} from '#domain/contracts/buyer'
import type { Database } from '#server/db/database'
import { cashbackTransactions } from '#server/db/schema'

type TransactionRecord = typeof cashbackTransactions.$inferSelect

function toWire(record: TransactionRecord): CashbackTransaction {
  return {
    _id: record.id,
    status: record.status,
    accepted: record.accepted,
    archived: record.archived,
    createdAt: record.createdAt.toISOString(),
  }
}

/** The buyer's transactions, newest first, with only the selected fields. */
export async function listCashbackTransactions(
  database: Database,
  buyerId: string,
  query: CashbackTransactionListQuery,
): Promise<CashbackTransactionListResponse> {
  const conditions: SQL[] = [eq(cashbackTransactions.buyerId, buyerId)]
  const filter = query.filter ?? {}
  if (filter.status !== undefined) conditions.push(eq(cashbackTransactions.status, filter.status))
  if (filter.accepted !== undefined) conditions.push(eq(cashbackTransactions.accepted, filter.accepted))
  if (filter.archived !== undefined) conditions.push(eq(cashbackTransactions.archived, filter.archived))
  const where = and(...conditions)

  const [counted] = await database.select({ total: count() }).from(cashbackTransactions).where(where)
  const total = counted?.total ?? 0
  if (query.limit === 0 || total === 0) return { data: [], total }

  const records = await database
    .select()
    .from(cashbackTransactions)
    .where(where)
    .orderBy(desc(cashbackTransactions.createdAt), desc(cashbackTransactions.id))
    .limit(query.limit)
    .offset(query.skip)
  const fields = query.select ?? cashbackTransactionFields
  const data = records.map((record) => {
    const full = toWire(record)
    return Object.fromEntries(fields.map((field) => [field, full[field]])) as Partial<CashbackTransaction>
  })
  return { data, total }
}
