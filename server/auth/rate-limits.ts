import { rateLimiter } from 'hono-rate-limiter'
import type { Context, MiddlewareHandler } from 'hono'
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
  /** `POST /api/auth/codes` from everyone together. */
  signInCodesOverall: Limit
  /** Codes for one identifier from one address (what a stranger can do to someone else's address). */
  signInCodesPerIdentifierAndAddress: Limit
  /** Codes for one identifier from every address together (bounds mail to one victim from many networks). */
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

/** `first`, and `second` only when `first` let the request through. */
function both(
  first: MiddlewareHandler<AppEnvironment>,
  second: MiddlewareHandler<AppEnvironment>,
): MiddlewareHandler<AppEnvironment> {
  return async (c, next) => {
    await first(c, async () => {
      await second(c, next)
    })
  }
}

/** The middlewares and checks of `AccountRateLimits`, counted in the database every process shares. */
export function createAccountLimiters(
  database: Database,
  accounts: { now: () => Date; rateLimits: AccountRateLimits; trustedProxyHops: number },
) {
  const { now, rateLimits, trustedProxyHops } = accounts
  const counters = createRateLimitCounters(database, now)

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

  return {
    /** Before `POST /api/auth/codes`: per address, then everyone together. */
    signInCodes: both(
      limiter(
        'sign-in-codes:address',
        rateLimits.signInCodesPerAddress,
        'Too many codes were asked for from this network',
        addressOf,
      ),
      limiter(
        'sign-in-codes:overall',
        rateLimits.signInCodesOverall,
        'Too many codes are being asked for right now',
        () => 'all',
      ),
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
     * Counts a code request for `identifier` from the request's address: `undefined` when it may
     * go, otherwise the seconds to wait (`too_many_codes`). The total per identifier is counted
     * only when the address's own allowance let the request through, so one stranger's refused
     * requests never eat into what the owner has left.
     */
    async checkIdentifier(c: Context<AppEnvironment>, identifier: string): Promise<number | undefined> {
      const limits: [string, Limit][] = [
        [
          `sign-in-codes:identifier-address:${identifier}:${addressOf(c)}`,
          rateLimits.signInCodesPerIdentifierAndAddress,
        ],
        [`sign-in-codes:identifier:${identifier}`, rateLimits.signInCodesPerIdentifier],
      ]
      for (const [key, limit] of limits) {
        const hit: CounterHit = await counters.hit(key, limit.windowSeconds * 1000)
        if (hit.totalHits > limit.limit) return secondsUntil(hit.resetTime, now())
      }
      return undefined
    },
  }
}
