import { asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm'
import { Hono, type Context } from 'hono'
import { describeRoute } from 'hono-openapi'
import * as v from 'valibot'
import { parseSignInIdentifier } from '#domain/contracts/auth'
import type { BuyerStatus } from '#domain/contracts/buyer'
import {
  buyerStatusChangeSchema,
  consoleBuyerDetailSchema,
  consoleBuyerPageSchema,
  consoleBuyerSchema,
  consoleBuyerSearchSchema,
  type BuyerStatusChange,
  type ConsoleBuyer,
  type ConsoleBuyerDetail,
  type ConsoleBuyerPage,
  type ConsoleBuyerSearch,
  type ConsoleLedgerEntry,
} from '#domain/ops/buyers'

import { listBuyerStatusEvents, setBuyerStatus, type BuyerRecord } from '#server/buyers/buyer-records'
import { recordBuyerStatusChange } from '#server/buyers/buyer-status-audit'
import { cashbackTransactions, buyers, walletLedgerEntries } from '#server/db/schema'
import type { Database } from '#server/db/database'
import { containingPattern } from '#server/db/like-pattern'
import { ApiError } from '#server/http/api-error'
import type { AppEnvironment } from '#server/http/app-environment'
import {
  errorResponseDescription,
  idempotencyKeyParameter,
  idempotencyKeyReusedResponse,
  jsonResponse,
} from '#server/http/openapi-responses'
import { validateRecordParam, validateRequest } from '#server/http/validation'
import { readRecordAuditEntries } from '#server/ops/audit-entries'
import { selectBuyerWithdrawals, selectConsoleBuyerProofs, selectConsoleTransactions } from '#server/ops/console-views'
import { respondToOperatorWrite, type OperatorAction } from '#server/ops/console-writes'
import { consoleAccessErrors, requireOperator, supportRoles } from '#server/ops/operator-access'
import { readWalletSummary } from '#server/wallet/wallet-queries'
import { recordIdSchema } from '#domain/validation/record-id'

export function toConsoleBuyer(record: BuyerRecord): ConsoleBuyer {
  return {
    id: record.id,
    email: record.email,
    phone: record.phone,
    firstName: record.firstName,
    lastName: record.lastName,
    rating: record.ratingBasisPoints / 100,
    status: record.status,
    suspendedReason: record.status === 'suspended' ? record.suspendedReason : null,
    createdAt: record.createdAt.toISOString(),
  }
}

/** Email, phone, id or name: any part of any of them, and the canonical form of a phone number. */
function buyerSearchCondition(query: string): SQL | undefined {
  if (query === '') return undefined
  const pattern = containingPattern(query)
  const identifier = parseSignInIdentifier(query)
  return or(
    ilike(buyers.email, pattern),
    ilike(buyers.phone, pattern),
    ilike(buyers.id, pattern),
    ilike(sql`coalesce(${buyers.firstName}, '') || ' ' || coalesce(${buyers.lastName}, '')`, pattern),
    ...(identifier === undefined
      ? []
      : [eq(identifier.kind === 'email' ? buyers.email : buyers.phone, identifier.value)]),
  )
}

export async function searchBuyers(database: Database, search: ConsoleBuyerSearch): Promise<ConsoleBuyerPage> {
  const where = buyerSearchCondition(search.q)
  const [rows, totals] = await Promise.all([
    database
      .select()
      .from(buyers)
      .where(where)
      .orderBy(desc(buyers.createdAt), desc(buyers.id))
      .limit(search.limit)
      .offset(search.offset),
    database.select({ total: count() }).from(buyers).where(where),
  ])
  return { data: rows.map(toConsoleBuyer), total: totals[0]?.total ?? 0 }
}

async function readBuyerDetail(database: Database, buyerId: string, now: Date): Promise<ConsoleBuyerDetail> {
  const [record] = await database.select().from(buyers).where(eq(buyers.id, buyerId))
  if (record === undefined) throw new ApiError(404, 'record_not_found', 'No such buyer')
  const [wallet, ledgerRows, transactions, withdrawalList, proofList, statusEvents, audit] = await Promise.all([
    readWalletSummary(database, buyerId, now),
    database
      .select()
      .from(walletLedgerEntries)
      .where(eq(walletLedgerEntries.buyerId, buyerId))
      .orderBy(asc(walletLedgerEntries.createdAt), asc(walletLedgerEntries.id)),
    selectConsoleTransactions(database, { where: eq(cashbackTransactions.buyerId, buyerId), limit: 500 }),
    selectBuyerWithdrawals(database, { buyerId }),
    selectConsoleBuyerProofs(database, { buyerId }),
    listBuyerStatusEvents(database, buyerId, 100),
    readRecordAuditEntries(database, { subjectType: 'buyer', subjectId: buyerId }),
  ])
  if (wallet === undefined) throw new ApiError(404, 'record_not_found', 'No such buyer')
  let balance = 0
  const ledger = ledgerRows.map((entry): ConsoleLedgerEntry => {
    balance += entry.amount
    return {
      id: entry.id,
      kind: entry.kind,
      amount: entry.amount,
      currency: entry.currency,
      balanceAfter: balance,
      transactionId: entry.transactionId,
      withdrawalId: entry.withdrawalId,
      awardId: entry.awardId,
      membershipId: entry.membershipId,
      createdAt: entry.createdAt.toISOString(),
    }
  })
  return {
    buyer: toConsoleBuyer(record),
    wallet,
    ledger,
    transactions,
    withdrawals: withdrawalList,
    proofs: proofList,
    statusHistory: statusEvents.map((event) => ({
      status: event.status,
      reason: event.reason,
      actor: event.actor,
      createdAt: event.createdAt.toISOString(),
    })),
    audit,
  }
}

/**
 * Suspends or reinstates through `setBuyerStatus` (what `npm run ops -- buyer …` runs), with the
 * buyer's row locked so that of two operators acting at once the second finds the status already
 * changed (409 `operator_conflict`) instead of writing it twice.
 */
async function changeBuyerStatus(
  tx: Database,
  input: { buyerId: string; status: BuyerStatus; reason: string; action: OperatorAction },
): Promise<ConsoleBuyer> {
  const { action } = input
  const [current] = await tx.select().from(buyers).where(eq(buyers.id, input.buyerId)).for('no key update')
  if (current === undefined) throw new ApiError(404, 'record_not_found', 'No such buyer')
  if (current.status === input.status) {
    throw new ApiError(409, 'operator_conflict', `The buyer is already ${input.status}`)
  }
  const updated = await setBuyerStatus(tx, {
    buyerId: input.buyerId,
    status: input.status,
    reason: input.reason,
    actor: action.operator.id,
  })
  await recordBuyerStatusChange(tx, {
    before: current,
    after: updated,
    reason: input.reason,
    actor: action.operator.id,
    now: action.now,
  })
  return toConsoleBuyer(updated)
}

const buyerParamSchema = v.object({ buyerId: recordIdSchema })

const validateBuyerParam = () => validateRecordParam(buyerParamSchema, 'record_not_found', 'No such buyer')

function describeStatusChange(status: BuyerStatus) {
  return describeRoute({
    summary: status === 'suspended' ? 'Console: suspend a buyer' : 'Console: reinstate a buyer',
    description:
      status === 'suspended'
        ? 'Member endpoints answer 403 `buyer_suspended` from now on; the reason is kept and shown to the buyer.'
        : 'The buyer can use the app again.',
    tags: ['Console'],
    parameters: [idempotencyKeyParameter],
    responses: {
      200: jsonResponse('The buyer after the change', consoleBuyerSchema),
      400: errorResponseDescription(
        'No reason, or no `Idempotency-Key` (`invalid_request`, `idempotency_key_required`)',
      ),
      404: errorResponseDescription('No such buyer (`record_not_found`)'),
      409: errorResponseDescription('The buyer already has this status (`operator_conflict`)'),
      422: idempotencyKeyReusedResponse,
      ...consoleAccessErrors,
    },
  })
}

export function buyerConsoleRoutes(database: Database, now: () => Date) {
  function respondStatusChange(
    c: Context<AppEnvironment>,
    input: { buyerId: string; body: BuyerStatusChange; status: BuyerStatus },
  ) {
    return respondToOperatorWrite(c, {
      database,
      now,
      body: input.body,
      write: async (tx, action) => ({
        status: 200,
        body: (await changeBuyerStatus(tx, {
          buyerId: input.buyerId,
          status: input.status,
          reason: input.body.reason,
          action,
        })) satisfies ConsoleBuyer,
      }),
    })
  }

  return new Hono<AppEnvironment>()
    .get(
      '/buyers',
      describeRoute({
        summary: 'Console: search buyers',
        description: 'By email, phone, id or name (any part), newest first; without `q`, the newest buyers.',
        tags: ['Console'],
        responses: {
          200: jsonResponse('A page of buyers and the total', consoleBuyerPageSchema),
          400: errorResponseDescription('A bad query (`invalid_request`)'),
          ...consoleAccessErrors,
        },
      }),
      requireOperator(database, now, supportRoles),
      validateRequest('query', consoleBuyerSearchSchema),
      async (c) => c.json((await searchBuyers(database, c.req.valid('query'))) satisfies ConsoleBuyerPage),
    )
    .get(
      '/buyers/:buyerId',
      describeRoute({
        summary: "Console: a buyer's page",
        description:
          'Profile, rating, the wallet summary and every ledger entry (with the running balance and what caused ' +
          'it), purchases, withdrawals (accounts masked), proofs, status history and what operators did.',
        tags: ['Console'],
        responses: {
          200: jsonResponse('The buyer', consoleBuyerDetailSchema),
          404: errorResponseDescription('No such buyer (`record_not_found`)'),
          ...consoleAccessErrors,
        },
      }),
      requireOperator(database, now, supportRoles),
      validateBuyerParam(),
      async (c) =>
        c.json((await readBuyerDetail(database, c.req.valid('param').buyerId, now())) satisfies ConsoleBuyerDetail),
    )
    .post(
      '/buyers/:buyerId/suspend',
      describeStatusChange('suspended'),
      requireOperator(database, now, supportRoles),
      validateBuyerParam(),
      validateRequest('json', buyerStatusChangeSchema),
      async (c) =>
        respondStatusChange(c, {
          buyerId: c.req.valid('param').buyerId,
          body: c.req.valid('json'),
          status: 'suspended',
        }),
    )
    .post(
      '/buyers/:buyerId/reinstate',
      describeStatusChange('active'),
      requireOperator(database, now, supportRoles),
      validateBuyerParam(),
      validateRequest('json', buyerStatusChangeSchema),
      async (c) =>
        respondStatusChange(c, { buyerId: c.req.valid('param').buyerId, body: c.req.valid('json'), status: 'active' }),
    )
}
