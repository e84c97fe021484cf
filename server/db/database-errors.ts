/**
 * Whether a failure means "the database cannot be reached right now" (a failover, a restart for
 * an upgrade, a network cut) rather than a fault in the request or in our code. Those are answered
 * 503 `database_unavailable` with `Retry-After` (server/http/api-error.ts): the same request sent
 * again once the database is back succeeds, and the phone's outbox keeps waiting items for that.
 * Everything else stays a 500, so a real bug is never hidden behind "try again".
 */
export function isDatabaseUnavailableError(error: unknown): boolean {
  // drizzle wraps driver errors (`DrizzleQueryError`, with the driver's error as `cause`), and
  // pg-pool wraps its connect timeout the same way: look down the chain, a few links at most.
  let current: unknown = error
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    if (isUnavailableItself(current)) return true
    if (current instanceof AggregateError && current.errors.some((inner) => isDatabaseUnavailableError(inner))) {
      return true
    }
    current = current.cause
  }
  return false
}

/**
 * SQLSTATEs a server sends when it is going away or not ready: class 08 (connection exception),
 * 57P01 admin_shutdown (a fast stop ends every session), 57P02 crash_shutdown, 57P03
 * cannot_connect_now (starting up, shutting down, in recovery), and 53300 too_many_connections
 * (a connection refused for capacity: also gone once others close).
 */
function isUnavailableSqlState(code: string): boolean {
  return code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03' || code === '53300'
}

/** Socket errors of a connection that could not be made or was cut (Node's `error.code`). */
const unavailableSocketCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ENETDOWN',
  // A failover that moves a DNS name: the name does not resolve for a moment.
  'EAI_AGAIN',
  'ENOTFOUND',
])

/**
 * node-postgres reports a connection that ended, and pg-pool a connect that timed out, as plain
 * `Error`s with no code: their messages are the only sign (node_modules/pg/lib/client.js,
 * node_modules/pg-pool/index.js).
 */
const unavailableDriverMessages = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
]

function isUnavailableItself(error: Error): boolean {
  const code = 'code' in error && typeof error.code === 'string' ? error.code : undefined
  if (code !== undefined) {
    // Socket codes first: EPIPE has the shape of a SQLSTATE (five characters) too.
    if (unavailableSocketCodes.has(code)) return true
    return /^[0-9A-Z]{5}$/.test(code) && isUnavailableSqlState(code)
  }
  return unavailableDriverMessages.some((message) => error.message.startsWith(message))
}
