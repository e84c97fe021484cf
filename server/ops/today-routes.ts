import { and, count, countDistinct, eq, isNotNull } from 'drizzle-orm'
import { Hono } from 'hono'
import { describeRoute } from 'hono-openapi'
import { consoleTodaySchema, type ConsoleToday } from '#domain/ops/operator'
import { isOverduePurchase } from '#server/cashback/cashback-transaction-queries'
import type { Database } from '#server/db/database'
import { cashbackTransactions, conversions, proofs, supportConversations, withdrawals } from '#server/db/schema'
import type { AppEnvironment } from '#server/http/app-environment'
import { jsonResponse } from '#server/http/openapi-responses'
import { anyOperatorRole, requireOperator } from '#server/ops/operator-access'
import { isWaitingProof } from '#server/proofs/proof-queries'
import { isWaitingUnmatched } from '#server/postbacks/conversion-ingest'

/** The counts of what needs a person, each a link in the console. */
export async function readConsoleToday(database: Database, now: Date): Promise<ConsoleToday> {
  const [awaitingAnswer, unmatched, waitingProofs, requested, overdue] = await Promise.all([
    database
      .select({ total: count() })
      .from(supportConversations)
      .where(and(eq(supportConversations.status, 'open'), isNotNull(supportConversations.awaitingAnswerSince))),
    database.select({ total: count() }).from(conversions).where(isWaitingUnmatched),
    database
      .select({ total: countDistinct(proofs.transactionId) })
      .from(proofs)
      .where(isWaitingProof),
    database.select({ total: count() }).from(withdrawals).where(eq(withdrawals.status, 'requested')),
    database.select({ total: count() }).from(cashbackTransactions).where(isOverduePurchase(now)),
  ])
  return {
    conversationsAwaitingAnswer: awaitingAnswer[0]?.total ?? 0,
    unmatchedConversions: unmatched[0]?.total ?? 0,
    proofsWaiting: waitingProofs[0]?.total ?? 0,
    withdrawalsRequested: requested[0]?.total ?? 0,
    overduePurchases: overdue[0]?.total ?? 0,
  }
}

export function todayRoutes(database: Database, now: () => Date) {
  return new Hono<AppEnvironment>().get(
    '/today',
    describeRoute({
      summary: 'Console: what needs a person',
      tags: ['Console'],
      responses: { 200: jsonResponse('The counts', consoleTodaySchema) },
    }),
    requireOperator(database, now, anyOperatorRole),
    async (c) => c.json((await readConsoleToday(database, now())) satisfies ConsoleToday),
  )
}
