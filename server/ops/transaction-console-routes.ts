import { and, asc, eq, exists, gte, lt, or, sql, type SQL } from 'drizzle-orm'
import { Hono } from 'hono'
import { describeRoute } from 'hono-openapi'
import {
  consoleTransactionDetailSchema,
  consoleTransactionListQuerySchema,
  consoleTransactionParamSchema,
  consoleTransactionPageSchema,
  consoleTransactionSchema,
  transactionDecisionRequestSchema,
  type ConsoleTransaction,
  type ConsoleTransactionDetail,
  type ConsoleTransactionListQuery,
  type ConsoleTransactionPage,
  type TransactionDecisionRequest,
} from '#domain/ops/transactions'
import { isOverduePurchase } from '#server/cashback/cashback-transaction-queries'
import { reasonCodeOfHistoryStep } from '#server/cashback/rejection-reason-records'
import { decideTransaction } from '#server/cashback/operator-decisions'
import { recordTransactionDecision } from '#server/cashback/transaction-decision-audit'
import type { Database } from '#server/db/database'
import { cashbackTransactionEvents, cashbackTransactions, conversions, walletLedgerEntries } from '#server/db/schema'
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
import {
  consoleActor,
  listTransactionProofs,
  readConsoleTransaction,
  selectConsoleTransactions,
  toConsoleConversion,
  toConsoleRecordLedgerEntry,
} from '#server/ops/console-views'
import { respondToOperatorWrite, type OperatorAction } from '#server/ops/console-writes'
import { consoleAccessErrors, requireOperator, supportRoles } from '#server/ops/operator-access'

/** Days in the filter are Bangkok days (UTC+7 all year). */
function startOfBangkokDay(day: string): Date {
  return new Date(`${day}T00:00:00+07:00`)
}

/** `<createdAt ISO>_<id>`: the last row of a page, newest first. */
function encodeCursor(transaction: ConsoleTransaction): string {
  return `${transaction.createdAt}_${transaction.id}`
}

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [time = '', id = ''] = cursor.split('_')
  const createdAt = new Date(time)
  if (Number.isNaN(createdAt.getTime()) || !/^[0-9a-f]{24}$/.test(id)) {
    throw new ApiError(400, 'invalid_request', 'before: not a cursor this list gave')
  }
  return { createdAt, id }
}

export async function listConsoleTransactions(
  database: Database,
  query: ConsoleTransactionListQuery,
  now: Date,
): Promise<ConsoleTransactionPage> {
  const conditions: SQL[] = []
  if (query.status !== undefined) conditions.push(eq(cashbackTransactions.status, query.status))
  if (query.merchant !== undefined) conditions.push(eq(cashbackTransactions.merchantId, query.merchant))
  if (query.network !== undefined) {
    conditions.push(
      exists(
        database
          .select({ one: sql`1` })
          .from(conversions)
          .where(and(eq(conversions.transactionId, cashbackTransactions.id), eq(conversions.network, query.network))),
      ),
    )
  }
  if (query.from !== undefined) conditions.push(gte(cashbackTransactions.orderDate, startOfBangkokDay(query.from)))
  if (query.to !== undefined) {
    const end = startOfBangkokDay(query.to)
    end.setUTCDate(end.getUTCDate() + 1)
    conditions.push(lt(cashbackTransactions.orderDate, end))
  }
  if (query.overdue !== undefined) conditions.push(isOverduePurchase(now))
  if (query.before !== undefined) {
    const cursor = decodeCursor(query.before)
    const older = or(
      lt(cashbackTransactions.createdAt, cursor.createdAt),
      and(eq(cashbackTransactions.createdAt, cursor.createdAt), lt(cashbackTransactions.id, cursor.id)),
    )
    if (older !== undefined) conditions.push(older)
  }
  const rows = await selectConsoleTransactions(database, { where: and(...conditions), limit: query.limit + 1 })
  const data = rows.slice(0, query.limit)
  const last = data.at(-1)
  return { data, nextBefore: rows.length > query.limit && last !== undefined ? encodeCursor(last) : null }
}

async function readTransactionDetail(database: Database, transactionId: string): Promise<ConsoleTransactionDetail> {
  const transaction = await readConsoleTransaction(database, transactionId)
  const [events, conversionRows, proofs, ledger, audit] = await Promise.all([
    database
      .select()
      .from(cashbackTransactionEvents)
      .where(eq(cashbackTransactionEvents.transactionId, transactionId))
      .orderBy(asc(cashbackTransactionEvents.id)),
    database
      .select()
      .from(conversions)
      .where(eq(conversions.transactionId, transactionId))
      .orderBy(asc(conversions.id)),
    listTransactionProofs(database, transactionId),
    database
      .select()
      .from(walletLedgerEntries)
      .where(eq(walletLedgerEntries.transactionId, transactionId))
      .orderBy(asc(walletLedgerEntries.id)),
    readRecordAuditEntries(database, { subjectType: 'transaction', subjectId: transactionId }),
  ])
  return {
    transaction,
    history: events.map((event) => ({
      kind: event.kind,
      rejectionReason: event.rejectionReason,
      reasonCode: reasonCodeOfHistoryStep(event),
      isEarlyRelease: event.isEarlyRelease,
      isAppealApproval: event.isAppealApproval,
      actor: event.actor,
      note: event.note,
      createdAt: event.createdAt.toISOString(),
    })),
    conversions: conversionRows.map(toConsoleConversion),
    proofs,
    ledger: ledger.map(toConsoleRecordLedgerEntry),
    audit,
  }
}

/**
 * An operator's decision through `decideTransaction` (what `npm run ops -- transaction …` runs).
 * The row is locked first: of two operators deciding at once, the second sees the first's result
 * and gets 409 `operator_conflict`, whether the machine refuses the move, the transaction already
 * is what was decided, or it is no longer in the status the operator saw.
 */
async function decideInConsole(
  tx: Database,
  input: { transactionId: string; request: TransactionDecisionRequest; action: OperatorAction },
): Promise<ConsoleTransaction> {
  const { request, action } = input
  const [current] = await tx
    .select()
    .from(cashbackTransactions)
    .where(eq(cashbackTransactions.id, input.transactionId))
    .for('no key update')
  if (current === undefined) throw new ApiError(404, 'record_not_found', 'No such purchase')
  if (request.expectedStatus !== undefined && current.status !== request.expectedStatus) {
    throw new ApiError(409, 'operator_conflict', `The purchase is ${current.status} now, not ${request.expectedStatus}`)
  }
  const result = await decideTransaction(tx, {
    transactionId: current.id,
    ...(request.decision === 'approve'
      ? { decision: request.decision }
      : { decision: request.decision, reasonCode: request.reasonCode }),
    reason: request.reason,
    isFlagged: request.decision === 'reject' && request.flagged,
    isByMerchant: request.decision === 'cancel' && request.byMerchant,
    actor: consoleActor(action.operator.id),
    now: action.now,
  })
  if (!result.ok) {
    throw new ApiError(409, 'operator_conflict', `The purchase is ${current.status}; ${result.code} refuses this`)
  }
  if (!result.changed) throw new ApiError(409, 'operator_conflict', `The purchase already is ${current.status}`)
  const { record } = result
  await recordTransactionDecision(tx, {
    decision: request.decision,
    before: current,
    after: record,
    reason: request.reason,
    actor: action.operator.id,
    now: action.now,
  })
  return readConsoleTransaction(tx, record.id)
}

const validateTransactionParam = () =>
  validateRecordParam(consoleTransactionParamSchema, 'record_not_found', 'No such purchase')

export function transactionConsoleRoutes(database: Database, now: () => Date) {
  return new Hono<AppEnvironment>()
    .get(
      '/transactions',
      describeRoute({
        summary: 'Console: purchases',
        description:
          'Newest first, filtered by status, merchant id, network (a conversion from it) and order date ' +
          '(`from`/`to`, Bangkok days, inclusive). `nextBefore` is the cursor of the next page.',
        tags: ['Console'],
        responses: {
          200: jsonResponse('A page of purchases', consoleTransactionPageSchema),
          400: errorResponseDescription('A bad filter or cursor (`invalid_request`)'),
          ...consoleAccessErrors,
        },
      }),
      requireOperator(database, now, supportRoles),
      validateRequest('query', consoleTransactionListQuerySchema),
      async (c) =>
        c.json((await listConsoleTransactions(database, c.req.valid('query'), now())) satisfies ConsoleTransactionPage),
    )
    .get(
      '/transactions/:transactionId',
      describeRoute({
        summary: 'Console: a purchase',
        description:
          'The purchase, its timeline (who made each step and why), the conversions networks sent for it, ' +
          'its proofs, its wallet ledger entries and what operators did.',
        tags: ['Console'],
        responses: {
          200: jsonResponse('The purchase', consoleTransactionDetailSchema),
          404: errorResponseDescription('No such purchase (`record_not_found`)'),
          ...consoleAccessErrors,
        },
      }),
      requireOperator(database, now, supportRoles),
      validateTransactionParam(),
      async (c) =>
        c.json(
          (await readTransactionDetail(
            database,
            c.req.valid('param').transactionId,
          )) satisfies ConsoleTransactionDetail,
        ),
    )
    .post(
      '/transactions/:transactionId/decision',
      describeRoute({
        summary: 'Console: approve, reject or cancel a purchase',
        description:
          'Through the same state machine as postbacks. The reason is kept with the history step, for ' +
          'operators; a rejection or cancellation also takes a `reasonCode` of the closed set, which is what ' +
          'the shopper sees. `flagged` (reject) counts it as flagged behaviour, `byMerchant` (cancel) as the ' +
          "merchant's cancellation. Send the status you saw as `expectedStatus`.",
        tags: ['Console'],
        parameters: [idempotencyKeyParameter],
        responses: {
          200: jsonResponse('The purchase after the decision', consoleTransactionSchema),
          400: errorResponseDescription(
            'No reason, no reason code of the closed set to reject or cancel, or no `Idempotency-Key` ' +
              '(`invalid_request`, `idempotency_key_required`)',
          ),
          404: errorResponseDescription('No such purchase (`record_not_found`)'),
          409: errorResponseDescription(
            'The purchase moved meanwhile, already is what was decided, or cannot move so (`operator_conflict`)',
          ),
          422: idempotencyKeyReusedResponse,
          ...consoleAccessErrors,
        },
      }),
      requireOperator(database, now, supportRoles),
      validateTransactionParam(),
      validateRequest('json', transactionDecisionRequestSchema),
      async (c) => {
        const { transactionId } = c.req.valid('param')
        const request = c.req.valid('json')
        return respondToOperatorWrite(c, {
          database,
          now,
          body: request,
          write: async (tx, action) => ({
            status: 200,
            body: (await decideInConsole(tx, { transactionId, request, action })) satisfies ConsoleTransaction,
          }),
        })
      },
    )
}
