import * as v from 'valibot'
import { buyerReviewReasons } from '#domain/review/buyer-review'

/** A buyer the review rule (domain/review/buyer-review.ts) puts before an operator, and why. */
export const consoleBuyerForReviewSchema = v.object({
  buyerId: v.string(),
  email: v.nullable(v.string()),
  phone: v.nullable(v.string()),
  name: v.nullable(v.string()),
  /** Percent. */
  rating: v.number(),
  /** Satang; below zero for the negative-balance reason. */
  balance: v.number(),
  negativeBalanceSince: v.nullable(v.string()),
  recentCancellations: v.number(),
  latestFraudFlagAt: v.nullable(v.string()),
  reasons: v.array(v.picklist(buyerReviewReasons)),
})
export type ConsoleBuyerForReview = v.InferOutput<typeof consoleBuyerForReviewSchema>

export const consoleReviewListSchema = v.object({ data: v.array(consoleBuyerForReviewSchema) })
export type ConsoleReviewList = v.InferOutput<typeof consoleReviewListSchema>
