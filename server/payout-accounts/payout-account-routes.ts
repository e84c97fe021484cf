import { Hono } from 'hono'
import { describeRoute } from 'hono-openapi'
import {
  payoutAccountListResponseSchema,
  payoutAccountSchema,
  type PayoutAccount,
  type PayoutAccountListResponse,
} from '#domain/contracts/payout-account'
import {
  payoutAccountDetailsSchema,
  payoutAccountFieldErrors,
  withdrawalFieldErrorCodes,
} from '#domain/contracts/withdrawal'
import { payoutAccountChangesPerDay, payoutAccountWaitingHours } from '#domain/wallet/payout-account-rules'
import type { AccountsConfig } from '#server/auth/accounts-config'
import { requireOwnBuyer, signedInBuyer } from '#server/auth/session-middleware'
import { buyerIdParamSchema, memberErrorResponses } from '#server/buyers/buyer-routes'
import type { Database } from '#server/db/database'
import type { AppEnvironment } from '#server/http/app-environment'
import { respondIdempotently } from '#server/http/idempotency'
import {
  errorResponseDescription,
  idempotencyKeyParameter,
  idempotencyKeyReusedResponse,
  jsonResponse,
} from '#server/http/openapi-responses'
import { validateFormRequest, validateRequest } from '#server/http/validation'
import { announcePayoutAccountChange } from '#server/payout-accounts/payout-account-announcement'
import { listPayoutAccounts } from '#server/payout-accounts/payout-account-queries'
import {
  savePayoutAccount,
  toPayoutAccount,
  type PayoutAccountRecord,
} from '#server/payout-accounts/payout-account-service'

/**
 * Saved payout accounts (domain/contracts/payout-account.ts, docs/decisions/024). Guarded like the
 * buyer routes: `requireOwnBuyer` runs before validation.
 */
export function payoutAccountRoutes(database: Database, accounts: Pick<AccountsConfig, 'now' | 'delivery'>) {
  const { now, delivery } = accounts
  return new Hono<AppEnvironment>()
    .get(
      '/wallet/:buyerId/payout-accounts',
      describeRoute({
        summary: "The buyer's saved payout accounts",
        description: 'The current account per payout target, masked, with the time it may receive withdrawals.',
        tags: ['Withdrawals'],
        responses: {
          200: jsonResponse('The saved accounts', payoutAccountListResponseSchema),
          ...memberErrorResponses,
        },
      }),
      requireOwnBuyer(),
      validateRequest('param', buyerIdParamSchema),
      async (c) => {
        const buyer = signedInBuyer(c.get('buyer'))
        return c.json((await listPayoutAccounts(database, buyer.id)) satisfies PayoutAccountListResponse)
      },
    )
    .post(
      '/wallet/:buyerId/payout-accounts',
      describeRoute({
        summary: 'Save a payout account (add one, or change the one of its target)',
        description:
          `A buyer's first account is usable at once; any later new or changed account ${payoutAccountWaitingHours} ` +
          'hours after the change (`usableFrom`), and the buyer gets a `payout_account_changed` notification, ' +
          'in the app and at their sign-in email and phone. ' +
          'The details already saved change nothing (200). A malformed form is 400 `invalid_request` with ' +
          `\`details.fields\` (${withdrawalFieldErrorCodes.map((code) => `\`${code}\``).join(', ')}). ` +
          `At most ${payoutAccountChangesPerDay} new accounts in 24 hours. A replayed \`Idempotency-Key\` answers ` +
          'the first answer again, even after a later change.',
        tags: ['Withdrawals'],
        parameters: [idempotencyKeyParameter],
        responses: {
          200: jsonResponse('The details were already saved: the account as it is', payoutAccountSchema),
          201: jsonResponse('The new account, replacing the earlier one of its target', payoutAccountSchema),
          400: errorResponseDescription(
            'A field is invalid (`invalid_request` with `details.fields`), or a missing or malformed key (`idempotency_key_required`)',
          ),
          422: idempotencyKeyReusedResponse,
          429: errorResponseDescription(
            'Too many new accounts in 24 hours (`too_many_payout_account_changes`, with `details.retryAfterSeconds`)',
          ),
          ...memberErrorResponses,
        },
      }),
      requireOwnBuyer(),
      validateRequest('param', buyerIdParamSchema),
      validateFormRequest('json', payoutAccountDetailsSchema, undefined, payoutAccountFieldErrors),
      async (c) => {
        const buyer = signedInBuyer(c.get('buyer'))
        const details = c.req.valid('json')
        const time = now()
        let announced: PayoutAccountRecord | undefined
        const response = await respondIdempotently(c, {
          database,
          ownerId: buyer.id,
          now: time,
          body: details,
          write: async (tx) => {
            const saved = await savePayoutAccount(tx, { buyerId: buyer.id, details, now: time })
            if (saved.isAnnounced) announced = saved.account
            return { status: saved.isNew ? 201 : 200, body: toPayoutAccount(saved.account) satisfies PayoutAccount }
          },
        })
        // After the commit, and only by the request that made the change: a replay tells no one again.
        if (announced !== undefined) {
          await announcePayoutAccountChange({ database, delivery, logger: c.get('logger'), account: announced })
        }
        return response
      },
    )
}
