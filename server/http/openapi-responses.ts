import { resolver } from 'hono-openapi'
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
