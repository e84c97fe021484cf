import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { describeRoute } from 'hono-openapi'
import type { WithdrawalStatus } from '#domain/contracts/withdrawal'
import {
  consoleWithdrawalDetailSchema,
  consoleWithdrawalListQuerySchema,
  consoleWithdrawalPageSchema,
  consoleWithdrawalParamSchema,
  withdrawalExportColumns,
  withdrawalExportQuerySchema,
  withdrawalStatusUpdateSchema,
  type ConsoleWithdrawal,
  type ConsoleWithdrawalDetail,
  type ConsoleWithdrawalPage,
} from '#domain/ops/withdrawals'
import type { Database } from '#server/db/database'
import { withdrawals } from '#server/db/schema'
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
import { recordOperatorAction } from '#server/ops/audit-log'
import { consoleActor, toConsoleRecordLedgerEntry } from '#server/ops/console-views'
import { respondToOperatorWrite } from '#server/ops/console-writes'
import { consoleAccessErrors, requireOperator, signedInOperator } from '#server/ops/operator-access'
import { recordWithdrawalStatusChange } from '#server/withdrawals/withdrawal-audit'
import { toWithdrawalBatchCsv } from '#server/withdrawals/withdrawal-batch-file'
import {
  listWithdrawalsByStatus,
  readWithdrawalDetails,
  type OperatorWithdrawalRow,
} from '#server/withdrawals/withdrawal-queries'
import { markWithdrawal } from '#server/withdrawals/withdrawal-service'

/** Finance pays withdrawals; admin may do everything. */
const withdrawalRoles = ['finance'] as const

/** More than a day's queue ever holds; a batch file is one upload to the bank's portal. */
const maxBatchRows = 5_000

function toConsoleWithdrawal({ withdrawal, buyer }: OperatorWithdrawalRow): ConsoleWithdrawal {
  return {
    id: withdrawal.id,
    buyer,
    target: withdrawal.target,
    status: withdrawal.status,
    currency: withdrawal.currency,
    amount: withdrawal.amount,
    fee: withdrawal.fee,
    netAmount: withdrawal.netAmount,
    points: withdrawal.points,
    destination: withdrawal.destination,
    requestedAt: withdrawal.createdAt.toISOString(),
    expectedBy: withdrawal.expectedBy?.toISOString() ?? null,
    processingAt: withdrawal.processingAt?.toISOString() ?? null,
    paidAt: withdrawal.paidAt?.toISOString() ?? null,
    failedAt: withdrawal.failedAt?.toISOString() ?? null,
    failureReason: withdrawal.failureReason,
  }
}

function cursorOf({ withdrawal }: OperatorWithdrawalRow): string {
  return `${withdrawal.createdAt.getTime()}_${withdrawal.id}`
}

function parseCursor(cursor: string | undefined): { createdAt: Date; id: string } | undefined {
  if (cursor === undefined) return undefined
  const [milliseconds = '', id = ''] = cursor.split('_')
  return { createdAt: new Date(Number(milliseconds)), id }
}

async function readConsoleWithdrawalDetail(
  database: Database,
  withdrawalId: string,
): Promise<ConsoleWithdrawalDetail | undefined> {
  const details = await readWithdrawalDetails(database, withdrawalId)
  if (details === undefined) return undefined
  return {
    withdrawal: toConsoleWithdrawal(details),
    payoutDetails: details.withdrawal.payoutDetails,
    history: details.events.map((event) => ({
      status: event.status,
      actor: event.actor,
      reason: event.reason,
      createdAt: event.createdAt.toISOString(),
    })),
    ledgerEntries: details.ledgerEntries.map(toConsoleRecordLedgerEntry),
    auditEntries: await readRecordAuditEntries(database, { subjectType: 'withdrawal', subjectId: withdrawalId }),
  }
}

const notFound = () => new ApiError(404, 'record_not_found', 'No such withdrawal')

/** A malformed id is simply not found; it never reaches the database. */
const validateWithdrawalParam = () =>
  validateRecordParam(consoleWithdrawalParamSchema, 'record_not_found', 'No such withdrawal')

function conflictWith(status: WithdrawalStatus): ApiError {
  return new ApiError(409, 'operator_conflict', `Another operator already moved this withdrawal: it is ${status} now`)
}

export function withdrawalConsoleRoutes(database: Database, now: () => Date) {
  return new Hono<AppEnvironment>()
    .get(
      '/withdrawals',
      describeRoute({
        summary: 'Console: the withdrawal queue',
        description:
          'Withdrawals of one `status` (default `requested`) with their buyer and the masked destination: ' +
          'requested and processing oldest first, paid and failed newest first. Finance and admin.',
        tags: ['Console'],
        responses: {
          200: jsonResponse('A page of withdrawals', consoleWithdrawalPageSchema),
          400: errorResponseDescription('A bad `status`, `limit` or `cursor` (`invalid_request`)'),
          ...consoleAccessErrors,
        },
      }),
      requireOperator(database, now, withdrawalRoles),
      validateRequest('query', consoleWithdrawalListQuerySchema),
      async (c) => {
        const query = c.req.valid('query')
        const rows = await listWithdrawalsByStatus(database, {
          status: query.status,
          limit: query.limit,
          after: parseCursor(query.cursor),
        })
        const last = rows.at(-1)
        return c.json({
          data: rows.map(toConsoleWithdrawal),
          nextCursor: rows.length === query.limit && last !== undefined ? cursorOf(last) : null,
        } satisfies ConsoleWithdrawalPage)
      },
    )
    .get(
      '/withdrawals/export',
      describeRoute({
        summary: 'Console: the bank-transfer batch file',
        description:
          'Every withdrawal of `status` (default `requested`), oldest first, as CSV with the full payout ' +
          `details: ${withdrawalExportColumns.map((column) => `\`${column}\``).join(', ')}. The net amount is ` +
          'in baht with 2 decimals. Each exported withdrawal gets a `withdrawal.exported` audit entry. Finance and admin.',
        tags: ['Console'],
        responses: {
          200: { description: 'The batch file', content: { 'text/csv': { schema: { type: 'string' } } } },
          400: errorResponseDescription('A bad `status` (`invalid_request`)'),
          ...consoleAccessErrors,
        },
      }),
      requireOperator(database, now, withdrawalRoles),
      validateRequest('query', withdrawalExportQuerySchema),
      async (c) => {
        const operator = signedInOperator(c.get('operator'))
        const { status } = c.req.valid('query')
        const time = now()
        const fileName = `ngernkhuen-withdrawals-${status}-${time.toISOString().slice(0, 19).replaceAll(':', '')}Z.csv`
        const records = await database.transaction(async (tx) => {
          const rows = await listWithdrawalsByStatus(tx, { status, limit: maxBatchRows })
          for (const { withdrawal } of rows) {
            await recordOperatorAction(tx, {
              actor: operator.id,
              action: 'withdrawal.exported',
              subjectType: 'withdrawal',
              subjectId: withdrawal.id,
              after: { file: fileName, rows: rows.length },
              now: time,
            })
          }
          return rows.map((row) => row.withdrawal)
        })
        return c.body(toWithdrawalBatchCsv(records), 200, {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="${fileName}"`,
        })
      },
    )
    .get(
      '/withdrawals/:id',
      describeRoute({
        summary: 'Console: one withdrawal in full',
        description:
          'The withdrawal with the full payout details (the account number to transfer to), its status history, ' +
          'its wallet ledger entries and its audit entries. Finance and admin.',
        tags: ['Console'],
        responses: {
          200: jsonResponse('The withdrawal', consoleWithdrawalDetailSchema),
          404: errorResponseDescription('No such withdrawal (`record_not_found`)'),
          ...consoleAccessErrors,
        },
      }),
      requireOperator(database, now, withdrawalRoles),
      validateWithdrawalParam(),
      async (c) => {
        const detail = await readConsoleWithdrawalDetail(database, c.req.valid('param').id)
        if (detail === undefined) throw notFound()
        return c.json(detail satisfies ConsoleWithdrawalDetail)
      },
    )
    .post(
      '/withdrawals/:id/status',
      describeRoute({
        summary: 'Console: mark a withdrawal processing, paid or failed',
        description:
          'requested → processing → paid, or failed from either (the reason is required and shown to the shopper; ' +
          'the amount and the fee go back to the wallet). A withdrawal another operator already moved is 409 ' +
          '`operator_conflict`: it is never paid or given back twice. Recorded in the audit log as ' +
          '`withdrawal.<status>`. Finance and admin.',
        tags: ['Console'],
        parameters: [idempotencyKeyParameter],
        responses: {
          200: jsonResponse('The withdrawal after the change', consoleWithdrawalDetailSchema),
          400: errorResponseDescription('A bad body, `failed` without a reason (`invalid_request`), or no key'),
          404: errorResponseDescription('No such withdrawal (`record_not_found`)'),
          409: errorResponseDescription(
            'Another operator moved it first (`operator_conflict`), or the move is not allowed (`invalid_transition`)',
          ),
          422: idempotencyKeyReusedResponse,
          ...consoleAccessErrors,
        },
      }),
      requireOperator(database, now, withdrawalRoles),
      validateWithdrawalParam(),
      validateRequest('json', withdrawalStatusUpdateSchema),
      async (c) => {
        const { id } = c.req.valid('param')
        const change = c.req.valid('json')
        return respondToOperatorWrite(c, {
          database,
          now,
          body: change,
          write: async (tx, { operator, now: time }) => {
            let result
            try {
              result = await markWithdrawal(tx, {
                ...change,
                withdrawalId: id,
                actor: consoleActor(operator.id),
                now: time,
              })
            } catch (error) {
              if (!(error instanceof ApiError)) throw error
              if (error.code === 'withdrawal_not_found') throw notFound()
              const [current] = await tx
                .select({ status: withdrawals.status })
                .from(withdrawals)
                .where(eq(withdrawals.id, id))
              // Finished by someone else while this operator looked at it: not this operator's mistake.
              if (current?.status === 'paid' || current?.status === 'failed') throw conflictWith(current.status)
              throw error
            }
            const { record, changed } = result
            if (!changed) throw conflictWith(record.status)
            await recordWithdrawalStatusChange(tx, { record, reason: change.reason, actor: operator.id, now: time })
            const detail = await readConsoleWithdrawalDetail(tx, record.id)
            if (detail === undefined) throw notFound()
            return { status: 200, body: detail satisfies ConsoleWithdrawalDetail }
          },
        })
      },
    )
}
