import type { RequestIdVariables } from 'hono/request-id'
import type { RateLimitInfo } from 'hono-rate-limiter'
import type { BuyerRecord } from '#server/buyers/buyer-records'
import type { Logger } from '#server/logger'
import type { OperatorRecord } from '#server/ops/operator-accounts'

/** The Hono environment shared by every middleware and route. */
export type AppEnvironment = {
  Variables: RequestIdVariables & {
    /** Child of the app logger carrying the request id, so every line of a request correlates. */
    logger: Logger
    /**
     * The signed-in buyer on `/api/*` requests (server/auth/session-middleware.ts); `undefined`
     * when anonymous. Whether they may act is for `requireBuyer` / `requireOwnBuyer` to say.
     */
    buyer: BuyerRecord | undefined
    /** The session token the buyer came with, for signing out. */
    sessionToken: string | undefined
    /**
     * The signed-in operator on console routes (`requireOperator` in server/ops/operator-access.ts),
     * with their session token (for signing out).
     */
    operator: OperatorRecord | undefined
    operatorSessionToken: string | undefined
    /** Set by a rate limiter of server/auth/rate-limits.ts on the routes it guards. */
    rateLimit: RateLimitInfo | undefined
  }
}
