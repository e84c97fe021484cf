import ky, { HTTPError, type Options, type ShouldRetryState } from 'ky'
import * as v from 'valibot'
import type * as ErrorContract from '#domain/errors'
import type { ErrorBody, ErrorCode, ErrorDetails } from '#domain/errors'

/**
 * A failed API call. `code` is the server's stable error code (`network` when no answer came back,
 * `invalid_response` when the answer broke the contract); screens map it to a localized message.
 */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode | 'network' | 'invalid_response',
    readonly status: number | undefined,
    message: string,
    /** Per-field reasons of a rejected form, or when to retry. */
    readonly details: ErrorDetails = {},
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

export function isApiError(error: unknown, code?: ApiError['code']): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code)
}

/**
 * The body as the API's error body, or `undefined` when it is not one. The error contract (every
 * code the API has) is read only once an answer has failed: the first screen runs none of it, so it
 * loads after the first paint (issue 13's budget), ahead of time when the browser is idle
 * (`preloadErrorContract`). A contract that cannot load (offline before the service worker cached
 * it) reads no body as one, and the next failure tries to load it again.
 */
async function errorBodyOf(body: unknown): Promise<ErrorBody | undefined> {
  const errors = await loadErrorContract().catch(() => undefined)
  return errors?.isErrorBody(body) ? body : undefined
}

let errorContract: Promise<typeof ErrorContract> | undefined
function loadErrorContract() {
  errorContract ??= import('#domain/errors').catch((error: unknown) => {
    errorContract = undefined
    throw error
  })
  return errorContract
}

/** Loads the error contract before any answer fails (src/main.tsx, when the browser is idle). */
export function preloadErrorContract(): void {
  loadErrorContract().catch(() => undefined)
}

/**
 * The longest a retry waits on the server's `Retry-After` (the API says 5 s while its database is
 * unreachable): a page shows its error after a few seconds rather than a long spinner. Only GETs
 * are retried and no GET is rate-limited today, so a 429's longer wait is not cut short by it.
 */
const maxRetryAfterMilliseconds = 5_000

/**
 * A 503 is retried only when it is `database_unavailable` on a GET: the database comes back
 * within seconds (a restart, a failover) and a read sent again is harmless. Maintenance also
 * answers 503, and retrying cannot fix that. Writes are never retried here: ky only retries
 * idempotent methods, and even those (PUT, DELETE) are left to their callers. `undefined` hands
 * everything else to ky's own rules (status codes, `Retry-After`, backoff).
 */
async function shouldRetry({ error }: ShouldRetryState): Promise<boolean | undefined> {
  if (!(error instanceof HTTPError) || error.response.status !== 503) return undefined
  if (error.request.method !== 'GET') return false
  // A clone: the final error's body is read again by `toApiError`.
  const body: unknown = await error.response
    .clone()
    .json()
    .catch(() => undefined)
  return (await errorBodyOf(body))?.error.code === 'database_unavailable' ? undefined : false
}

const http = ky.create({
  prefixUrl: '/',
  credentials: 'same-origin',
  // Spec section 9: the HTTP client retries 3 times (ky retries only idempotent methods by
  // default), waiting 0.3 s, 0.6 s, 1.2 s, or what `Retry-After` says up to the cap. Queries do not
  // retry on top of this (src/lib/query-client.ts).
  retry: {
    limit: 3,
    statusCodes: [408, 429, 500, 502, 503, 504],
    shouldRetry,
    maxRetryAfter: maxRetryAfterMilliseconds,
  },
  timeout: 15_000,
})

async function toApiError(error: unknown): Promise<ApiError> {
  if (error instanceof HTTPError) {
    const body: unknown = await error.response.json().catch(() => undefined)
    const errorBody = await errorBodyOf(body)
    if (errorBody !== undefined) {
      const { code, message, details } = errorBody.error
      return new ApiError(code, error.response.status, message, details)
    }
    return new ApiError('internal_error', error.response.status, error.message)
  }
  const message = error instanceof Error ? error.message : String(error)
  return new ApiError('network', undefined, message)
}

/** Calls an endpoint that answers 204 No Content. Throws `ApiError`. */
export async function requestNoContent(path: string, options: Options = {}): Promise<void> {
  try {
    await http(path, options)
  } catch (error) {
    throw await toApiError(error)
  }
}

/**
 * Calls the API and checks the answer against its contract. Paths have no leading slash
 * (`api/status`). Throws `ApiError`; never redirects or shows anything itself.
 */
export async function requestJson<TSchema extends v.GenericSchema>(
  path: string,
  schema: TSchema,
  options: Options = {},
): Promise<v.InferOutput<TSchema>> {
  let body: unknown
  try {
    body = await http(path, options).json()
  } catch (error) {
    throw await toApiError(error)
  }
  const result = v.safeParse(schema, body)
  if (!result.success) throw new ApiError('invalid_response', 200, v.summarize(result.issues))
  return result.output
}
