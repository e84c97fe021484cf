import { and, count, eq, isNotNull } from 'drizzle-orm'
import {
  computeRating,
  countDecidedPurchases,
  isEligibleForOneDayCashback,
  type PurchaseOutcome,
  type PurchaseOutcomeCounts,
} from '#domain/cashback/rating'
import type { RatingDetails } from '#domain/contracts/cashback'
import type { FixedRates } from '#domain/contracts/fixed-rate'
import type { Database } from '#server/db/database'
import { buyers, cashbackTransactions } from '#server/db/schema'

/** How many of the buyer's purchases ended with each outcome; undecided ones have none. */
export async function readPurchaseOutcomeCounts(database: Database, buyerId: string): Promise<PurchaseOutcomeCounts> {
  const rows = await database
    .select({ outcome: cashbackTransactions.ratingOutcome, count: count() })
    .from(cashbackTransactions)
    .where(and(eq(cashbackTransactions.buyerId, buyerId), isNotNull(cashbackTransactions.ratingOutcome)))
    .groupBy(cashbackTransactions.ratingOutcome)
  const counts: Record<PurchaseOutcome, number> = {
    approved: 0,
    returned: 0,
    cancelled_by_merchant: 0,
    flagged: 0,
    cancelled_by_shopper: 0,
  }
  for (const row of rows) {
    if (row.outcome !== null) counts[row.outcome] = row.count
  }
  return counts
}

/** `computeRating` gives percent with one decimal; the buyer row keeps hundredths of a percent. */
export function ratingToBasisPoints(rating: number): number {
  return Math.round(rating * 100)
}

/**
 * Rewrites the buyer's stored rating from all their decided purchases. Must run in the database
 * transaction that changed an outcome. The buyer row is locked before counting: two decisions of
 * the same buyer committing side by side would otherwise each count without the other's and the
 * later write would lose one.
 *
 * `FOR NO KEY UPDATE`, not `FOR UPDATE`: every insert that references the buyer (idempotency
 * keys, ledger entries, clicks) takes `FOR KEY SHARE` on this row, which `FOR UPDATE` waits for.
 * An Accept holds its key row's share lock while it waits for the transaction row a postback
 * holds, and that postback would wait here for the Accept: a deadlock. Rewriting the rating
 * changes no key column, so the weaker lock is all it needs, and two recomputations still
 * queue behind each other.
 */
export async function recomputeBuyerRating(transaction: Database, buyerId: string): Promise<number> {
  await transaction.select({ id: buyers.id }).from(buyers).where(eq(buyers.id, buyerId)).for('no key update')
  const rating = computeRating(await readPurchaseOutcomeCounts(transaction, buyerId))
  await transaction
    .update(buyers)
    .set({ ratingBasisPoints: ratingToBasisPoints(rating) })
    .where(eq(buyers.id, buyerId))
  return rating
}

export async function readRatingDetails(
  database: Database,
  buyerId: string,
  fixedRates: Pick<FixedRates, 'rating'>,
): Promise<RatingDetails> {
  const counts = await readPurchaseOutcomeCounts(database, buyerId)
  return {
    rating: computeRating(counts),
    counts: { ...counts },
    decidedPurchases: countDecidedPurchases(counts),
    isEligibleForOneDayCashback: isEligibleForOneDayCashback(counts, fixedRates),
  }
}
