import { and, eq, gte, lt, notInArray, sql } from 'drizzle-orm'
import { bangkokDayOf, isPastDailyItemLimit, itemLimitCancellationReason } from '#domain/cashback/item-limit'
import type { Database } from '#server/db/database'
import { cashbackTransactions } from '#server/db/schema'
import type { ChangeTransactionInput } from '#server/cashback/transaction-changes'

export type ItemLimitPurchase = {
  buyerId: string
  merchantId: string
  orderDate: Date
  sku: string | null
  quantity: number | null
}

/**
 * Whether a purchase about to be recorded goes past the daily item limit
 * (domain/cashback/item-limit.ts). Must run in the database transaction that records it, before
 * it does: a transaction-scoped advisory lock on (buyer, merchant, item, Bangkok day) is taken
 * first and held until commit, so parallel postbacks of the same item, in any process, count one
 * after the other and each sees the pieces the others committed. Counted are the pieces of the
 * buyer's purchases of that item that day that can still earn cashback (not rejected or
 * cancelled, so pieces already cancelled by this rule are not counted twice). A purchase without
 * an item cannot be counted and is never past the limit.
 */
export async function isPurchasePastDailyItemLimit(tx: Database, purchase: ItemLimitPurchase): Promise<boolean> {
  if (purchase.sku === null) return false
  const day = bangkokDayOf(purchase.orderDate)
  const lockName = `item-limit:${purchase.buyerId}:${purchase.merchantId}:${purchase.sku}:${day.from.toISOString()}`
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${lockName}))`)
  const [counted] = await tx
    .select({
      pieces: sql<number>`coalesce(sum(coalesce(${cashbackTransactions.quantity}, 1)), 0)`.mapWith(Number),
    })
    .from(cashbackTransactions)
    .where(
      and(
        eq(cashbackTransactions.buyerId, purchase.buyerId),
        eq(cashbackTransactions.merchantId, purchase.merchantId),
        eq(cashbackTransactions.sku, purchase.sku),
        gte(cashbackTransactions.orderDate, day.from),
        lt(cashbackTransactions.orderDate, day.until),
        notInArray(cashbackTransactions.status, ['REJECTED', 'CANCELLED']),
      ),
    )
  return isPastDailyItemLimit(counted?.pieces ?? 0, purchase.quantity)
}

/** Who cancels in the timeline: our rule, not the network or an operator. */
export const itemLimitActor = 'rule:item-limit'

/**
 * The change that cancels a purchase past the limit: the shopper sees why (`daily_item_limit`), and
 * it counts as flagged behaviour in the rating (domain/cashback/rating.ts names this very case).
 */
export const itemLimitCancellation = {
  event: { kind: 'network_update', status: 'CANCELLED', reasonCode: 'daily_item_limit' },
  cancellationReason: itemLimitCancellationReason,
  ratingOutcome: 'flagged',
  actor: itemLimitActor,
} as const satisfies Partial<ChangeTransactionInput>
