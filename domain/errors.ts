import * as v from 'valibot'

/**
 * The closed set of error codes the API answers with. The client maps each code to a
 * localized message; never match on the English `message`, it is for developers and logs.
 */
export const errorCodes = [
  'invalid_request',
  'not_found',
  'merchant_not_found',
  'product_not_found',
  'method_not_allowed',
  'payload_too_large',
  'forbidden_origin',
  'maintenance',
  'unavailable',
  'internal_error',
] as const

export type ErrorCode = (typeof errorCodes)[number]

export const errorBodySchema = v.object({
  error: v.object({
    code: v.picklist(errorCodes),
    message: v.string(),
  }),
})

export type ErrorBody = v.InferOutput<typeof errorBodySchema>

export function isErrorBody(value: unknown): value is ErrorBody {
  return v.is(errorBodySchema, value)
}
