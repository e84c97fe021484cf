import type { MiddlewareHandler } from 'hono'
import { errorResponse } from '#server/http/api-error'
import { ownOrigin } from '#server/http/request-origin'

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * CSRF defence for state-changing API calls. Browsers always send `Origin` on cross-origin
 * POST/PUT/PATCH/DELETE, so a present Origin that is not ours means another site is driving
 * the shopper's browser. A missing Origin (curl, server-to-server) is let through: it cannot
 * carry the shopper's cookies from a browser.
 */
export function originCheckMiddleware(): MiddlewareHandler {
  return async (c, next) => {
    const origin = c.req.header('Origin')
    if (!safeMethods.has(c.req.method) && origin !== undefined && origin !== ownOrigin(c)) {
      return errorResponse(c, 403, 'forbidden_origin', `Requests from origin ${origin} are not allowed`)
    }
    await next()
  }
}
