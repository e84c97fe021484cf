import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, lte, ne } from 'drizzle-orm'
import { sessionMaxAgeSeconds } from '#domain/contracts/auth'
import type { BuyerRecord } from '#server/buyers/buyer-records'
import type { Database } from '#server/db/database'
import { buyers, sessions } from '#server/db/schema'

/**
 * Server-side sessions. The cookie carries 32 random bytes (base64url); the table keeps only
 * their SHA-256, so a copy of the table cannot be replayed as cookies.
 */

/** A rolling session is extended at most this often, so a busy shopper costs one write a day. */
export const sessionRefreshIntervalMilliseconds = 24 * 60 * 60 * 1000

export type SessionRecord = typeof sessions.$inferSelect

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

export function sessionExpiry(now: Date): Date {
  return new Date(now.getTime() + sessionMaxAgeSeconds * 1000)
}

/** A new session with a fresh token. Also drops the buyer's expired sessions. */
export async function createSession(
  database: Database,
  options: { buyerId: string; userAgent: string | undefined; now: Date },
): Promise<{ token: string; expiresAt: Date }> {
  const { buyerId, now } = options
  const token = randomBytes(32).toString('base64url')
  const expiresAt = sessionExpiry(now)
  await database.delete(sessions).where(and(eq(sessions.buyerId, buyerId), lte(sessions.expiresAt, now)))
  await database.insert(sessions).values({
    tokenHash: hashSessionToken(token),
    buyerId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
    // Shown to the shopper some day as "your devices"; browsers' strings can be long.
    userAgent: options.userAgent?.slice(0, 500) ?? null,
  })
  return { token, expiresAt }
}

export type LoadedSession = { session: SessionRecord; buyer: BuyerRecord; refreshedExpiresAt: Date | undefined }

/**
 * The live session behind a cookie token and its buyer, in one query. Extends the session
 * (rolling expiry) when it was last extended more than a day ago.
 */
export async function loadSession(database: Database, token: string, now: Date): Promise<LoadedSession | undefined> {
  const tokenHash = hashSessionToken(token)
  const [row] = await database
    .select({ session: sessions, buyer: buyers })
    .from(sessions)
    .innerJoin(buyers, eq(buyers.id, sessions.buyerId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)))
  if (row === undefined) return undefined
  if (now.getTime() - row.session.lastSeenAt.getTime() < sessionRefreshIntervalMilliseconds) {
    return { ...row, refreshedExpiresAt: undefined }
  }
  const expiresAt = sessionExpiry(now)
  await database.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.tokenHash, tokenHash))
  return { session: { ...row.session, lastSeenAt: now, expiresAt }, buyer: row.buyer, refreshedExpiresAt: expiresAt }
}

/**
 * Whether the session behind `token` is still open, without extending it: what a long-lived
 * response (the support chat's event stream) checks now and then, so a signed-out or expired
 * session stops it.
 */
export async function isLiveSession(database: Database, token: string, now: Date): Promise<boolean> {
  const [row] = await database
    .select({ buyerId: sessions.buyerId })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, hashSessionToken(token)), gt(sessions.expiresAt, now)))
  return row !== undefined
}

export async function deleteSession(database: Database, token: string): Promise<void> {
  await database.delete(sessions).where(eq(sessions.tokenHash, hashSessionToken(token)))
}

export async function deleteBuyerSessions(database: Database, buyerId: string): Promise<number> {
  const deleted = await database
    .delete(sessions)
    .where(eq(sessions.buyerId, buyerId))
    .returning({ tokenHash: sessions.tokenHash })
  return deleted.length
}

/** Ends every session of the buyer but the one behind `keepToken` (an identifier change signs other devices out). */
export async function deleteOtherBuyerSessions(
  database: Pick<Database, 'delete'>,
  buyerId: string,
  keepToken: string,
): Promise<number> {
  const deleted = await database
    .delete(sessions)
    .where(and(eq(sessions.buyerId, buyerId), ne(sessions.tokenHash, hashSessionToken(keepToken))))
    .returning({ tokenHash: sessions.tokenHash })
  return deleted.length
}
