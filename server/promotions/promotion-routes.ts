import { Hono } from 'hono'
import { describeRoute } from 'hono-openapi'
import { idempotencyKeyHeader } from '#domain/contracts/cashback'
import {
  joinSpecialCashbackRequestSchema,
  promotionMembershipSchema,
  promotionsSnapshotResponseSchema,
  redeemReferralRequestSchema,
  referralRedemptionResponseSchema,
  referralSummarySchema,
  type PromotionMembership,
  type PromotionsSnapshotResponse,
  type ReferralRedemptionResponse,
  type ReferralSummary,
} from '#domain/contracts/promotion'
import { premiumJoinRefusalCodes } from '#domain/promotions/premium-membership'
import { normalizeReferralCode, referralRedemptionRefusalCodes } from '#domain/promotions/referral'
import { specialCashbackJoinRefusalCodes } from '#domain/promotions/special-cashback'
import type { Limit } from '#server/auth/rate-limits'
import { requireOwnBuyer, signedInBuyer } from '#server/auth/session-middleware'
import { buyerIdParamSchema, memberErrorResponses } from '#server/buyers/buyer-routes'
import type { Database } from '#server/db/database'
import { ApiError } from '#server/http/api-error'
import type { AppEnvironment } from '#server/http/app-environment'
import { readIdempotencyKey, respondIdempotently } from '#server/http/idempotency'
import {
  errorResponseDescription,
  idempotencyKeyParameter,
  idempotencyKeyReusedResponse,
  jsonResponse,
} from '#server/http/openapi-responses'
import { validateFormRequest, validateRequest } from '#server/http/validation'
import { readPromotionsSnapshot } from '#server/promotions/promotion-queries'
import { joinPremium, joinSpecialCashback } from '#server/promotions/promotion-service'
import { toWireMembership } from '#server/promotions/promotion-records'
import {
  createReferralCodeMissLimiter,
  defaultReferralCodeMissLimit,
  findReferralCodeOwner,
  readReferralSummary,
  redeemReferralCode,
} from '#server/promotions/referral-service'
import { readFixedRates } from '#server/settings/fixed-rates'

const quotedCodes = (codes: readonly string[]) => codes.map((code) => `\`${code}\``).join(', ')

const idempotencyKeyRequired = `a missing \`${idempotencyKeyHeader}\` (\`idempotency_key_required\`)`

export type PromotionRoutesOptions = {
  now: () => Date
  /** Redemptions of codes that do not exist, per buyer (`defaultReferralCodeMissLimit`). */
  referralCodeMisses?: Limit
}

/**
 * Promotions and referral (domain/contracts/promotion.ts; docs/decisions/013). Guarded like the
 * buyer routes: `requireOwnBuyer` runs before validation. The joins and the redemption are
 * idempotent writes (server/http/idempotency.ts): a replay answers the first result.
 */
export function promotionRoutes(database: Database, options: PromotionRoutesOptions) {
  const { now } = options
  const codeMisses = createReferralCodeMissLimiter(
    database,
    now,
    options.referralCodeMisses ?? defaultReferralCodeMissLimit,
  )
  return new Hono<AppEnvironment>()
    .get(
      '/buyers/:buyerId/promotions',
      describeRoute({
        summary: "The buyer's promotion facts",
        description:
          'Sign-up time, ledger balance, cashback on its way, the premium and Special Cashback memberships, ' +
          'the new-user bonus and whether a referral code was redeemed, read from one snapshot. Each ' +
          "campaign's state is derived from them with `describePromotions` (domain/promotions/promotion-states.ts) " +
          'and the fixed rates.',
        tags: ['Promotions'],
        responses: {
          200: jsonResponse('The promotion facts', promotionsSnapshotResponseSchema),
          ...memberErrorResponses,
        },
      }),
      requireOwnBuyer(),
      validateRequest('param', buyerIdParamSchema),
      async (c) => {
        const buyer = signedInBuyer(c.get('buyer'))
        const snapshot = await readPromotionsSnapshot(database, buyer.id)
        if (snapshot === undefined) throw new ApiError(404, 'buyer_not_found', 'No such buyer')
        return c.json(snapshot satisfies PromotionsSnapshotResponse)
      },
    )
    .post(
      '/buyers/:buyerId/promotions/premium',
      describeRoute({
        summary: 'Join premium membership, paid from the wallet',
        description:
          '+`vip` cashback for 2 years (Bangkok calendar months) from now. Pays the `premiumPrice` fixed rate ' +
          'from the wallet balance as a `premium_membership` ledger entry, in the same transaction as the ' +
          'join. One join per buyer, ever; not while Special Cashback is active. No body. ' +
          '`details.minimum` (satang) of `balance_below_premium_price` is the price.',
        tags: ['Promotions'],
        parameters: [idempotencyKeyParameter],
        responses: {
          201: jsonResponse('The membership', promotionMembershipSchema),
          400: errorResponseDescription(`No body is read; only ${idempotencyKeyRequired}`),
          409: errorResponseDescription(`A join rule refuses it: ${quotedCodes(premiumJoinRefusalCodes)}`),
          422: idempotencyKeyReusedResponse,
          ...memberErrorResponses,
        },
      }),
      requireOwnBuyer(),
      validateRequest('param', buyerIdParamSchema),
      async (c) => {
        const buyer = signedInBuyer(c.get('buyer'))
        const time = now()
        return respondIdempotently(c, {
          database,
          ownerId: buyer.id,
          now: time,
          write: async (transaction) => {
            const rates = await readFixedRates(transaction)
            const record = await joinPremium(transaction, { buyerId: buyer.id, now: time, rates })
            return { status: 201, body: toWireMembership(record) satisfies PromotionMembership }
          },
        })
      },
    )
    .post(
      '/buyers/:buyerId/promotions/special-cashback',
      describeRoute({
        summary: 'Join Special Cashback at a level',
        description:
          'The stair campaign: +`stairLvN.bonusBasisPoints` for 6 Bangkok calendar months, joined when the wallet ' +
          'balance is strictly above `stairLvN.minimumBalance`; it ends the moment the balance falls below it. ' +
          'One join per buyer, ever, at one level; not while premium is active. Free. `details.minimum` (satang) ' +
          "of `balance_below_tier` and `special_cashback_awaiting_approval` is the level's amount; the latter " +
          'means cashback on its way (tracked, pending, approved and not accepted) would lift the balance above it.',
        tags: ['Promotions'],
        parameters: [idempotencyKeyParameter],
        responses: {
          201: jsonResponse('The membership', promotionMembershipSchema),
          400: errorResponseDescription(
            `A level other than 1, 2 or 3 (\`invalid_request\`), or ${idempotencyKeyRequired}`,
          ),
          409: errorResponseDescription(`A join rule refuses it: ${quotedCodes(specialCashbackJoinRefusalCodes)}`),
          422: idempotencyKeyReusedResponse,
          ...memberErrorResponses,
        },
      }),
      requireOwnBuyer(),
      validateRequest('param', buyerIdParamSchema),
      validateRequest('json', joinSpecialCashbackRequestSchema),
      async (c) => {
        const buyer = signedInBuyer(c.get('buyer'))
        const request = c.req.valid('json')
        const time = now()
        return respondIdempotently(c, {
          database,
          ownerId: buyer.id,
          now: time,
          body: request,
          write: async (transaction) => {
            const rates = await readFixedRates(transaction)
            const record = await joinSpecialCashback(transaction, {
              buyerId: buyer.id,
              level: request.level,
              now: time,
              rates,
            })
            return { status: 201, body: toWireMembership(record) satisfies PromotionMembership }
          },
        })
      },
    )
    .get(
      '/buyers/:buyerId/referral',
      describeRoute({
        summary: "The buyer's referral code and friends",
        description:
          'The own code (8 characters of `ABCDEFGHJKLMNPQRSTUVWXYZ23456789`, made on the first ask and the same ' +
          'ever after), the code this buyer redeemed, and the friends who redeemed theirs, newest first, each ' +
          'shown by first name and last initial or a masked identifier, never the full email or phone.',
        tags: ['Promotions'],
        responses: {
          200: jsonResponse('The code and the friends', referralSummarySchema),
          ...memberErrorResponses,
        },
      }),
      requireOwnBuyer(),
      validateRequest('param', buyerIdParamSchema),
      async (c) => {
        const buyer = signedInBuyer(c.get('buyer'))
        return c.json((await readReferralSummary(database, buyer.id, now())) satisfies ReferralSummary)
      },
    )
    .post(
      '/buyers/:buyerId/referral/redemption',
      describeRoute({
        summary: "Redeem a friend's referral code",
        description:
          'Once, within 24 hours of signing up, never an own code nor one of an account of the same person ' +
          '(a shared proven email or phone, or payout account). Spaces, hyphens and lower case are accepted. ' +
          'Codes that do not exist are counted per buyer: past the limit every redemption is 429 ' +
          '`too_many_requests` with `Retry-After` until the window ends.',
        tags: ['Promotions'],
        parameters: [idempotencyKeyParameter],
        responses: {
          201: jsonResponse('The code redeemed', referralRedemptionResponseSchema),
          400: errorResponseDescription(
            `Text that cannot be a code (\`invalid_referral_code\`), a body that is not a JSON object (\`invalid_request\`), or ${idempotencyKeyRequired}`,
          ),
          404: errorResponseDescription('No buyer has this code (`referral_code_not_found`)'),
          409: errorResponseDescription(`A redemption rule refuses it: ${quotedCodes(referralRedemptionRefusalCodes)}`),
          422: idempotencyKeyReusedResponse,
          429: errorResponseDescription(
            'Too many codes that do not exist (`too_many_requests`, `details.retryAfterSeconds`); see `Retry-After`',
          ),
          ...memberErrorResponses,
        },
      }),
      requireOwnBuyer(),
      validateRequest('param', buyerIdParamSchema),
      validateFormRequest('json', redeemReferralRequestSchema, (fields) =>
        fields['code'] === undefined ? 'invalid_request' : 'invalid_referral_code',
      ),
      async (c) => {
        const buyer = signedInBuyer(c.get('buyer'))
        const request = c.req.valid('json')
        // Asked first, so a request without a key is refused the same whatever its code.
        readIdempotencyKey(c)
        const code = normalizeReferralCode(request.code)
        if (code === undefined) {
          throw new ApiError(400, 'invalid_referral_code', 'A referral code is 8 letters and digits', {
            fields: { code: 'invalid_referral_code' },
          })
        }
        await codeMisses.refuseWhenOver(c, buyer.id)
        const referrerBuyerId = await findReferralCodeOwner(database, code)
        if (referrerBuyerId === undefined) return codeMisses.refuseMiss(c, buyer.id)
        const time = now()
        return respondIdempotently(c, {
          database,
          ownerId: buyer.id,
          now: time,
          body: request,
          write: async (transaction) => {
            const redemption = await redeemReferralCode(transaction, {
              friendBuyerId: buyer.id,
              referrerBuyerId,
              code,
              now: time,
            })
            return { status: 201, body: redemption satisfies ReferralRedemptionResponse }
          },
        })
      },
    )
}
