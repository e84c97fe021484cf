import { sql } from 'drizzle-orm'
import type { ClientRateLimitInfo, Store } from 'hono-rate-limiter'
import type { Database } from '#server/db/database'
import { rateLimitCounters } from '#server/db/schema'
import type { AppEnvironment } from '#server/http/app-environment'

/**
 * Fixed-window request counters in PostgreSQL, so a limit holds across every server process on
 * the database (an in-memory store would give each of N processes its own allowance). One
 * statement counts a hit: the upsert starts a new window when the old one is over, and answers
 * the count after this hit, so parallel requests on any process each see a distinct count.
 */

/** Expired rows are deleted at most this often per process. */
const cleanupIntervalMilliseconds = 60_000

export type CounterHit = { totalHits: number; resetTime: Date }

export type RateLimitCounters = {
  /** Counts one hit on `key` in a window of `windowMilliseconds`. */
  hit(key: string, windowMilliseconds: number): Promise<CounterHit>
  /** Takes one hit back (hono-rate-limiter's `skipFailedRequests` and the like). */
  takeBack(key: string): Promise<void>
  read(key: string): Promise<CounterHit | undefined>
  reset(key: string): Promise<void>
}

export function createRateLimitCounters(database: Database, now: () => Date): RateLimitCounters {
  let lastCleanup = 0

  async function deleteExpired(time: Date) {
    if (time.getTime() - lastCleanup < cleanupIntervalMilliseconds) return
    lastCleanup = time.getTime()
    // Every process cleans up now and then, inside a request: rows another process's cleanup (or
    // a hit) holds right now are left to it (skip locked), so no request waits on another's.
    await database.execute(sql`
      delete from ${rateLimitCounters} where ${rateLimitCounters.key} in (
        select ${rateLimitCounters.key} from ${rateLimitCounters}
        where ${rateLimitCounters.resetAt} < ${time.toISOString()}::timestamptz
        for update skip locked)`)
  }

  return {
    async hit(key, windowMilliseconds) {
      const time = now()
      const resetAt = new Date(time.getTime() + windowMilliseconds)
      const isOver = sql`${rateLimitCounters.resetAt} <= ${time.toISOString()}::timestamptz`
      const [row] = await database
        .insert(rateLimitCounters)
        .values({ key, hits: 1, resetAt })
        .onConflictDoUpdate({
          target: rateLimitCounters.key,
          set: {
            hits: sql`case when ${isOver} then 1 else ${rateLimitCounters.hits} + 1 end`,
            resetAt: sql`case when ${isOver} then excluded.reset_at else ${rateLimitCounters.resetAt} end`,
          },
        })
        .returning({ hits: rateLimitCounters.hits, resetAt: rateLimitCounters.resetAt })
      if (row === undefined) throw new Error(`rate limit counter ${key} was not written`)
      await deleteExpired(time)
      return { totalHits: row.hits, resetTime: row.resetAt }
    },
    async takeBack(key) {
      await database.execute(
        sql`update ${rateLimitCounters} set hits = greatest(hits - 1, 0) where ${rateLimitCounters.key} = ${key}`,
      )
    },
    async read(key) {
      const [row] = await database
        .select()
        .from(rateLimitCounters)
        .where(
          sql`${rateLimitCounters.key} = ${key} and ${rateLimitCounters.resetAt} > ${now().toISOString()}::timestamptz`,
        )
      return row === undefined ? undefined : { totalHits: row.hits, resetTime: row.resetAt }
    },
    async reset(key) {
      await database.delete(rateLimitCounters).where(sql`${rateLimitCounters.key} = ${key}`)
    },
  }
}

/**
 * hono-rate-limiter's `Store` over the shared counters. Keys get `prefix` so limits of different
 * routes never share a count; the window comes from the middleware's `windowMs`.
 */
export function createPostgresRateLimitStore(counters: RateLimitCounters, prefix: string): Store<AppEnvironment> {
  let windowMilliseconds = 60_000
  const prefixed = (key: string) => `${prefix}${key}`
  return {
    prefix,
    localKeys: false,
    init(options) {
      windowMilliseconds = options.windowMs
    },
    async increment(key): Promise<ClientRateLimitInfo> {
      return counters.hit(prefixed(key), windowMilliseconds)
    },
    async decrement(key) {
      await counters.takeBack(prefixed(key))
    },
    async get(key) {
      return counters.read(prefixed(key))
    },
    async resetKey(key) {
      await counters.reset(prefixed(key))
    },
  }
}
