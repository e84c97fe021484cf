import { randomBytes } from 'node:crypto'
import { and, eq, gt, lte, sql } from 'drizzle-orm'
import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import {
  operatorIdleTimeoutSeconds,
  operatorSecondFactorWindowSeconds,
  operatorSessionCookieName,
  operatorSessionCookiePath,
  operatorSessionMaxAgeSeconds,
} from '#domain/ops/operator'
import { hashSessionToken } from '#server/auth/sessions'
import type { Database } from '#server/db/database'
import { operatorSessions, operators } from '#server/db/schema'
import { isHttpsRequest } from '#server/http/request-origin'
import type { OperatorRecord } from '#server/ops/operator-accounts'

/**
 * Console sessions (issue 14): a random token in an httpOnly, SameSite=Strict cookie scoped to
 * `/api/ops`, its SHA-256 in the database (every process reads it). A session starts at the
 * `second_factor` stage once the emailed code is right and becomes `active` with the
 * authenticator code, under a new token (a token seen before the second factor opens nothing).
 * An active session ends after 30 minutes without a request, or 12 hours after sign-in.
 */

export type OperatorSessionStage = (typeof operatorSessions.$inferSelect)['stage']
export type OperatorSessionRecord = typeof operatorSessions.$inferSelect

/** A request's `lastSeenAt` is written at most this often, so a busy console is not a write per click. */
const touchIntervalMilliseconds = 60 * 1000

export async function createOperatorSession(
  database: Database,
  options: { operatorId: string; stage: OperatorSessionStage; now: Date },
): Promise<{ token: string; expiresAt: Date }> {
  const { operatorId, stage, now } = options
  const token = randomBytes(32).toString('base64url')
  const lifetimeSeconds = stage === 'active' ? operatorSessionMaxAgeSeconds : operatorSecondFactorWindowSeconds
  const expiresAt = new Date(now.getTime() + lifetimeSeconds * 1000)
  await database
    .delete(operatorSessions)
    .where(and(eq(operatorSessions.operatorId, operatorId), lte(operatorSessions.expiresAt, now)))
  await database.insert(operatorSessions).values({
    tokenHash: hashSessionToken(token),
    operatorId,
    stage,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
  })
  return { token, expiresAt }
}

export type LoadedOperatorSession = { session: OperatorSessionRecord; operator: OperatorRecord }

async function findOperatorSession(
  database: Database,
  tokenHash: string,
  stage: OperatorSessionStage,
  now: Date,
): Promise<LoadedOperatorSession | undefined> {
  const [row] = await database
    .select({ session: operatorSessions, operator: operators })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(
      and(
        eq(operatorSessions.tokenHash, tokenHash),
        eq(operatorSessions.stage, stage),
        gt(operatorSessions.expiresAt, now),
        eq(operators.status, 'active'),
      ),
    )
  return row
}

function isIdle(session: OperatorSessionRecord, now: Date): boolean {
  return now.getTime() - session.lastSeenAt.getTime() > operatorIdleTimeoutSeconds * 1000
}

/**
 * The live session of `stage` behind a token, with its operator (active only). An active session
 * idle for longer than the timeout is over; a request keeps it alive.
 */
export async function loadOperatorSession(
  database: Database,
  token: string,
  stage: OperatorSessionStage,
  now: Date,
): Promise<LoadedOperatorSession | undefined> {
  const tokenHash = hashSessionToken(token)
  const row = await findOperatorSession(database, tokenHash, stage, now)
  if (row === undefined) return undefined
  if (stage === 'active') {
    if (isIdle(row.session, now)) {
      await database.delete(operatorSessions).where(eq(operatorSessions.tokenHash, tokenHash))
      return undefined
    }
    if (now.getTime() - row.session.lastSeenAt.getTime() > touchIntervalMilliseconds) {
      await database.update(operatorSessions).set({ lastSeenAt: now }).where(eq(operatorSessions.tokenHash, tokenHash))
    }
  }
  return row
}

/**
 * The operator of an active session that is neither expired nor idle, without counting this as
 * activity: a console's event stream checks it now and then, and a console left open must still
 * time out.
 */
export async function findLiveOperator(
  database: Database,
  token: string,
  now: Date,
): Promise<OperatorRecord | undefined> {
  const row = await findOperatorSession(database, hashSessionToken(token), 'active', now)
  return row === undefined || isIdle(row.session, now) ? undefined : row.operator
}

/** Counts a wrong second-factor code; `false` once the session has no tries left (it is gone then). */
export async function countSecondFactorFailure(
  database: Database,
  token: string,
  maxAttempts: number,
): Promise<boolean> {
  const tokenHash = hashSessionToken(token)
  const [row] = await database
    .update(operatorSessions)
    .set({ failedAttempts: sql`${operatorSessions.failedAttempts} + 1` })
    .where(eq(operatorSessions.tokenHash, tokenHash))
    .returning({ failedAttempts: operatorSessions.failedAttempts })
  if (row !== undefined && row.failedAttempts < maxAttempts) return true
  await deleteOperatorSession(database, token)
  return false
}

export async function deleteOperatorSession(database: Database, token: string): Promise<void> {
  await database.delete(operatorSessions).where(eq(operatorSessions.tokenHash, hashSessionToken(token)))
}

/** Sign-out everywhere, and what disabling an operator does. */
export async function deleteOperatorSessions(database: Database, operatorId: string): Promise<number> {
  const deleted = await database
    .delete(operatorSessions)
    .where(eq(operatorSessions.operatorId, operatorId))
    .returning({ tokenHash: operatorSessions.tokenHash })
  return deleted.length
}

const cookieOptions = (c: Context) =>
  ({ path: operatorSessionCookiePath, httpOnly: true, sameSite: 'Strict', secure: isHttpsRequest(c) }) as const

export function setOperatorSessionCookie(c: Context, token: string, expiresAt: Date, now: Date): void {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000))
  setCookie(c, operatorSessionCookieName, token, { ...cookieOptions(c), maxAge })
}

export function clearOperatorSessionCookie(c: Context): void {
  deleteCookie(c, operatorSessionCookieName, cookieOptions(c))
}

export function readOperatorSessionCookie(c: Context): string | undefined {
  const value = getCookie(c, operatorSessionCookieName)
  return value !== undefined && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : undefined
}
