import * as v from 'valibot'

/**
 * Who an operator should look at (spec section 4: "the account may be suspended (negative wallet,
 * frequent cancellations or fraud)"; issue 14). The rule only puts a buyer on the review list,
 * with the reasons that apply; suspending is a person's decision (docs/decisions/015).
 *
 * - `negative_balance`: the wallet has been below zero for more than `negativeBalanceDays` days
 *   without a break (a late rejection of 1-day cashback that new cashback has not made up);
 * - `frequent_cancellations`: at least `cancellationCount` purchases cancelled within the last
 *   `cancellationWindowDays` days (by the network, an operator, or the daily item limit);
 * - `fraud_flag`: a purchase rejected as flagged behaviour (`transaction reject --flagged`) within
 *   the last `fraudFlagWindowDays` days.
 */
export const buyerReviewReasons = ['negative_balance', 'frequent_cancellations', 'fraud_flag'] as const
export type BuyerReviewReason = (typeof buyerReviewReasons)[number]

export type BuyerReviewSettings = {
  negativeBalanceDays: number
  cancellationCount: number
  cancellationWindowDays: number
  fraudFlagWindowDays: number
}

/** The figures and why, in docs/decisions/015. */
export const defaultBuyerReviewSettings: BuyerReviewSettings = {
  negativeBalanceDays: 30,
  cancellationCount: 5,
  cancellationWindowDays: 30,
  fraudFlagWindowDays: 90,
}

const wholeDaysSchema = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(3650))

/** Operator overrides of the defaults (the `buyer_review` setting, server/app-settings.ts). */
export const buyerReviewSettingsOverrideSchema = v.partial(
  v.object({
    negativeBalanceDays: wholeDaysSchema,
    cancellationCount: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1000)),
    cancellationWindowDays: wholeDaysSchema,
    fraudFlagWindowDays: wholeDaysSchema,
  }),
)

/** What the rule looks at, read from the buyer's records at `now`. */
export type BuyerReviewFacts = {
  /** Since when the wallet has been below zero without a break; `null` when it is not below zero. */
  negativeBalanceSince: Date | null
  /** Times of the buyer's cancelled purchases (at least those within the cancellation window). */
  cancelledAt: readonly Date[]
  /** When a purchase of the buyer was last rejected as flagged behaviour; `null` when never. */
  latestFraudFlagAt: Date | null
}

const dayMilliseconds = 24 * 60 * 60 * 1000

/** The start of the last `days` days before `now`: records at or after it are within them. */
export function startOfReviewWindow(now: Date, days: number): Date {
  return new Date(now.getTime() - days * dayMilliseconds)
}

/** The reasons that put the buyer on the review list, in `buyerReviewReasons` order; empty when none. */
export function findBuyerReviewReasons(
  facts: BuyerReviewFacts,
  settings: BuyerReviewSettings,
  now: Date,
): BuyerReviewReason[] {
  const reasons: BuyerReviewReason[] = []
  if (
    facts.negativeBalanceSince !== null &&
    now.getTime() - facts.negativeBalanceSince.getTime() > settings.negativeBalanceDays * dayMilliseconds
  ) {
    reasons.push('negative_balance')
  }
  const cancellationsFrom = startOfReviewWindow(now, settings.cancellationWindowDays).getTime()
  const recentCancellations = facts.cancelledAt.filter(
    (at) => at.getTime() >= cancellationsFrom && at.getTime() <= now.getTime(),
  ).length
  if (recentCancellations >= settings.cancellationCount) reasons.push('frequent_cancellations')
  if (
    facts.latestFraudFlagAt !== null &&
    facts.latestFraudFlagAt.getTime() >= startOfReviewWindow(now, settings.fraudFlagWindowDays).getTime()
  ) {
    reasons.push('fraud_flag')
  }
  return reasons
}
