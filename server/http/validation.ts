import type { Hook } from '@hono/standard-validator'
import type { Env, ValidationTargets } from 'hono'
import { validator } from 'hono-openapi'
import type * as v from 'valibot'
import type { ErrorCode } from '#domain/errors'
import { errorResponse } from '#server/http/api-error'

type ValidationResult = Parameters<Hook<unknown, Env, string>>[0]
type ValidationIssue = Extract<ValidationResult, { success: false }>['error'][number]

function describePath(path: ValidationIssue['path']): string {
  return (path ?? []).map((segment) => String(typeof segment === 'object' ? segment.key : segment)).join('.')
}

/** A developer-facing summary such as `locale: Invalid type: Expected "th" | "en" but received "fr"`. */
export function describeIssues(issues: readonly ValidationIssue[]): string {
  return issues
    .map((issue) => {
      const path = describePath(issue.path)
      return path === '' ? issue.message : `${path}: ${issue.message}`
    })
    .join('; ')
}

const invalidRequestHook: Hook<unknown, Env, string> = (result, c) => {
  if (result.success) return undefined
  return errorResponse(c, 400, 'invalid_request', describeIssues(result.error))
}

/**
 * hono-openapi's `validator` (so the schema lands in the OpenAPI document) with our error body
 * instead of the library's `{ success, error, data }` shape. Malformed JSON never reaches the
 * hook: Hono throws an `HTTPException(400)` that `handleError` maps to the same body.
 */
export function validateRequest<Schema extends v.GenericSchema, Target extends keyof ValidationTargets>(
  target: Target,
  schema: Schema,
) {
  return validator(target, schema, invalidRequestHook)
}

/** The first issue message per top-level field: `{ email: 'invalid_email' }`. */
export function fieldReasons(issues: readonly ValidationIssue[]): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const issue of issues) {
    const first = issue.path?.[0]
    const key = first === undefined ? '' : String(typeof first === 'object' ? first.key : first)
    if (key !== '' && fields[key] === undefined) fields[key] = issue.message
  }
  return fields
}

/**
 * Like `validateRequest`, for forms whose schemas use reason codes as issue messages: the 400
 * carries `details.fields` so the client can show each field's message. `codeFor` may pick a
 * more specific error code than `invalid_request` from the field reasons; `fieldsOf` replaces
 * the first-issue-per-field reasons when the contract has its own function for them (the client
 * calls the same one, so both sides name the same fields).
 */
export function validateFormRequest<Schema extends v.GenericSchema, Target extends keyof ValidationTargets>(
  target: Target,
  schema: Schema,
  codeFor: (fields: Record<string, string>) => ErrorCode = () => 'invalid_request',
  fieldsOf?: (input: unknown) => Partial<Record<string, string>>,
) {
  const hook: Hook<unknown, Env, string> = (result, c) => {
    if (result.success) return undefined
    const fields: Record<string, string> = fieldsOf === undefined ? fieldReasons(result.error) : {}
    for (const [field, reason] of Object.entries(fieldsOf?.(result.data) ?? {})) {
      if (reason !== undefined) fields[field] = reason
    }
    return errorResponse(c, 400, codeFor(fields), describeIssues(result.error), { fields })
  }
  return validator(target, schema, hook)
}

/**
 * A path parameter naming a record (`validateRequest('param', …)` would say 400): a malformed id
 * is simply not found, 404 with `code`, and never reaches the database.
 */
export function validateRecordParam<Schema extends v.GenericSchema>(schema: Schema, code: ErrorCode, message: string) {
  const notFoundHook: Hook<unknown, Env, string> = (result, c) =>
    result.success ? undefined : errorResponse(c, 404, code, message)
  return validator('param', schema, notFoundHook)
}
