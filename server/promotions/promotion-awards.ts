import { and, eq, inArray, sql } from 'drizzle-orm'
import * as v from 'valibot'
import type { Satang } from '#domain/money'
import { computeNewUserBonusQualifyingEnd } from '#domain/promotions/new-user-bonus'
import type { Database } from '#server/db/database'
import { promotionAwards } from '#server/db/schema'
import { findOtherAccountsOfPerson } from '#server/promotions/same-person'

/**
 * The bonuses paid as awards (`promotion_awards`, each paid by one `bonus` ledger entry): the
 * new-user bonus and the referral bonus, both earned by approved spending (docs/decisions/013).
 */

const sumRowsSchema = v.object({
  rows: v.array(v.object({ total: v.pipe(v.union([v.number(), v.string()]), v.transform(Number), v.safeInteger()) })),
})

/**
 * Purchase amounts of the buyer's approved purchases clicked in `[from, until)` (a purchase an
 * operator recorded without a click counts by its order date), satang. Rejected and cancelled
 * purchases are not approved, so one approved and later rejected no longer counts.
 */
export async function readApprovedSpending(
  database: Database,
  buyerId: string,
  window?: { from: Date; until: Date },
): Promise<Satang> {
  const clickedAt = sql`coalesce((select created_at from clicks where clicks.id = cashback_transactions.click_id), cashback_transactions.order_date)`
  const result = await database.execute(sql`
    select coalesce(sum(purchase_amount), 0) as total
    from cashback_transactions
    where buyer_id = ${buyerId} and status = 'APPROVED'
      ${window === undefined ? sql`` : sql`and ${clickedAt} >= ${window.from.toISOString()}::timestamptz and ${clickedAt} < ${window.until.toISOString()}::timestamptz`}
  `)
  return v.parse(sumRowsSchema, result).rows[0]?.total ?? 0
}

/** What counts toward the new-user bonus: approved purchases clicked within 30 days of sign-up. */
export async function readNewUserBonusSpending(database: Database, buyerId: string, signedUpAt: Date): Promise<Satang> {
  return readApprovedSpending(database, buyerId, {
    from: signedUpAt,
    until: computeNewUserBonusQualifyingEnd(signedUpAt),
  })
}

/** When this buyer received the new-user bonus, and how much; `undefined` when they have not. */
export async function readNewUserBonusAward(
  database: Database,
  buyerId: string,
): Promise<{ receivedAt: Date; amount: Satang } | undefined> {
  const [award] = await database
    .select({ receivedAt: promotionAwards.createdAt, amount: promotionAwards.amount })
    .from(promotionAwards)
    .where(and(eq(promotionAwards.buyerId, buyerId), eq(promotionAwards.kind, 'new_user_bonus')))
  return award
}

/** Another account of the same person (server/promotions/same-person.ts) received the new-user bonus. */
export async function hasOtherAccountReceivedNewUserBonus(database: Database, buyerId: string): Promise<boolean> {
  const others = await findOtherAccountsOfPerson(database, buyerId)
  if (others.length === 0) return false
  const [award] = await database
    .select({ id: promotionAwards.id })
    .from(promotionAwards)
    .where(and(inArray(promotionAwards.buyerId, others), eq(promotionAwards.kind, 'new_user_bonus')))
    .limit(1)
  return award !== undefined
}
