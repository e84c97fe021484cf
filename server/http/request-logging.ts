import type { MiddlewareHandler } from 'hono'
import type { AppEnvironment } from '#server/http/app-environment'
import type { Logger } from '#server/logger'

/** One line per request with its outcome; needs the request-id middleware to run first. */
export function requestLoggingMiddleware(logger: Logger): MiddlewareHandler<AppEnvironment> {
  return async (c, next) => {
    const startedAt = performance.now()
    const requestLogger = logger.child({ requestId: c.get('requestId') })
    c.set('logger', requestLogger)
    await next()
    requestLogger.info(
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
