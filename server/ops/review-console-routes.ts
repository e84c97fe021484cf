import { Hono } from 'hono'
import { describeRoute } from 'hono-openapi'
import { consoleReviewListSchema, type ConsoleReviewList } from '#domain/ops/review'
import type { Database } from '#server/db/database'
import type { AppEnvironment } from '#server/http/app-environment'
import { jsonResponse } from '#server/http/openapi-responses'
import { consoleAccessErrors, requireOperator, supportRoles } from '#server/ops/operator-access'
import { listBuyersForReview } from '#server/ops/review-list'

/**
 * The review list (issue 14): active buyers the rule flags (a wallet long below zero, frequent
 * cancellations, a fraud flag). The rule only lists them; an operator opens the buyer's page and
 * decides whether to suspend.
 */
export function reviewConsoleRoutes(database: Database, now: () => Date) {
  return new Hono<AppEnvironment>().get(
    '/review-list',
    describeRoute({
      summary: 'Console: buyers to review',
      description:
        'Active buyers the review rule flags, with every reason that applies (`negative_balance`, ' +
        '`frequent_cancellations`, `fraud_flag`); the thresholds are the `buyer_review` setting.',
      tags: ['Console'],
      responses: { 200: jsonResponse('The buyers and why', consoleReviewListSchema), ...consoleAccessErrors },
    }),
    requireOperator(database, now, supportRoles),
    async (c) => {
      const buyers = await listBuyersForReview(database, now())
      const data = buyers.map((buyer) => ({
        buyerId: buyer.buyerId,
        email: buyer.email,
        phone: buyer.phone,
        name: [buyer.firstName, buyer.lastName].filter((part) => part !== null && part !== '').join(' ') || null,
        rating: buyer.ratingBasisPoints / 100,
        balance: buyer.balance,
        negativeBalanceSince: buyer.negativeBalanceSince?.toISOString() ?? null,
        recentCancellations: buyer.recentCancellations,
        latestFraudFlagAt: buyer.latestFraudFlagAt?.toISOString() ?? null,
        reasons: buyer.reasons,
      }))
      return c.json({ data } satisfies ConsoleReviewList)
    },
  )
}
