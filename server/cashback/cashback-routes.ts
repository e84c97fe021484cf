import { Hono, type Context } from 'hono'
import { describeRoute, validator } from 'hono-openapi'
import * as v from 'valibot'
import {
  acceptCashbackRequestSchema,
  acceptCashbackResponseSchema,
  cashbackActionResponseSchema,
  cashbackTransactionDetailSchema,
  cashbackTransactionListQuerySchema,
  cashbackTransactionListResponseSchema,
  cashbackTransactionIdSchema,
  idempotencyKeyHeader,
  ratingDetailsSchema,
  walletSummarySchema,
  type CashbackTransactionDetail,
  type CashbackTransactionListResponse,
  type RatingDetails,
  type WalletSummary,
} from '#domain/contracts/cashback'
import { requireOwnBuyer, signedInBuyer } from '#server/auth/session-middleware'
import { buyerIdParamSchema, memberErrorResponses } from '#server/buyers/buyer-routes'
import { readRatingDetails } from '#server/cashback/buyer-rating'
import {
  acceptApprovedCashback,
  runBuyerTransactionAction,
  type BuyerTransactionAction,
} from '#server/cashback/buyer-transaction-actions'
import { findCashbackTransactionDetail, listCashbackTransactions } from '#server/cashback/cashback-transaction-queries'
import type { Database } from '#server/db/database'
import { ApiError, errorResponse } from '#server/http/api-error'
import type { AppEnvironment } from '#server/http/app-environment'
import { respondIdempotently } from '#server/http/idempotency'
import {
  errorResponseDescription,
  jsonResponse,
  idempotencyKeyParameter,
  idempotencyKeyReusedResponse,
} from '#server/http/openapi-responses'
import { validateRequest } from '#server/http/validation'
import { readFixedRates } from '#server/settings/fixed-rates'
import { readWalletSummary } from '#server/wallet/wallet-queries'

export const transactionParamSchema = v.object({
  ...buyerIdParamSchema.entries,
  transactionId: v.pipe(cashbackTransactionIdSchema, v.description('The transaction `_id` (24 hex characters)')),
})

/**
 * A malformed transaction id is answered like an unknown one, 404 `transaction_not_found` (the
 * client shows its not-found page either way), and never reaches the database: a NUL in it
 * would be a database error.
 */
export const validateTransactionParam = () =>
  validator('param', transactionParamSchema, (result, c) =>
    result.success ? undefined : errorResponse(c, 404, 'transaction_not_found', 'No such cashback transaction'),
  )

export const notFoundResponse = errorResponseDescription(
  "No such transaction, or another buyer's (`transaction_not_found`; the two are not told apart)",
)

const actionDescriptions: Record<BuyerTransactionAction, { summary: string; description: string }> = {
  accept: {
    summary: 'Accept approved cashback into the wallet',
    description:
      'Credits the cashback to the wallet ledger exactly once, however often or in parallel it is sent. ' +
      'Refused with 409 `not_approved` or `already_accepted`.',
  },
  archive: {
    summary: 'Archive (claim) an accepted transaction',
    description:
      'Moves it out of the approved tab into the archived one. Refused with 409 `not_approved`, ' +
      '`not_accepted` or `already_archived`.',
  },
}

/**
 * Transactions, the wallet summary and the rating (domain/contracts/cashback.ts). Guarded like
 * the buyer routes: `requireOwnBuyer` runs before validation.
 */
export function cashbackRoutes(database: Database, now: () => Date) {
  /** Accept and archive differ only in the action: one idempotent write each. */
  function respondToAction(c: Context<AppEnvironment>, transactionId: string, action: BuyerTransactionAction) {
    const buyer = signedInBuyer(c.get('buyer'))
    const time = now()
    return respondIdempotently(c, {
      database,
      ownerId: buyer.id,
      now: time,
      write: async (tx) => ({
        status: 200,
        body: await runBuyerTransactionAction(tx, { buyerId: buyer.id, transactionId, action, now: time }),
      }),
    })
  }

  function actionRoute(action: BuyerTransactionAction) {
    return [
      describeRoute({
        ...actionDescriptions[action],
        tags: ['Cashback'],
        parameters: [idempotencyKeyParameter],
        responses: {
          200: jsonResponse('The transaction after the action, and the wallet balance', cashbackActionResponseSchema),
          400: errorResponseDescription(
            `Missing or malformed \`${idempotencyKeyHeader}\` (\`idempotency_key_required\`)`,
          ),
          404: notFoundResponse,
          409: errorResponseDescription('The transaction is not in a state that allows it (see the description)'),
          422: idempotencyKeyReusedResponse,
          ...memberErrorResponses,
        },
      }),
      requireOwnBuyer(),
      validateTransactionParam(),
    ] as const
  }

  return new Hono<AppEnvironment>()
    .get(
      '/cashback/:buyerId/transactions',
      describeRoute({
        summary: "The buyer's cashback transactions",
        description:
          'Newest first, `{ data, total }`. `select` picks fields (space-separated), `filter` is a JSON object; ' +
          'the spec\'s unaccepted count is `select=_id status accepted&filter={"status":"APPROVED","accepted":false}` ' +
          '(add `limit=0` when only `total` is needed). Each tab of /cashback is a filter (`cashbackTabFilters`).',
        tags: ['Cashback'],
        responses: {
          200: jsonResponse('A page of transactions and the total that match', cashbackTransactionListResponseSchema),
          400: errorResponseDescription('Unknown field in `select` or `filter`, or a bad value (`invalid_request`)'),
          ...memberErrorResponses,
        },
      }),
      requireOwnBuyer(),
      validateRequest('param', buyerIdParamSchema),
      validateRequest('query', cashbackTransactionListQuerySchema),
      async (c) => {
        const buyer = signedInBuyer(c.get('buyer'))
        const page = await listCashbackTransactions(database, buyer.id, c.req.valid('query'))
        return c.json(page satisfies CashbackTransactionListResponse)
      },
    )
    .get(
      '/cashback/:buyerId/transactions/:transactionId',
      describeRoute({
        summary: 'One transaction with its timeline',
        description: "`history` lists each status change and the buyer's Accept and Archive, oldest first.",
        tags: ['Cashback'],
        responses: {
          200: jsonResponse('The transaction', cashbackTransactionDetailSchema),
          404: notFoundResponse,
          ...memberErrorResponses,
        },
      }),
      requireOwnBuyer(),
      validateTransactionParam(),
      async (c) => {
        const buyer = signedInBuyer(c.get('buyer'))
        const detail = await findCashbackTransactionDetail(database, buyer.id, c.req.valid('param').transactionId)
        if (detail === undefined) throw new ApiError(404, 'transaction_not_found', 'No such cashback transaction')
        return c.json(detail satisfies CashbackTransactionDetail)
      },
    )
    .post(
      '/cashback/:buyerId/transactions/accept',
      describeRoute({
        summary: 'Accept several approved cashbacks at once ("accept all")',
        description:
          'The ids of approved cashback the shopper was shown (at most 50, each once), into the wallet in one ' +
          'database transaction: all of them or none. One accepted meanwhile or no longer approved is left out ' +
          "of `accepted`, not refused. Another buyer's or an unknown id refuses the whole request with 404.",
        tags: ['Cashback'],
        parameters: [idempotencyKeyParameter],
        responses: {
          200: jsonResponse('The purchases accepted now, and the wallet balance', acceptCashbackResponseSchema),
          400: errorResponseDescription(
            `Missing or malformed \`${idempotencyKeyHeader}\` (\`idempotency_key_required\`) or body (\`invalid_request\`)`,
          ),
          404: notFoundResponse,
          422: idempotencyKeyReusedResponse,
          ...memberErrorResponses,
        },
      }),
      requireOwnBuyer(),
      validateRequest('param', buyerIdParamSchema),
      validateRequest('json', acceptCashbackRequestSchema),
      (c) => {
        const buyer = signedInBuyer(c.get('buyer'))
        const body = c.req.valid('json')
        const { transactionIds } = body
        const time = now()
        return respondIdempotently(c, {
          database,
          ownerId: buyer.id,
          now: time,
          body,
          write: async (tx) => ({
            status: 200,
            body: await acceptApprovedCashback(tx, { buyerId: buyer.id, transactionIds, now: time }),
          }),
        })
      },
    )
    .post('/cashback/:buyerId/transactions/:transactionId/accept', ...actionRoute('accept'), (c) =>
      respondToAction(c, c.req.valid('param').transactionId, 'accept'),
    )
    .post('/cashback/:buyerId/transactions/:transactionId/archive', ...actionRoute('archive'), (c) =>
      respondToAction(c, c.req.valid('param').transactionId, 'archive'),
    )
    .get(
      '/buyers/:buyerId/wallet',
      describeRoute({
        summary: 'The wallet summary',
        description:
          "Spec section 3's summary, summed from the wallet ledger and the transactions when asked (satang). " +
          '`monthly` covers the last 12 months in Bangkok time.',
        tags: ['Cashback'],
        responses: { 200: jsonResponse('The wallet summary', walletSummarySchema), ...memberErrorResponses },
      }),
      requireOwnBuyer(),
      validateRequest('param', buyerIdParamSchema),
      async (c) => {
        const buyer = signedInBuyer(c.get('buyer'))
        const summary = await readWalletSummary(database, buyer.id, now())
        if (summary === undefined) throw new ApiError(404, 'buyer_not_found', 'No such buyer')
        return c.json(summary satisfies WalletSummary)
      },
    )
    .get(
      '/buyers/:buyerId/rating',
      describeRoute({
        summary: 'The rating and what makes it',
        description:
          'Purchases per outcome; `isEligibleForOneDayCashback` when the rating is at the `rating` fixed rate ' +
          'or above with enough decided purchases.',
        tags: ['Cashback'],
        responses: { 200: jsonResponse('The rating details', ratingDetailsSchema), ...memberErrorResponses },
      }),
      requireOwnBuyer(),
      validateRequest('param', buyerIdParamSchema),
      async (c) => {
        const buyer = signedInBuyer(c.get('buyer'))
        const details = await readRatingDetails(database, buyer.id, await readFixedRates(database))
        return c.json(details satisfies RatingDetails)
      },
    )
}
