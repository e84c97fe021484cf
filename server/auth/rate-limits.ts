import { rateLimiter } from 'hono-rate-limiter'
import type { Context } from 'hono'
import { signInCodesPerHour } from '#domain/contracts/auth'
import type { Database } from '#server/db/database'
import { ApiError } from '#server/http/api-error'
import type { AppEnvironment } from '#server/http/app-environment'
import { clientAddress } from '#server/http/client-address'
import { createPostgresRateLimitStore, createRateLimitCounters, type CounterHit } from '#server/http/rate-limit-store'

/**
 * How often account messages and sign-in tries may be asked for. Per address limits stop one
 * network mail-bombing many addresses (and running up SMS costs); the global one caps what a
 * botnet can send in total; per identifier *and* address, a stranger on another network cannot
 * use up the allowance the owner has on theirs. Mobile carriers put many phones behind one
 * address (CGNAT), hence the generous per-address numbers.
 */
export type Limit = { limit: number; windowSeconds: number }

export type AccountRateLimits = {
  /** `POST /api/auth/codes` per client address, any identifiers. */
  signInCodesPerAddress: Limit
  /** Sign-in and identifier-change codes sent, from everyone together (counted only for a code about to go). */
  signInCodesOverall: Limit
  /** Codes for one identifier from one address (what a stranger can do to someone else's address). */
  signInCodesPerIdentifierAndAddress: Limit
  /**
   * Codes to one identifier from every address together, sign-in and identifier-change codes
   * alike (bounds mail to one victim from many networks and accounts, and guesses at its codes).
   */
  signInCodesPerIdentifier: Limit
  /** `POST /api/auth/sessions` per client address. */
  signInAttemptsPerAddress: Limit
  /** `POST /api/buyers/{id}/identifier-changes` per client address (per buyer: `identifierChangeCodesPerHour`). */
  identifierChangeCodesPerAddress: Limit
}

const hour = 60 * 60
const quarterHour = 15 * 60

export const defaultAccountRateLimits: AccountRateLimits = {
  signInCodesPerAddress: { limit: 50, windowSeconds: quarterHour },
  signInCodesOverall: { limit: 300, windowSeconds: 60 },
  signInCodesPerIdentifierAndAddress: { limit: signInCodesPerHour, windowSeconds: hour },
  signInCodesPerIdentifier: { limit: 20, windowSeconds: hour },
  signInAttemptsPerAddress: { limit: 60, windowSeconds: quarterHour },
  identifierChangeCodesPerAddress: { limit: 10, windowSeconds: quarterHour },
}

function secondsUntil(resetTime: Date, now: Date): number {
  return Math.max(1, Math.ceil((resetTime.getTime() - now.getTime()) / 1000))
}

function tooManyRequests(retryAfterSeconds: number, message: string): ApiError {
  return new ApiError(429, 'too_many_requests', `${message}; try again in ${retryAfterSeconds} seconds`, {
    retryAfterSeconds,
  })
}

/** The middlewares and checks of `AccountRateLimits`, counted in the database every process shares. */
export function createAccountLimiters(
  database: Database,
  accounts: { now: () => Date; rateLimits: AccountRateLimits; trustedProxyHops: number },
) {
  const { now, rateLimits, trustedProxyHops } = accounts
  const counters = createRateLimitCounters(database, now)

  /**
   * Placed after the body's validation: a malformed request does no work worth limiting, and
   * counting it would only let one client behind a shared address (CGNAT) spend the allowance of
   * everyone behind it for nothing.
   */
  function limiter(name: string, limit: Limit, message: string, key: (c: Context<AppEnvironment>) => string) {
    return rateLimiter<AppEnvironment>({
      windowMs: limit.windowSeconds * 1000,
      limit: limit.limit,
      keyGenerator: key,
      store: createPostgresRateLimitStore(counters, `${name}:`),
      // Our own Retry-After and error body (from the app clock), not the library's headers.
      standardHeaders: false,
      handler: (c) => {
        const info = c.get('rateLimit')
        const retryAfterSeconds = secondsUntil(info?.resetTime ?? now(), now())
        c.header('Retry-After', String(retryAfterSeconds))
        throw tooManyRequests(retryAfterSeconds, message)
      },
    })
  }

  const addressOf = (c: Context<AppEnvironment>) => clientAddress(c, trustedProxyHops)

  /** Counts one hit on each of `limits` in turn, stopping at the first one over: its wait, or `undefined`. */
  async function countInTurn(limits: [string, Limit][]): Promise<number | undefined> {
    for (const [key, limit] of limits) {
      const hit: CounterHit = await counters.hit(key, limit.windowSeconds * 1000)
      if (hit.totalHits > limit.limit) return secondsUntil(hit.resetTime, now())
    }
    return undefined
  }

  function refuse(c: Context<AppEnvironment>, error: ApiError, retryAfterSeconds: number): never {
    c.header('Retry-After', String(retryAfterSeconds))
    throw error
  }

  /** The same key for sign-in and identifier-change codes: mail to one address, whatever sends it. */
  const perIdentifierKey = (identifier: string) => `sign-in-codes:identifier:${identifier}`

  /**
   * Counts a code about to be sent against everyone's allowance. Called last, once the request
   * is valid and passed its own limits: requests refused anyway (malformed, over their address's
   * or identifier's limits) must not count here, or anyone could shut codes off for everyone
   * by sending junk from a few addresses.
   */
  async function countOverall(c: Context<AppEnvironment>): Promise<void> {
    const retryAfterSeconds = await countInTurn([['sign-in-codes:overall:all', rateLimits.signInCodesOverall]])
    if (retryAfterSeconds !== undefined) {
      refuse(c, tooManyRequests(retryAfterSeconds, 'Too many codes are being asked for right now'), retryAfterSeconds)
    }
  }

  function tooManyCodes(retryAfterSeconds: number): ApiError {
    return new ApiError(
      429,
      'too_many_codes',
      `Too many codes were asked for this address; try again in ${retryAfterSeconds} seconds`,
      { retryAfterSeconds },
    )
  }

  return {
    /** After `POST /api/auth/codes` is validated: per client address, any identifiers. */
    signInCodes: limiter(
      'sign-in-codes:address',
      rateLimits.signInCodesPerAddress,
      'Too many codes were asked for from this network',
      addressOf,
    ),
    signInAttempts: limiter(
      'sign-in-attempts:address',
      rateLimits.signInAttemptsPerAddress,
      'Too many sign-in tries from this network',
      addressOf,
    ),
    identifierChangeCodes: limiter(
      'identifier-change-codes:address',
      rateLimits.identifierChangeCodesPerAddress,
      'Too many codes were asked for from this network',
      addressOf,
    ),
    /**
     * Before a sign-in code for `identifier` is sent: counts it from the request's address, then
     * for the identifier from everywhere, then for everyone; throws 429 (`too_many_codes`, or
     * `too_many_requests` for the overall limit) at the first one over. Each is counted only
     * when the ones before let the request through, so one stranger's refused requests never
     * eat into what the owner has left, nor into everyone's.
     */
    async countSignInCode(c: Context<AppEnvironment>, identifier: string): Promise<void> {
      const retryAfterSeconds = await countInTurn([
        [
          `sign-in-codes:identifier-address:${identifier}:${addressOf(c)}`,
          rateLimits.signInCodesPerIdentifierAndAddress,
        ],
        [perIdentifierKey(identifier), rateLimits.signInCodesPerIdentifier],
      ])
      if (retryAfterSeconds !== undefined) refuse(c, tooManyCodes(retryAfterSeconds), retryAfterSeconds)
      await countOverall(c)
    },
    /**
     * Before an identifier-change code is sent to `identifier`: on the same per-identifier count
     * as sign-in codes (it is mail to the same address) and the overall one. The buyer's own
     * limit (`identifierChangeCodesPerHour`) and the address's come first.
     */
    async countIdentifierChangeCode(c: Context<AppEnvironment>, identifier: string): Promise<void> {
      const retryAfterSeconds = await countInTurn([[perIdentifierKey(identifier), rateLimits.signInCodesPerIdentifier]])
      if (retryAfterSeconds !== undefined) refuse(c, tooManyCodes(retryAfterSeconds), retryAfterSeconds)
      await countOverall(c)
    },
  }
}
