import type { Hook } from '@hono/standard-validator'
import type { Env, ValidationTargets } from 'hono'
import { validator } from 'hono-openapi'
import type * as v from 'valibot'
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
