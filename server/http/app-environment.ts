import type { RequestIdVariables } from 'hono/request-id'
import type { Logger } from '#server/logger'

/** The Hono environment shared by every middleware and route: per-request id and logger. */
export type AppEnvironment = {
  Variables: RequestIdVariables & {
    /** Child of the app logger carrying the request id, so every line of a request correlates. */
    logger: Logger
  }
}
