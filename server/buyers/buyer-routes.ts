import { Hono } from 'hono'
import { describeRoute } from 'hono-openapi'
import * as v from 'valibot'
import {
  balanceSyncQuerySchema,
  balanceSyncResponseSchema,
  buyerSchema,
  type BalanceSyncResponse,
  type Buyer,
} from '#domain/contracts/buyer'
import { profileSchema, storedProfileSchema, type StoredProfile } from '#domain/contracts/profile'
import { requireOwnBuyer, signedInBuyer } from '#server/auth/session-middleware'
import { readBuyerView, toStoredProfile, updateBuyerProfile } from '#server/buyers/buyer-records'
import type { Database } from '#server/db/database'
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

/**
 * Spec section 7's buyer-state calls. `requireOwnBuyer` runs before validation, so a stranger
 * learns nothing from a 400 about someone else's id.
 */
export function buyerRoutes(database: Database) {
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
          balance: balance.filter((entry) => entry.currency === currency),
        } satisfies BalanceSyncResponse)
      },
    )
    .get(
      '/buyers/:buyerId/profile',
      describeRoute({
        summary: 'The profile form, as stored',
        description: 'Fields the buyer has not filled in are `null`.',
        tags: ['Buyers'],
        responses: { 200: jsonResponse('The stored profile', storedProfileSchema), ...memberErrorResponses },
      }),
      requireOwnBuyer(),
      validateRequest('param', buyerIdParamSchema),
      (c) => c.json(toStoredProfile(signedInBuyer(c.get('buyer'))) satisfies StoredProfile),
    )
    .put(
      '/buyers/:buyerId/profile',
      describeRoute({
        summary: 'Save the profile',
        description:
          'Replaces the whole profile (idempotent). Validated by `profileSchema` of domain/contracts/profile.ts, ' +
          'the same the form uses; a rejection carries `details.fields = { <field>: <reason> }` with reasons ' +
          '`required`, `too_long`, `invalid_email`, `invalid_phone`, `invalid_age`, `under_18`, `invalid_gender`, ' +
          '`invalid_birth_date`, `birth_date_mismatch`, `invalid_id_number`, and `taken` for an email or phone ' +
          'another buyer signs in with.',
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
}
