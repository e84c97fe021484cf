import { resolver } from 'hono-openapi'
import { idempotencyKeyHeader } from '#domain/contracts/cashback'
import { errorBodySchema } from '#domain/errors'
import type * as v from 'valibot'

/** A documented JSON response whose schema comes from the same valibot schema the code uses. */
export function jsonResponse(description: string, schema: v.GenericSchema) {
  return { description, content: { 'application/json': { schema: resolver(schema) } } }
}

/** A documented error response; every error has the `{ error: { code, message } }` body. */
export function errorResponseDescription(description: string) {
  return jsonResponse(description, errorBodySchema)
}

/** The errors any API route can answer with, besides its own. */
export const commonErrorResponses = {
  500: errorResponseDescription('Unexpected server error (`internal_error`)'),
  503: errorResponseDescription('Maintenance mode is on (`maintenance`); see `Retry-After`'),
}

/** The `Idempotency-Key` header of a buyer write (server/http/idempotency.ts). */
export const idempotencyKeyParameter = {
  in: 'header',
  name: idempotencyKeyHeader,
  required: true,
  description:
    'Made once per action when the shopper confirms (the outbox keeps it with a queued request) and ' +
    'reused only to resend it: a replay answers the first result and changes nothing.',
  schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{16,128}$' },
} as const

/** The 422 of every idempotent write. */
export const idempotencyKeyReusedResponse = errorResponseDescription(
  'The key was used for another request (`idempotency_key_reused`)',
)
