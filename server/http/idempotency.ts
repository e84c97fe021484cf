import { createHash } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import * as v from 'valibot'
import { idempotencyKeyHeader, idempotencyKeySchema } from '#domain/contracts/cashback'
import type { Database } from '#server/db/database'
import { idempotencyKeys } from '#server/db/schema'
import { ApiError, errorBody } from '#server/http/api-error'
import type { AppEnvironment } from '#server/http/app-environment'

/**
 * Buyer writes that a flaky phone connection may send twice (accept and archive now; withdrawals
 * and proofs later) run at most once per `Idempotency-Key` (domain/contracts/cashback.ts).
 *
 * The key row is inserted first, inside the write's own database transaction. A replay racing
 * the first request blocks on the primary key until the first commits, then finds the row and
 * answers its stored result; if the first failed unexpectedly and rolled back, the replay's
 * insert succeeds and it runs the write itself. So exactly one write commits per key.
 */

/** The `Idempotency-Key` header, or 400 `idempotency_key_required`. */
export function readIdempotencyKey(c: Context<AppEnvironment>): string {
  const key = c.req.header(idempotencyKeyHeader)
  if (key === undefined || !v.is(idempotencyKeySchema, key)) {
    throw new ApiError(
      400,
      'idempotency_key_required',
      `Send an ${idempotencyKeyHeader} header: 16 to 128 letters, digits, "-" or "_", new for each action`,
    )
  }
  return key
}

/** What a write answers, as stored for replays. */
export type IdempotentResult = { status: ContentfulStatusCode; body: unknown }

export type IdempotentWrite = (transaction: Database) => Promise<IdempotentResult>

/**
 * Expected refusals (an `ApiError` below 500) are results too: a replay of a refused accept is
 * refused the same way. Anything else rolls everything back, key included, so a retry runs again.
 */
function isStoredFailure(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status < 500
}

/** Statuses are stored as plain integers; a stored one is always one a response carried. */
function isContentfulStatus(status: number): status is ContentfulStatusCode {
  return Number.isInteger(status) && status >= 200 && status <= 599 && ![204, 205, 304].includes(status)
}

/**
 * Runs `write` once per (owner, key) and answers its result; a replay of the same request
 * answers the stored result, the same key on another request is 422 `idempotency_key_reused`.
 * The first answer is read back from the stored row too, so a replay is byte for byte the same
 * (jsonb orders object keys its own way).
 */
export async function runIdempotently(options: {
  database: Database
  /** A buyer's or an operator's id: keys are per owner. */
  ownerId: string
  key: string
  /** Method and path (and the body's digest): what makes two requests "the same". */
  fingerprint: string
  now: Date
  write: IdempotentWrite
}): Promise<IdempotentResult> {
  const { ownerId, key, fingerprint } = options
  return options.database.transaction(async (transaction) => {
    const [claimed] = await transaction
      .insert(idempotencyKeys)
      .values({ ownerId, key, requestFingerprint: fingerprint, createdAt: options.now })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key })
    const whereKey = and(eq(idempotencyKeys.ownerId, ownerId), eq(idempotencyKeys.key, key))

    if (claimed === undefined) {
      const [stored] = await transaction.select().from(idempotencyKeys).where(whereKey)
      if (stored === undefined) throw new Error('idempotency key conflicted but cannot be read')
      if (stored.requestFingerprint !== fingerprint) {
        throw new ApiError(422, 'idempotency_key_reused', `This ${idempotencyKeyHeader} was used for another request`)
      }
      // A row is only ever committed with its result, so a missing one is a bug, not a race.
      const status = stored.responseStatus
      if (status === null || !isContentfulStatus(status)) {
        throw new Error(`idempotency key stored with the status ${status}`)
      }
      return { status, body: stored.responseBody }
    }

    let result: IdempotentResult
    try {
      // A savepoint: a refusal thrown halfway through leaves none of the write's changes behind.
      result = await transaction.transaction((savepoint) => options.write(savepoint))
    } catch (error) {
      if (!isStoredFailure(error)) throw error
      result = { status: error.status, body: errorBody(error.code, error.message, error.details) }
    }
    const [stored] = await transaction
      .update(idempotencyKeys)
      .set({ responseStatus: result.status, responseBody: result.body })
      .where(whereKey)
      .returning({ body: idempotencyKeys.responseBody })
    return { status: result.status, body: stored?.body ?? result.body }
  })
}

/**
 * Whether the owner's key already holds an answer: a replay, which answers that and does nothing
 * else (a rate limit must not count it again, or a retried write could be refused after it was done).
 */
export async function hasStoredResult(database: Database, ownerId: string, key: string): Promise<boolean> {
  const [stored] = await database
    .select({ key: idempotencyKeys.key })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.ownerId, ownerId), eq(idempotencyKeys.key, key)))
  return stored !== undefined
}

/**
 * Method and path, plus a digest of the validated body for writes that carry one (a withdrawal):
 * the same key sent with another amount or account is another request, refused with 422.
 */
function fingerprintOf(c: Context<AppEnvironment>, body: unknown): string {
  const request = `${c.req.method} ${c.req.path}`
  if (body === undefined) return request
  return `${request} sha256:${createHash('sha256').update(JSON.stringify(body)).digest('hex')}`
}

/**
 * `runIdempotently` for a route: reads the key and the fingerprint from the request. `body` is
 * the validated body when the route has one (its parsed form, so key order is the schema's).
 */
export async function respondIdempotently(
  c: Context<AppEnvironment>,
  options: { database: Database; ownerId: string; now: Date; body?: unknown; write: IdempotentWrite },
): Promise<Response> {
  const key = readIdempotencyKey(c)
  const { body, ...rest } = options
  const result = await runIdempotently({ ...rest, key, fingerprint: fingerprintOf(c, body) })
  return c.json(result.body, result.status)
}
