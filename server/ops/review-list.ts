import { sql } from 'drizzle-orm'
import * as v from 'valibot'
import {
  defaultBuyerReviewSettings,
  findBuyerReviewReasons,
  startOfReviewWindow,
  type BuyerReviewReason,
  type BuyerReviewSettings,
} from '#domain/review/buyer-review'
import type { Satang } from '#domain/money'
import { readSetting } from '#server/app-settings'
import type { Database } from '#server/db/database'

/** The review thresholds in force: the operator's overrides merged over the defaults. */
export async function readBuyerReviewSettings(database: Database): Promise<BuyerReviewSettings> {
  const overrides = await readSetting(database, 'buyer_review')
  return { ...defaultBuyerReviewSettings, ...overrides }
}

/** One buyer on the review list, with what an operator needs to decide and why they are listed. */
export type BuyerForReview = {
  buyerId: string
  email: string | null
  phone: string | null
  firstName: string | null
  lastName: string | null
  /** Basis points of a percent (9600 = 96 %). */
  ratingBasisPoints: number
  balance: Satang
  /** Since when the wallet has been below zero; `null` when it is not. */
  negativeBalanceSince: Date | null
  /** Cancelled purchases within the cancellation window. */
  recentCancellations: number
  /** The latest purchase rejected as flagged behaviour; `null` when none. */
  latestFraudFlagAt: Date | null
  /** Never empty, in `buyerReviewReasons` order. */
  reasons: BuyerReviewReason[]
}

const integerColumnSchema = v.pipe(
  v.union([v.number(), v.string(), v.bigint()]),
  v.transform(Number),
  v.number(),
  v.safeInteger(),
)
/** Timestamps come back as `Date` from one driver and as text from JSON. */
const timeSchema = v.pipe(
  v.union([v.date(), v.string()]),
  v.transform((value) => new Date(value)),
  v.check((value) => !Number.isNaN(value.getTime()), 'Expected a timestamp'),
)

const reviewRowSchema = v.object({
  id: v.string(),
  email: v.nullable(v.string()),
  phone: v.nullable(v.string()),
  first_name: v.nullable(v.string()),
  last_name: v.nullable(v.string()),
  rating_basis_points: integerColumnSchema,
  balance: integerColumnSchema,
  negative_since: v.nullable(timeSchema),
  cancelled_at: v.array(timeSchema),
  latest_fraud_flag_at: v.nullable(timeSchema),
})

/**
 * Active buyers the review rule (domain/review/buyer-review.ts) lists at `now`, with the reasons
 * that apply; suspended buyers are left out (an operator already decided). Most reasons first,
 * then by buyer id. The SQL only gathers candidates (a wallet below zero, a cancellation within
 * the window, a fraud flag); the thresholds are applied by the domain rule, so the console, the
 * CLI and the tests cannot disagree on them.
 *
 * Since when a wallet is negative is read from the ledger's running balance (entries in
 * `created_at`, `id` order): the first entry after the last one that left the balance at zero or
 * above. Entries after `now` are not counted.
 */
export async function listBuyersForReview(database: Database, now: Date): Promise<BuyerForReview[]> {
  const settings = await readBuyerReviewSettings(database)
  const cancellationsFrom = startOfReviewWindow(now, settings.cancellationWindowDays)
  const fraudFlagsFrom = startOfReviewWindow(now, settings.fraudFlagWindowDays)
  const nowText = now.toISOString()
  const result = await database.execute(sql`
    with running as (
      select
        buyer_id,
        created_at,
        sum(amount) over (partition by buyer_id order by created_at, id) as balance_after,
        row_number() over (partition by buyer_id order by created_at, id) as position
      from wallet_ledger_entries
      where created_at <= ${nowText}::timestamptz
    ),
    balances as (
      select
        buyer_id,
        max(position) as last_position,
        coalesce(max(position) filter (where balance_after >= 0), 0) as last_non_negative_position
      from running
      group by buyer_id
    ),
    negative as (
      select balances.buyer_id, running.created_at as negative_since
      from balances
      join running
        on running.buyer_id = balances.buyer_id and running.position = balances.last_non_negative_position + 1
      where balances.last_non_negative_position < balances.last_position
    ),
    cancellations as (
      select transactions.buyer_id, json_agg(events.created_at order by events.created_at) as cancelled_at
      from cashback_transaction_events as events
      join cashback_transactions as transactions on transactions.id = events.transaction_id
      where events.kind = 'CANCELLED'
        and events.created_at >= ${cancellationsFrom.toISOString()}::timestamptz
        and events.created_at <= ${nowText}::timestamptz
      group by transactions.buyer_id
    ),
    fraud as (
      select buyer_id, max(updated_at) as latest_fraud_flag_at
      from cashback_transactions
      where status = 'REJECTED'
        and rating_outcome = 'flagged'
        and updated_at >= ${fraudFlagsFrom.toISOString()}::timestamptz
        and updated_at <= ${nowText}::timestamptz
      group by buyer_id
    )
    select
      buyers.id,
      buyers.email,
      buyers.phone,
      buyers.first_name,
      buyers.last_name,
      buyers.rating_basis_points,
      (select coalesce(sum(amount), 0) from wallet_ledger_entries where buyer_id = buyers.id) as balance,
      negative.negative_since,
      coalesce(cancellations.cancelled_at, '[]'::json) as cancelled_at,
      fraud.latest_fraud_flag_at
    from buyers
    left join negative on negative.buyer_id = buyers.id
    left join cancellations on cancellations.buyer_id = buyers.id
    left join fraud on fraud.buyer_id = buyers.id
    where buyers.status = 'active'
      and (negative.buyer_id is not null or cancellations.buyer_id is not null or fraud.buyer_id is not null)
  `)
  const rows = v.parse(v.object({ rows: v.array(reviewRowSchema) }), result).rows
  const listed: BuyerForReview[] = []
  for (const row of rows) {
    const facts = {
      negativeBalanceSince: row.negative_since,
      cancelledAt: row.cancelled_at,
      latestFraudFlagAt: row.latest_fraud_flag_at,
    }
    const reasons = findBuyerReviewReasons(facts, settings, now)
    if (reasons.length === 0) continue
    listed.push({
      buyerId: row.id,
      email: row.email,
      phone: row.phone,
      firstName: row.first_name,
      lastName: row.last_name,
      ratingBasisPoints: row.rating_basis_points,
      balance: row.balance,
      negativeBalanceSince: row.negative_since,
      recentCancellations: row.cancelled_at.length,
      latestFraudFlagAt: row.latest_fraud_flag_at,
      reasons,
    })
  }
  return listed.sort(
    (first, second) => second.reasons.length - first.reasons.length || (first.buyerId < second.buyerId ? -1 : 1),
  )
}
