import type { MiddlewareHandler } from 'hono'
import type { AppEnvironment } from '#server/http/app-environment'
import type { Logger } from '#server/logger'

/** Paths whose requests are the service's work: the API, the catalogue contract, click-outs, the demo store. */
const workPathPattern = /^\/(api|cws-api|go|utils|demo-store)(\/|$)/

/**
 * Static files, pictures and the app shell are most of the requests of a page load (a 20-second
 * load test wrote 300 MB of them), so a success among them is logged at debug; API calls,
 * click-outs and every failure stay at info.
 */
export function requestLogLevel(path: string, status: number): 'info' | 'debug' {
  return status >= 400 || workPathPattern.test(path) ? 'info' : 'debug'
}

/** One line per request with its outcome; needs the request-id middleware to run first. */
export function requestLoggingMiddleware(logger: Logger): MiddlewareHandler<AppEnvironment> {
  return async (c, next) => {
    const startedAt = performance.now()
    const requestLogger = logger.child({ requestId: c.get('requestId') })
    c.set('logger', requestLogger)
    await next()
    requestLogger[requestLogLevel(c.req.path, c.res.status)](
      {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        durationMilliseconds: Math.round((performance.now() - startedAt) * 10) / 10,
      },
      'request',
    )
  }
}
