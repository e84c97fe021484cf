import { Hono } from 'hono'
import { describeRoute, validator } from 'hono-openapi'
import * as v from 'valibot'
import { idempotencyKeyHeader } from '#domain/contracts/cashback'
import {
  isSavedAccountRequest,
  withdrawalFieldErrorCodes,
  withdrawalFieldErrors,
  withdrawalIdSchema,
  withdrawalListQuerySchema,
  withdrawalListResponseSchema,
  withdrawalRequestSchema,
  withdrawalSchema,
  type Withdrawal,
  type WithdrawalListResponse,
} from '#domain/contracts/withdrawal'
import { withdrawalRefusalCodes } from '#domain/wallet/withdrawal-rules'
import type { AccountsConfig } from '#server/auth/accounts-config'
import { requireOwnBuyer, signedInBuyer } from '#server/auth/session-middleware'
import { buyerIdParamSchema, memberErrorResponses } from '#server/buyers/buyer-routes'
import type { Database } from '#server/db/database'
import { ApiError, errorResponse } from '#server/http/api-error'
import type { AppEnvironment } from '#server/http/app-environment'
import { hasStoredResult, readIdempotencyKey, respondIdempotently } from '#server/http/idempotency'
import {
  errorResponseDescription,
  jsonResponse,
  idempotencyKeyParameter,
  idempotencyKeyReusedResponse,
} from '#server/http/openapi-responses'
import { validateFormRequest, validateRequest } from '#server/http/validation'
import { readFixedRates } from '#server/settings/fixed-rates'
import { announcePayoutAccountChange } from '#server/payout-accounts/payout-account-announcement'
import { savePayoutAccount } from '#server/payout-accounts/payout-account-service'
import { findWithdrawal, listWithdrawals, toWithdrawal } from '#server/withdrawals/withdrawal-queries'
import { requestWithdrawal } from '#server/withdrawals/withdrawal-service'

const withdrawalParamSchema = v.object({
  ...buyerIdParamSchema.entries,
  withdrawalId: v.pipe(withdrawalIdSchema, v.description('The withdrawal `_id` (24 hex characters)')),
})

/**
 * An id that is not one of ours is simply not found, like another buyer's; a malformed one never
 * reaches the database (a NUL in it would be a database error).
 */
const validateWithdrawalParam = () =>
  validator('param', withdrawalParamSchema, (result, c) =>
    result.success ? undefined : errorResponse(c, 404, 'withdrawal_not_found', 'No such withdrawal'),
  )

const quotedCodes = (codes: readonly string[]) => codes.map((code) => `\`${code}\``).join(', ')

/**
 * Withdrawals and points exchanges (domain/contracts/withdrawal.ts). Guarded like the buyer
 * routes: `requireOwnBuyer` runs before validation.
 */
export function withdrawalRoutes(database: Database, accounts: Pick<AccountsConfig, 'now' | 'delivery'>) {
  const { now, delivery } = accounts
  return new Hono<AppEnvironment>()
    .post(
      '/wallet/:buyerId/withdrawals',
      describeRoute({
        summary: 'Withdraw to a bank account, PromptPay or TrueMoney, or exchange for points',
        description:
          'Reserves the amount in the wallet ledger at once: a withdrawal as `withdrawal` (net) plus ' +
          '`withdrawal_fee` (the `withdrawalFee` fixed rate, rounded down), then `requested` until an operator ' +
          'pays it; an exchange for points as `points_exchange`, `paid` at once (THB 1 = `pointsPerBaht` points, ' +
          'whole baht only). The body names a saved payout account (`payoutAccountId`) or carries the account in ' +
          'full, which is saved as `POST …/payout-accounts` saves it. ' +
          'The rules of domain/wallet/withdrawal-rules.ts answer 409 with their code; ' +
          '`details.minimum` or `details.balance` (satang) carries the number the rule compared with. ' +
          `A malformed form is 400 \`invalid_request\` with \`details.fields\` (${quotedCodes(withdrawalFieldErrorCodes)}).`,
        tags: ['Withdrawals'],
        parameters: [idempotencyKeyParameter],
        responses: {
          201: jsonResponse('The withdrawal or exchange, with its fee, net amount and expected date', withdrawalSchema),
          400: errorResponseDescription(
            `A field is invalid (\`invalid_request\` with \`details.fields\`), or a missing \`${idempotencyKeyHeader}\` ` +
              '(`idempotency_key_required`)',
          ),
          404: errorResponseDescription(
            "`payoutAccountId` names no current account of the buyer (`payout_account_not_found`; another buyer's too)",
          ),
          409: errorResponseDescription(
            `A withdrawal rule refuses it: ${quotedCodes(withdrawalRefusalCodes)}, or the payout account was ` +
              'added or changed less than 72 hours ago (`payout_account_waiting` with `details.usableFrom`)',
          ),
          422: idempotencyKeyReusedResponse,
          ...memberErrorResponses,
        },
      }),
      requireOwnBuyer(),
      validateRequest('param', buyerIdParamSchema),
      validateFormRequest('json', withdrawalRequestSchema, undefined, withdrawalFieldErrors),
      async (c) => {
        const buyer = signedInBuyer(c.get('buyer'))
        const request = c.req.valid('json')
        const time = now()
        // New details are saved in a transaction of their own, so a withdrawal refused because
        // they must wait (or for any rule) still starts their waiting period: a request queued
        // offline is the only way some shoppers give them. A replay saves nothing again; the
        // details may have changed since, and the replay answers the first result anyway. So a
        // change is announced once: a replay, or a race with one, finds the details already saved.
        if (
          !isSavedAccountRequest(request) &&
          request.target !== 'points' &&
          !(await hasStoredResult(database, buyer.id, readIdempotencyKey(c)))
        ) {
          const saved = await database.transaction((tx) =>
            savePayoutAccount(tx, { buyerId: buyer.id, details: request, now: time }),
          )
          if (saved.isAnnounced) {
            await announcePayoutAccountChange({ database, delivery, logger: c.get('logger'), account: saved.account })
          }
        }
        return respondIdempotently(c, {
          database,
          ownerId: buyer.id,
          now: time,
          body: request,
          write: async (tx) => {
            const record = await requestWithdrawal(tx, {
              buyerId: buyer.id,
              request,
              now: time,
              fixedRates: await readFixedRates(tx),
            })
            return { status: 201, body: toWithdrawal(record) satisfies Withdrawal }
          },
        })
      },
    )
    .get(
      '/wallet/:buyerId/withdrawals',
      describeRoute({
        summary: "The buyer's withdrawals and exchanges",
        description: 'Newest first, `{ data, total }` (the history of /withdrawal).',
        tags: ['Withdrawals'],
        responses: {
          200: jsonResponse('A page of withdrawals and the total', withdrawalListResponseSchema),
          400: errorResponseDescription('A bad `limit` or `skip` (`invalid_request`)'),
          ...memberErrorResponses,
        },
      }),
      requireOwnBuyer(),
      validateRequest('param', buyerIdParamSchema),
      validateRequest('query', withdrawalListQuerySchema),
      async (c) => {
        const buyer = signedInBuyer(c.get('buyer'))
        const page = await listWithdrawals(database, buyer.id, c.req.valid('query'))
        return c.json(page satisfies WithdrawalListResponse)
      },
    )
    .get(
      '/wallet/:buyerId/withdrawals/:withdrawalId',
      describeRoute({
        summary: 'One withdrawal or exchange',
        description: 'Account numbers are masked to their last 4 digits.',
        tags: ['Withdrawals'],
        responses: {
          200: jsonResponse('The withdrawal', withdrawalSchema),
          404: errorResponseDescription(
            "No such withdrawal, or another buyer's (`withdrawal_not_found`; the two are not told apart)",
          ),
          ...memberErrorResponses,
        },
      }),
      requireOwnBuyer(),
      validateWithdrawalParam(),
      async (c) => {
        const buyer = signedInBuyer(c.get('buyer'))
        const withdrawal = await findWithdrawal(database, buyer.id, c.req.valid('param').withdrawalId)
        if (withdrawal === undefined) throw new ApiError(404, 'withdrawal_not_found', 'No such withdrawal')
        return c.json(withdrawal satisfies Withdrawal)
      },
    )
}
