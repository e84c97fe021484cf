import { asc, count, eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { describeRoute } from 'hono-openapi'
import {
  conversionDismissRequestSchema,
  conversionIdParamSchema,
  conversionMatchRequestSchema,
  conversionMatchResponseSchema,
  unmatchedConversionPageSchema,
  unmatchedConversionQuerySchema,
  type ConversionMatchRequest,
  type ConversionMatchResponse,
  type UnmatchedConversionPage,
} from '#domain/ops/conversions'
import { consoleConversionSchema, type ConsoleConversion } from '#domain/ops/transactions'
import { findBuyerById } from '#server/buyers/buyer-records'
import type { Database } from '#server/db/database'
import { conversions, merchants } from '#server/db/schema'
import { ApiError } from '#server/http/api-error'
import type { AppEnvironment } from '#server/http/app-environment'
import {
  errorResponseDescription,
  idempotencyKeyParameter,
  idempotencyKeyReusedResponse,
  jsonResponse,
} from '#server/http/openapi-responses'
import { validateRecordParam, validateRequest } from '#server/http/validation'
import { recordOperatorAction } from '#server/ops/audit-log'
import { consoleActor, readConsoleTransaction, toConsoleConversion } from '#server/ops/console-views'
import { respondToOperatorWrite, type OperatorAction } from '#server/ops/console-writes'
import { consoleAccessErrors, requireOperator, supportRoles } from '#server/ops/operator-access'
import {
  attachConversion,
  findClickOwner,
  isWaitingUnmatched,
  type ConversionOwner,
} from '#server/postbacks/conversion-ingest'

async function listUnmatched(
  database: Database,
  page: { limit: number; offset: number },
): Promise<UnmatchedConversionPage> {
  const [rows, totals] = await Promise.all([
    database
      .select()
      .from(conversions)
      .where(isWaitingUnmatched)
      .orderBy(asc(conversions.receivedAt), asc(conversions.id))
      .limit(page.limit)
      .offset(page.offset),
    database.select({ total: count() }).from(conversions).where(isWaitingUnmatched),
  ])
  return { data: rows.map(toConsoleConversion), total: totals[0]?.total ?? 0 }
}

/** Who the operator named: a click (its buyer and merchant), or a buyer and the merchant. */
async function resolveOwner(database: Database, request: ConversionMatchRequest): Promise<ConversionOwner> {
  if ('clickId' in request) {
    const owner = await findClickOwner(database, request.clickId)
    if (owner === undefined) throw new ApiError(404, 'record_not_found', 'No such click')
    return owner
  }
  const buyer = await findBuyerById(database, request.buyerId)
  if (buyer === undefined) throw new ApiError(404, 'record_not_found', 'No such buyer')
  const [merchant] = await database
    .select({ id: merchants.id })
    .from(merchants)
    .where(eq(merchants.id, request.merchantId))
  if (merchant === undefined) throw new ApiError(404, 'record_not_found', 'No such merchant')
  return { buyerId: buyer.id, clickId: null, merchantId: merchant.id, productId: null }
}

const conflictMessages = {
  matched: 'Another operator or a postback matched this conversion first',
  dismissed: 'Another operator dismissed this conversion',
} as const

async function matchInConsole(
  tx: Database,
  input: { conversionRowId: number; request: ConversionMatchRequest; action: OperatorAction },
): Promise<ConversionMatchResponse> {
  const { action } = input
  const owner = await resolveOwner(tx, input.request)
  const attached = await attachConversion(tx, {
    conversionRowId: input.conversionRowId,
    owner,
    actor: consoleActor(action.operator.id),
    now: action.now,
  })
  if (!attached.ok) {
    if (attached.reason === 'not_found') throw new ApiError(404, 'record_not_found', 'No such conversion')
    throw new ApiError(409, 'operator_conflict', conflictMessages[attached.reason])
  }
  const { after } = attached
  if (after.transactionId === null) throw new Error('attachConversion left the conversion unmatched')
  await recordOperatorAction(tx, {
    actor: action.operator.id,
    action: 'conversion.matched',
    subjectType: 'conversion',
    subjectId: String(after.id),
    before: { transactionId: null },
    after: { transactionId: after.transactionId, ...owner },
    now: action.now,
  })
  return {
    conversion: toConsoleConversion(after),
    transaction: await readConsoleTransaction(tx, after.transactionId),
  }
}

async function dismissInConsole(
  tx: Database,
  input: { conversionRowId: number; reason: string; action: OperatorAction },
): Promise<ConsoleConversion> {
  const { action } = input
  const [row] = await tx.select().from(conversions).where(eq(conversions.id, input.conversionRowId)).for('update')
  if (row === undefined) throw new ApiError(404, 'record_not_found', 'No such conversion')
  if (row.transactionId !== null) throw new ApiError(409, 'operator_conflict', conflictMessages.matched)
  if (row.dismissedAt !== null) throw new ApiError(409, 'operator_conflict', conflictMessages.dismissed)
  const [after] = await tx
    .update(conversions)
    .set({
      dismissedAt: action.now,
      dismissedReason: input.reason,
      dismissedBy: action.operator.id,
      updatedAt: action.now,
    })
    .where(eq(conversions.id, row.id))
    .returning()
  if (after === undefined) throw new Error(`conversion ${row.id} vanished while locked`)
  await recordOperatorAction(tx, {
    actor: action.operator.id,
    action: 'conversion.dismissed',
    subjectType: 'conversion',
    subjectId: String(row.id),
    reason: input.reason,
    before: { dismissedAt: null },
    after: { dismissedAt: action.now.toISOString() },
    now: action.now,
  })
  return toConsoleConversion(after)
}

const validateConversionParam = () =>
  validateRecordParam(conversionIdParamSchema, 'record_not_found', 'No such conversion')

const writeErrors = {
  404: errorResponseDescription('No such conversion, click, buyer or merchant (`record_not_found`)'),
  409: errorResponseDescription('Matched or dismissed meanwhile (`operator_conflict`)'),
  422: idempotencyKeyReusedResponse,
  ...consoleAccessErrors,
}

export function conversionConsoleRoutes(database: Database, now: () => Date) {
  return new Hono<AppEnvironment>()
    .get(
      '/conversions/unmatched',
      describeRoute({
        summary: 'Console: unmatched conversions',
        description: 'Conversions whose click id matched no click, not dismissed; the longest waiting first.',
        tags: ['Console'],
        responses: {
          200: jsonResponse('A page of conversions and the total', unmatchedConversionPageSchema),
          400: errorResponseDescription('A bad `limit` or `offset` (`invalid_request`)'),
          ...consoleAccessErrors,
        },
      }),
      requireOperator(database, now, supportRoles),
      validateRequest('query', unmatchedConversionQuerySchema),
      async (c) => c.json((await listUnmatched(database, c.req.valid('query'))) satisfies UnmatchedConversionPage),
    )
    .post(
      '/conversions/:id/match',
      describeRoute({
        summary: 'Console: match a conversion to a click or a buyer',
        description:
          "`{ clickId }` (the click's buyer, merchant and product) or `{ buyerId, merchantId }`: the purchase is " +
          "recorded as a postback with a known click records it, with the network's last status applied.",
        tags: ['Console'],
        parameters: [idempotencyKeyParameter],
        responses: {
          200: jsonResponse('The conversion and its new purchase', conversionMatchResponseSchema),
          400: errorResponseDescription('A bad body or no `Idempotency-Key`'),
          ...writeErrors,
        },
      }),
      requireOperator(database, now, supportRoles),
      validateConversionParam(),
      validateRequest('json', conversionMatchRequestSchema),
      async (c) => {
        const { id } = c.req.valid('param')
        const request = c.req.valid('json')
        return respondToOperatorWrite(c, {
          database,
          now,
          body: request,
          write: async (tx, action) => ({
            status: 200,
            body: (await matchInConsole(tx, {
              conversionRowId: id,
              request,
              action,
            })) satisfies ConversionMatchResponse,
          }),
        })
      },
    )
    .post(
      '/conversions/:id/dismiss',
      describeRoute({
        summary: 'Console: dismiss an unmatched conversion',
        description: 'It leaves the unmatched list and the count of the today page; the reason and who are kept.',
        tags: ['Console'],
        parameters: [idempotencyKeyParameter],
        responses: {
          200: jsonResponse('The conversion', consoleConversionSchema),
          400: errorResponseDescription('No reason, or no `Idempotency-Key`'),
          ...writeErrors,
        },
      }),
      requireOperator(database, now, supportRoles),
      validateConversionParam(),
      validateRequest('json', conversionDismissRequestSchema),
      async (c) => {
        const { id } = c.req.valid('param')
        const body = c.req.valid('json')
        return respondToOperatorWrite(c, {
          database,
          now,
          body,
          write: async (tx, action) => ({
            status: 200,
            body: (await dismissInConsole(tx, {
              conversionRowId: id,
              reason: body.reason,
              action,
            })) satisfies ConsoleConversion,
          }),
        })
      },
    )
}
