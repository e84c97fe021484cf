import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { ErrorBody, ErrorCode, ErrorDetails } from '#domain/errors'
import { isDatabaseUnavailableError } from '#server/db/database-errors'
import type { Logger } from '#server/logger'
import type { AppEnvironment } from '#server/http/app-environment'

/** Thrown by route code for an expected failure; `handleError` turns it into the error body. */
export class ApiError extends Error {
  override name = 'ApiError'

  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetails,
  ) {
    super(message)
  }
}

export function errorBody(code: ErrorCode, message: string, details?: ErrorDetails): ErrorBody {
  return details === undefined ? { error: { code, message } } : { error: { code, message, details } }
}

/** The single way an error leaves the API: `{ error: { code, message, details? } }` as JSON. */
export function errorResponse(
  c: Context,
  status: ContentfulStatusCode,
  code: ErrorCode,
  message: string,
  details?: ErrorDetails,
): Response {
  return c.json(errorBody(code, message, details), status)
}

/**
 * Hono and its middleware throw `HTTPException` for protocol-level problems (malformed JSON,
 * body too large). Only the statuses that have a code of their own are passed through.
 */
const codeByHttpExceptionStatus: Partial<Record<number, ErrorCode>> = {
  400: 'invalid_request',
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'payload_too_large',
}

/**
 * How long a client is told to wait while the database is unreachable: a restart or a managed
 * failover takes seconds to tens of seconds, and the pool reconnects on the first request after.
 */
export const databaseUnavailableRetryAfterSeconds = 5

export function handleError(error: Error, c: Context<AppEnvironment>): Response {
  if (error instanceof ApiError) return errorResponse(c, error.status, error.code, error.message, error.details)
  if (error instanceof HTTPException) {
    const code = codeByHttpExceptionStatus[error.status]
    if (code !== undefined) return errorResponse(c, error.status, code, error.message)
  }
  // The logger may be missing (whatever the variable's type says) if the failure happened before
  // the request-logging middleware ran.
  const logger = c.get('logger') as Logger | undefined
  if (isDatabaseUnavailableError(error)) {
    // Not a fault of ours: a warning per request while it lasts, naming the driver's reason only
    // (drizzle's wrapper message carries the query's parameters).
    logger?.warn({ reason: innermostCause(error), method: c.req.method, path: c.req.path }, 'database unavailable')
    c.header('Retry-After', String(databaseUnavailableRetryAfterSeconds))
    return errorResponse(c, 503, 'database_unavailable', 'The database is not reachable right now; try again shortly', {
      retryAfterSeconds: databaseUnavailableRetryAfterSeconds,
    })
  }
  logger?.error({ err: error, method: c.req.method, path: c.req.path }, 'unhandled error')
  // Never echo the exception: it may carry SQL, file paths or other internals.
  return errorResponse(c, 500, 'internal_error', 'Something went wrong on our side')
}

function innermostCause(error: Error): { message: string; code?: unknown } {
  let current = error
  for (let depth = 0; depth < 5 && current.cause instanceof Error; depth += 1) current = current.cause
  return 'code' in current ? { message: current.message, code: current.code } : { message: current.message }
}

export function handleNotFound(c: Context<AppEnvironment>): Response {
  return errorResponse(c, 404, 'not_found', `No route for ${c.req.method} ${c.req.path}`)
}
