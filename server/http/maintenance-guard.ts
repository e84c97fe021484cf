import type { MiddlewareHandler } from 'hono'
import { errorResponse } from '#server/http/api-error'
import { maintenanceRetryAfterSeconds, type MaintenanceState } from '#server/maintenance'

/**
 * Answers API requests with 503 `maintenance` while maintenance is on. Mounted on `/api/*` and
 * `/cws-api/*` only: pages, media and static files keep working so the app can show its
 * maintenance screen. Health stays open because load balancers must not take a healthy process
 * out of rotation for it. The operator console's API stays open too: operators switch maintenance
 * off, and work during it.
 */
export function maintenanceGuardMiddleware(
  maintenance: MaintenanceState,
  isExempt: (path: string) => boolean,
): MiddlewareHandler {
  return async (c, next) => {
    if (isExempt(c.req.path) || !(await maintenance.isOn())) return next()
    c.header('Retry-After', String(maintenanceRetryAfterSeconds))
    return errorResponse(c, 503, 'maintenance', 'NgernKhuen is under maintenance; please try again later')
  }
}
