import { eq, sql } from 'drizzle-orm'
import * as v from 'valibot'
import { defaultCurrency, type BalanceEntry } from '#domain/contracts/buyer'
import type { WalletSummary } from '#domain/contracts/cashback'
import type { Satang } from '#domain/money'
import { cashbackLedgerEntryKinds } from '#domain/wallet/ledger'
import type { Database } from '#server/db/database'
import { walletLedgerEntries } from '#server/db/schema'

/**
 * The wallet is the ledger (append-only, server/db/schema.ts): every figure here is summed from
 * its entries and the transactions when asked, never kept as a number that could drift.
 */

/** The sum of the buyer's ledger entries, satang. May be negative (spec section 4). */
export async function readWalletBalance(database: Database, buyerId: string): Promise<Satang> {
  const [row] = await database
    .select({ balance: sql<number>`coalesce(sum(${walletLedgerEntries.amount}), 0)`.mapWith(Number) })
    .from(walletLedgerEntries)
    .where(eq(walletLedgerEntries.buyerId, buyerId))
  return row?.balance ?? 0
}

/** Spec section 3's list form of a balance: one THB entry. */
export function toBalanceList(amount: Satang): BalanceEntry[] {
  return [{ currency: defaultCurrency, amount }]
}

/** Bangkok has no daylight saving, but the name keeps the intent readable and exact. */
const walletTimeZone = 'Asia/Bangkok'

/** Sums are `bigint` in SQL: node-postgres answers them as strings, PGlite as numbers. */
const integerColumnSchema = v.pipe(
  v.union([v.number(), v.string(), v.bigint()]),
  v.transform(Number),
  v.number(),
  v.safeInteger(),
)

const summaryRowSchema = v.object({
  balance: integerColumnSchema,
  cashback: integerColumnSchema,
  bonus: integerColumnSchema,
  withdrawn: integerColumnSchema,
  spent: integerColumnSchema,
  cashback_items: integerColumnSchema,
  awaiting_acceptance: integerColumnSchema,
  upcoming: integerColumnSchema,
  rating_basis_points: integerColumnSchema,
  monthly: v.array(v.object({ month: v.string(), cashback: integerColumnSchema })),
})

/**
 * Spec section 3's wallet summary in one statement, so every figure comes from the same
 * snapshot. `monthly` covers the 12 calendar months up to `now` in Bangkok time, zero months
 * included. `undefined` for an unknown buyer.
 */
const cashbackKindList = sql.join(
  cashbackLedgerEntryKinds.map((kind) => sql`${kind}`),
  sql`, `,
)

export async function readWalletSummary(
  database: Database,
  buyerId: string,
  now: Date,
): Promise<WalletSummary | undefined> {
  const result = await database.execute(sql`
    with ledger as (
      select
        coalesce(sum(amount), 0) as balance,
        coalesce(sum(amount) filter (where kind in (${cashbackKindList})), 0) as cashback,
        coalesce(sum(amount) filter (where kind = 'bonus'), 0) as bonus,
        -coalesce(sum(amount) filter (
          where kind in ('withdrawal', 'withdrawal_fee', 'points_exchange', 'withdrawal_return')
        ), 0) as withdrawn
      from wallet_ledger_entries
      where buyer_id = ${buyerId}
    ),
    purchases as (
      select
        coalesce(sum(purchase_amount) filter (where status = 'APPROVED'), 0) as spent,
        count(*) filter (where status = 'APPROVED' and accepted) as cashback_items,
        coalesce(sum(cashback_amount) filter (where status = 'APPROVED' and not accepted), 0) as awaiting_acceptance,
        coalesce(sum(cashback_amount) filter (where status in ('TRACKING', 'PENDING')), 0) as upcoming
      from cashback_transactions
      where buyer_id = ${buyerId}
    ),
    months as (
      select month
      from generate_series(
        date_trunc('month', ${now.toISOString()}::timestamptz at time zone ${walletTimeZone}) - interval '11 months',
        date_trunc('month', ${now.toISOString()}::timestamptz at time zone ${walletTimeZone}),
        interval '1 month'
      ) as month
    ),
    monthly as (
      select json_agg(
        json_build_object(
          'month', to_char(months.month, 'YYYY-MM'),
          'cashback', (
            select coalesce(sum(entry.amount), 0)
            from wallet_ledger_entries as entry
            where entry.buyer_id = ${buyerId}
              and entry.kind in (${cashbackKindList})
              and entry.created_at >= (months.month at time zone ${walletTimeZone})
              and entry.created_at < ((months.month + interval '1 month') at time zone ${walletTimeZone})
          )
        )
        order by months.month
      ) as monthly
      from months
    )
    select ledger.*, purchases.*, monthly.monthly, buyers.rating_basis_points
    from buyers, ledger, purchases, monthly
    where buyers.id = ${buyerId}
  `)
  const [row] = v.parse(v.object({ rows: v.array(summaryRowSchema) }), result).rows
  if (row === undefined) return undefined
  return {
    spent: row.spent,
    cashback: row.cashback,
    cashbackItems: row.cashback_items,
    bonus: row.bonus,
    withdrawn: row.withdrawn,
    balance: row.balance,
    currency: defaultCurrency,
    rating: row.rating_basis_points / 100,
    awaitingAcceptance: row.awaiting_acceptance,
    upcoming: row.upcoming,
    monthly: row.monthly,
  }
}
