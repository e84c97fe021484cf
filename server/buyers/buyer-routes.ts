import { Hono, type Context } from 'hono'
import { describeRoute } from 'hono-openapi'
import * as v from 'valibot'
import {
  balanceSyncQuerySchema,
  balanceSyncResponseSchema,
  buyerSchema,
  type BalanceSyncResponse,
  type Buyer,
} from '#domain/contracts/buyer'
import { signInCodeResendAfterSeconds } from '#domain/contracts/auth'
import {
  identifierChangeCodesPerHour,
  identifierChangeConfirmationSchema,
  identifierChangeRequestSchema,
  identifierChangeResponseSchema,
  identifierKindParamSchema,
  profileSchema,
  storedProfileSchema,
  type IdentifierChangeResponse,
  type StoredProfile,
} from '#domain/contracts/profile'
import type { AccountsConfig } from '#server/auth/accounts-config'
import { canonicalIdentifier, identifierErrorCode } from '#server/auth/identifier-input'
import { createAccountLimiters } from '#server/auth/rate-limits'
import { requireOwnBuyer, signedInBuyer } from '#server/auth/session-middleware'
import { readBuyerView, toStoredProfile, updateBuyerProfile } from '#server/buyers/buyer-records'
import {
  cancelIdentifierChange,
  checkIdentifierChange,
  confirmIdentifierChange,
  listPendingIdentifiers,
  startIdentifierChange,
  type StartRefusal,
} from '#server/buyers/identifier-changes'
import type { Database } from '#server/db/database'
import { ApiError } from '#server/http/api-error'
import type { AppEnvironment } from '#server/http/app-environment'
import { commonErrorResponses, errorResponseDescription, jsonResponse } from '#server/http/openapi-responses'
import { validateFormRequest, validateRequest } from '#server/http/validation'

export const buyerIdParamSchema = v.object({ buyerId: v.pipe(v.string(), v.description("The signed-in buyer's id")) })

/** Every buyer-scoped route answers these besides its own. */
export const memberErrorResponses = {
  401: errorResponseDescription('Not signed in (`unauthenticated`)'),
  403: errorResponseDescription(
    "Another buyer's id (`forbidden`), a suspended buyer (`buyer_suspended`), or another origin (`forbidden_origin`)",
  ),
  ...commonErrorResponses,
}

const identifierTakenMessage = 'Another buyer signs in with this email address or phone number'

function refuseIdentifierChange(c: Context<AppEnvironment>, refusal: StartRefusal): never {
  switch (refusal.result) {
    case 'buyer_not_found':
      throw new ApiError(404, 'buyer_not_found', 'No such buyer')
    case 'identifier_unchanged':
      throw new ApiError(400, 'identifier_unchanged', 'This is already your sign-in identifier')
    case 'identifier_taken':
      throw new ApiError(409, 'identifier_taken', identifierTakenMessage)
    case 'too_many_codes':
      c.header('Retry-After', String(refusal.retryAfterSeconds))
      throw new ApiError(
        429,
        'too_many_codes',
        `Too many codes were sent for this account in the last hour; try again in ${refusal.retryAfterSeconds} seconds`,
        { retryAfterSeconds: refusal.retryAfterSeconds },
      )
  }
}

/**
 * Spec section 7's buyer-state calls, and the identifier changes of domain/contracts/profile.ts.
 * `requireOwnBuyer` runs before validation, so a stranger learns nothing from a 400 about
 * someone else's id.
 */
export function buyerRoutes(database: Database, accounts: AccountsConfig) {
  const { authSecret, delivery, now } = accounts
  const limiters = createAccountLimiters(database, accounts)
  return new Hono<AppEnvironment>()
    .get(
      '/buyers/:buyerId',
      describeRoute({
        summary: 'The buyer',
        description: '`balance` is a list whose first item has `currency` and `amount` (satang).',
        tags: ['Buyers'],
        responses: { 200: jsonResponse('The buyer', buyerSchema), ...memberErrorResponses },
      }),
      requireOwnBuyer(),
      validateRequest('param', buyerIdParamSchema),
      async (c) => c.json((await readBuyerView(database, signedInBuyer(c.get('buyer')))) satisfies Buyer),
    )
    .get(
      '/buyers/:buyerId/sync/balance',
      describeRoute({
        summary: 'Rating and balance',
        description: "`balance` has the same list form as the buyer's. Only `currency=THB` exists.",
        tags: ['Buyers'],
        responses: {
          200: jsonResponse('Rating and balance', balanceSyncResponseSchema),
          400: errorResponseDescription('Unknown currency (`invalid_request`)'),
          ...memberErrorResponses,
        },
      }),
      requireOwnBuyer(),
      validateRequest('param', buyerIdParamSchema),
      validateRequest('query', balanceSyncQuerySchema),
      async (c) => {
        const { rating, balance } = await readBuyerView(database, signedInBuyer(c.get('buyer')))
        const { currency } = c.req.valid('query')
        return c.json({
          rating,
          // One currency today; the filter is for the next.
          // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
          balance: balance.filter((entry) => entry.currency === currency),
        } satisfies BalanceSyncResponse)
      },
    )
    .get(
      '/buyers/:buyerId/profile',
      describeRoute({
        summary: 'The profile form, as stored',
        description:
          'Fields the buyer has not filled in are `null`. `pendingIdentifiers` lists a new email or phone ' +
          'waiting for its confirmation code (the stored one still signs in until then).',
        tags: ['Buyers'],
        responses: { 200: jsonResponse('The stored profile', storedProfileSchema), ...memberErrorResponses },
      }),
      requireOwnBuyer(),
      validateRequest('param', buyerIdParamSchema),
      async (c) => {
        const buyer = signedInBuyer(c.get('buyer'))
        const pending = await listPendingIdentifiers(database, buyer.id, now())
        return c.json(toStoredProfile(buyer, pending) satisfies StoredProfile)
      },
    )
    .put(
      '/buyers/:buyerId/profile',
      describeRoute({
        summary: 'Save the profile',
        description:
          'Replaces the whole profile (idempotent) except `email` and `phone`: they are sign-in identifiers, ' +
          'so a new value is only validated here (never looked up: whether another buyer has it is only told, ' +
          'within limits, by `POST …/identifier-changes`) and changes once confirmed with a code; the answer ' +
          'still has the stored ones. ' +
          'Validated by `profileSchema` of domain/contracts/profile.ts, ' +
          'the same the form uses; a rejection carries `details.fields = { <field>: <reason> }` with reasons ' +
          '`required`, `too_long`, `invalid_email`, `invalid_phone`, `invalid_age`, `under_18`, `invalid_gender`, ' +
          '`invalid_birth_date`, `birth_date_mismatch`, `invalid_id_number` and `invalid_text`.',
        tags: ['Buyers'],
        responses: {
          200: jsonResponse('The updated buyer', buyerSchema),
          400: errorResponseDescription('A field is invalid (`invalid_request` with `details.fields`)'),
          ...memberErrorResponses,
        },
      }),
      requireOwnBuyer(),
      validateRequest('param', buyerIdParamSchema),
      validateFormRequest('json', profileSchema),
      async (c) => {
        const buyer = signedInBuyer(c.get('buyer'))
        const updated = await updateBuyerProfile(database, buyer.id, c.req.valid('json'))
        return c.json((await readBuyerView(database, updated)) satisfies Buyer)
      },
    )
    .post(
      '/buyers/:buyerId/identifier-changes',
      describeRoute({
        summary: 'Ask to change the email or phone',
        description:
          'Sends a 6-digit code (valid 10 minutes) to the new email address or Thai mobile number; it becomes ' +
          'a sign-in identifier only when the code is confirmed, and until then the stored one stays. A new ' +
          `request replaces the pending change of that kind. At most ${identifierChangeCodesPerHour} codes ` +
          'per buyer per hour, refusals of a taken address included (so nobody learns at will which addresses ' +
          'have an account). Once the body is valid, also counted per client address, on the same per-identifier ' +
          'count as sign-in codes (20 an hour to one address, whoever asks) and, last, on the overall count of ' +
          'codes sent.',
        tags: ['Buyers'],
        responses: {
          202: jsonResponse('The code is on its way', identifierChangeResponseSchema),
          400: errorResponseDescription(
            'Empty (`invalid_request`) or malformed (`invalid_identifier`) identifier, or the one the buyer ' +
              'already has (`identifier_unchanged`)',
          ),
          409: errorResponseDescription('Another buyer signs in with it (`identifier_taken`)'),
          429: errorResponseDescription(
            'Too many codes for this buyer in the last hour or to this address (`too_many_codes`), or from this ' +
              'client address or everyone (`too_many_requests`); `Retry-After` and `details.retryAfterSeconds` ' +
              'say when to retry',
          ),
          ...memberErrorResponses,
          503: errorResponseDescription(
            'No SMS provider for a phone number (`phone_sign_in_unavailable`), the mail server refused ' +
              '(`unavailable`), or maintenance (`maintenance`)',
          ),
        },
      }),
      requireOwnBuyer(),
      validateRequest('param', buyerIdParamSchema),
      validateFormRequest('json', identifierChangeRequestSchema, identifierErrorCode),
      limiters.identifierChangeCodes,
      async (c) => {
        const buyer = signedInBuyer(c.get('buyer'))
        const identifier = canonicalIdentifier(c.req.valid('json').identifier)
        if (!delivery.canDeliverTo(identifier.kind)) {
          throw new ApiError(503, 'phone_sign_in_unavailable', 'Phone numbers cannot be confirmed now; use your email')
        }
        const options = { buyerId: buyer.id, identifier, now: now() }
        const refusal = await checkIdentifierChange(database, options)
        if (refusal !== undefined) refuseIdentifierChange(c, refusal)
        await limiters.countIdentifierChangeCode(c, identifier.value)
        const started = await startIdentifierChange(database, { ...options, secret: authSecret })
        if (started.result !== 'issued') refuseIdentifierChange(c, started)
        try {
          await delivery.deliver({
            to: identifier,
            code: started.code,
            expiresAt: started.expiresAt,
            purpose: 'identifier_change',
          })
        } catch (error) {
          c.get('logger').error({ err: error, kind: identifier.kind }, 'identifier change code delivery failed')
          throw new ApiError(503, 'unavailable', 'The code could not be sent; try again shortly')
        }
        c.get('logger').info({ buyerId: buyer.id, kind: identifier.kind }, 'identifier change requested')
        return c.json(
          {
            kind: identifier.kind,
            identifier: identifier.value,
            expiresAt: started.expiresAt.toISOString(),
            resendAfterSeconds: signInCodeResendAfterSeconds,
          } satisfies IdentifierChangeResponse,
          202,
        )
      },
    )
    .post(
      '/buyers/:buyerId/identifier-changes/confirmations',
      describeRoute({
        summary: 'Confirm a new email or phone with its code',
        description:
          "Makes the pending identifier the buyer's sign-in identifier, tells the previous address, and ends " +
          'every other session of the buyer (this one stays). The code only works for this buyer and this identifier.',
        tags: ['Buyers'],
        responses: {
          200: jsonResponse('The buyer with the new identifier', buyerSchema),
          400: errorResponseDescription(
            'Wrong code or no pending change to this identifier (`invalid_code`), expired (`code_expired`), ' +
              'malformed body (`invalid_request`, `invalid_identifier`)',
          ),
          409: errorResponseDescription('Another buyer took the identifier meanwhile (`identifier_taken`)'),
          429: errorResponseDescription('5 wrong tries killed the code (`too_many_attempts`)'),
          ...memberErrorResponses,
        },
      }),
      requireOwnBuyer(),
      validateRequest('param', buyerIdParamSchema),
      validateFormRequest('json', identifierChangeConfirmationSchema, identifierErrorCode),
      async (c) => {
        const buyer = signedInBuyer(c.get('buyer'))
        const body = c.req.valid('json')
        const identifier = canonicalIdentifier(body.identifier)
        const sessionToken = c.get('sessionToken')
        if (sessionToken === undefined) throw new ApiError(401, 'unauthenticated', 'Sign in first')
        const confirmed = await confirmIdentifierChange(database, {
          secret: authSecret,
          buyerId: buyer.id,
          identifier,
          code: body.code,
          now: now(),
          sessionToken,
        })
        switch (confirmed.result) {
          case 'invalid_code':
            throw new ApiError(400, 'invalid_code', 'Wrong code, or no change to this identifier is pending')
          case 'code_expired':
            throw new ApiError(400, 'code_expired', 'The code is older than 10 minutes; request a new one')
          case 'too_many_attempts':
            throw new ApiError(429, 'too_many_attempts', 'Too many wrong tries; request a new code')
          case 'identifier_taken':
            throw new ApiError(409, 'identifier_taken', identifierTakenMessage)
          case 'confirmed':
            break
        }
        const logger = c.get('logger')
        logger.info(
          { buyerId: buyer.id, kind: identifier.kind, endedSessions: confirmed.endedSessions },
          'identifier changed',
        )
        // The change stands whatever happens to the notice; a failed one is logged for support.
        for (const previous of confirmed.previous) {
          try {
            if (delivery.canDeliverTo(previous.kind)) {
              await delivery.announceIdentifierChange({ to: previous, newIdentifier: identifier })
            }
          } catch (error) {
            logger.error({ err: error, buyerId: buyer.id, kind: previous.kind }, 'identifier change notice failed')
          }
        }
        return c.json((await readBuyerView(database, confirmed.buyer)) satisfies Buyer)
      },
    )
    .delete(
      '/buyers/:buyerId/identifier-changes/:kind',
      describeRoute({
        summary: 'Drop a pending email or phone change',
        description: 'Idempotent: 204 also when nothing of that kind is pending.',
        tags: ['Buyers'],
        responses: {
          204: { description: 'Nothing of that kind is pending any more' },
          400: errorResponseDescription('`kind` is not `email` or `phone` (`invalid_request`)'),
          ...memberErrorResponses,
        },
      }),
      requireOwnBuyer(),
      validateRequest('param', v.object({ ...buyerIdParamSchema.entries, ...identifierKindParamSchema.entries })),
      async (c) => {
        const buyer = signedInBuyer(c.get('buyer'))
        await cancelIdentifierChange(database, buyer.id, c.req.valid('param').kind, now())
        return c.body(null, 204)
      },
    )
}
