import { Hono, type MiddlewareHandler } from 'hono'
import { describeRoute, resolver } from 'hono-openapi'
import * as v from 'valibot'
import {
  postbackBodySchema,
  postbackNetworkSchema,
  postbackQuerySchema,
  postbackResponseSchema,
  postbackSignatureHeader,
  postbackTimestampToleranceSeconds,
  type PostbackBody,
  type PostbackQuery,
  type PostbackResponse,
} from '#domain/contracts/postback'
import { findJsonTextProblem, maxJsonDepth, textSchema } from '#domain/validation/text'
import type { Database } from '#server/db/database'
import { ApiError } from '#server/http/api-error'
import type { AppEnvironment } from '#server/http/app-environment'
import { commonErrorResponses, errorResponseDescription, jsonResponse } from '#server/http/openapi-responses'
import { validateRequest } from '#server/http/validation'
import { ingestConversion, type NetworkConversion } from '#server/postbacks/conversion-ingest'
import type { PostbackConfig } from '#server/postbacks/postback-config'
import { isValidPostbackSignature, isValidPostbackToken } from '#server/postbacks/postback-signature'

type PostbackEnvironment = AppEnvironment & { Variables: { networkSecret: string } }

const networkParamSchema = v.object({
  network: v.pipe(textSchema(), v.description('The affiliate network, as configured in `POSTBACK_SECRETS`')),
})

const postbackErrorResponses = {
  400: errorResponseDescription(
    'Not JSON, a field is missing or malformed, a NUL character or an unpaired surrogate anywhere in the ' +
      `request, or JSON nested deeper than ${maxJsonDepth} levels (\`invalid_request\`)`,
  ),
  401: errorResponseDescription(
    'Wrong or missing signature or token (`invalid_signature`), or a timestamp more than 5 minutes away (`stale_timestamp`)',
  ),
  404: errorResponseDescription('No secret is configured for this network (`unknown_network`)'),
  ...commonErrorResponses,
}

const outcomeDescription =
  'Outcomes: `created` (a new transaction for the click), `updated`, `unchanged` (a repeat), `unmatched` ' +
  '(no such click; kept for an operator) and `ignored` (the state machine refused the change; kept with its ' +
  'reason). Answered only after the write committed; anything but 200 should be retried.'

/**
 * Conversions in from affiliate networks (domain/contracts/postback.ts). No session or origin
 * matters here: a network is a server, identified only by its shared secret.
 */
export function postbackRoutes(database: Database, config: PostbackConfig) {
  /** 404 `unknown_network` before anything else is looked at; the secret is kept for the check. */
  const requireKnownNetwork: MiddlewareHandler<PostbackEnvironment> = async (c, next) => {
    const network = c.req.param('network') ?? ''
    const secret = v.is(postbackNetworkSchema, network) ? config.secrets.get(network) : undefined
    if (secret === undefined) throw new ApiError(404, 'unknown_network', `No postbacks are configured for ${network}`)
    c.set('networkSecret', secret)
    await next()
  }

  /** The token is checked before the other fields, so nobody without it learns what we accept. */
  const requireToken: MiddlewareHandler<PostbackEnvironment> = async (c, next) => {
    if (!isValidPostbackToken(c.get('networkSecret'), c.req.query('token'))) {
      throw new ApiError(401, 'invalid_signature', 'The token does not match the network secret')
    }
    await next()
  }

  return new Hono<PostbackEnvironment>()
    .post(
      '/postbacks/:network',
      describeRoute({
        summary: 'A conversion from an affiliate network (signed JSON)',
        description:
          `Header \`${postbackSignatureHeader}: sha256=<hex HMAC-SHA256 of the raw body with the network's ` +
          `secret>\`; the body's \`timestamp\` (Unix seconds) must be within ${postbackTimestampToleranceSeconds / 60} ` +
          `minutes of our clock. Idempotent on (network, \`conversion_id\`). ${outcomeDescription}`,
        tags: ['Postbacks'],
        requestBody: { required: true, content: { 'application/json': { schema: resolver(postbackBodySchema) } } },
        responses: {
          200: jsonResponse('The conversion is recorded', postbackResponseSchema),
          ...postbackErrorResponses,
        },
      }),
      requireKnownNetwork,
      validateRequest('param', networkParamSchema),
      async (c) => {
        const { network } = c.req.valid('param')
        // The signature covers the exact bytes sent; nothing is parsed before it is checked.
        const rawBody = new Uint8Array(await c.req.arrayBuffer())
        if (!isValidPostbackSignature(c.get('networkSecret'), rawBody, c.req.header(postbackSignatureHeader))) {
          throw new ApiError(401, 'invalid_signature', `${postbackSignatureHeader} does not match the body`)
        }
        const payload = parseJsonObject(rawBody)
        refuseUnsafeText(payload)
        const result = v.safeParse(postbackBodySchema, payload)
        if (!result.success) throw new ApiError(400, 'invalid_request', describeValibotIssues(result.issues))
        const body = result.output
        const now = config.now()
        if (Math.abs(now.getTime() / 1000 - body.timestamp) > postbackTimestampToleranceSeconds) {
          throw new ApiError(
            401,
            'stale_timestamp',
            `timestamp must be within ${postbackTimestampToleranceSeconds} seconds of ${Math.floor(now.getTime() / 1000)}`,
          )
        }
        const response = await ingestConversion(database, {
          network,
          conversion: toNetworkConversion(body),
          payload,
          now,
        })
        return c.json(response satisfies PostbackResponse)
      },
    )
    .get(
      '/postbacks/:network',
      describeRoute({
        summary: 'A conversion from an affiliate network (one GET per item)',
        description:
          "For networks that cannot sign: `token` is the network's shared secret (no timestamp). Idempotent on " +
          `(network, \`conversion_id\`). ${outcomeDescription}`,
        tags: ['Postbacks'],
        responses: {
          200: jsonResponse('The conversion is recorded', postbackResponseSchema),
          ...postbackErrorResponses,
        },
      }),
      requireKnownNetwork,
      requireToken,
      validateRequest('param', networkParamSchema),
      validateRequest('query', postbackQuerySchema),
      async (c) => {
        const { network } = c.req.valid('param')
        // The stored payload must not carry the secret. (A plain object: Hono's has no prototype,
        // which drizzle's jsonb mapping cannot take.)
        const payload = Object.fromEntries(Object.entries(c.req.query()).filter(([name]) => name !== 'token'))
        refuseUnsafeText(payload)
        const response = await ingestConversion(database, {
          network,
          conversion: toNetworkConversion(c.req.valid('query')),
          payload,
          now: config.now(),
        })
        return c.json(response satisfies PostbackResponse)
      },
    )
}

function parseJsonObject(rawBody: Uint8Array): Record<string, unknown> {
  let parsed: unknown
  try {
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(rawBody))
  } catch {
    throw new ApiError(400, 'invalid_request', 'Malformed JSON in request body')
  }
  const result = v.safeParse(v.record(v.string(), v.unknown()), parsed)
  if (!result.success) throw new ApiError(400, 'invalid_request', 'Expected a JSON object')
  return result.output
}

/**
 * The whole request is stored as jsonb (fields we do not read included), and jsonb refuses
 * U+0000 and unpaired surrogates: such a request is a 400, not a failed insert. Checked before
 * the fields, and without recursion, so a deeply nested body is a 400 too.
 */
function refuseUnsafeText(payload: Record<string, unknown>): void {
  const problem = findJsonTextProblem(payload)
  if (problem === 'invalid_text') {
    throw new ApiError(
      400,
      'invalid_request',
      'The request contains a NUL character (\\u0000) or an unpaired surrogate (invalid_text)',
    )
  }
  if (problem === 'too_deep') {
    throw new ApiError(400, 'invalid_request', `The request is nested deeper than ${maxJsonDepth} levels`)
  }
}

/** `order_time: Invalid timestamp…`, like the validation middleware's messages. */
function describeValibotIssues(issues: readonly v.BaseIssue<unknown>[]): string {
  return issues
    .map((issue) => {
      const path = v.getDotPath(issue)
      return path === null ? issue.message : `${path}: ${issue.message}`
    })
    .join('; ')
}

function toNetworkConversion(fields: PostbackBody | PostbackQuery): NetworkConversion {
  return {
    conversionId: fields.conversion_id,
    clickId: fields.click_id,
    orderId: fields.order_id,
    status: fields.status,
    saleAmount: fields.sale_amount,
    currency: fields.currency,
    payout: fields.payout ?? null,
    // An empty reason is no reason: the default one applies.
    reason: fields.reason === undefined || fields.reason === '' ? null : fields.reason,
    orderTime: fields.order_time === undefined ? null : new Date(fields.order_time),
    sku: fields.sku === undefined || fields.sku === '' ? null : fields.sku,
    quantity: fields.quantity ?? null,
  }
}
