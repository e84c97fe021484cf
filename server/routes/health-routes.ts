import { Hono } from 'hono'
import { describeRoute } from 'hono-openapi'
import { healthResponseSchema, type HealthResponse } from '#domain/contracts/health'
import type { Database } from '#server/db/database'
import { errorResponse } from '#server/http/api-error'
import type { AppEnvironment } from '#server/http/app-environment'
import type { ShutdownState } from '#server/http/graceful-shutdown'
import { errorResponseDescription, jsonResponse } from '#server/http/openapi-responses'
import { createDatabaseHealthProbe } from '#server/routes/health-queries'

/** Shorter than typical load-balancer probe timeouts, so the probe gets our 503, not its own. */
const databaseCheckTimeoutMilliseconds = 2_000

/** Probes within this time of the last check's answer share it (load balancers probe every few seconds). */
const databaseCheckFreshForMilliseconds = 1_000

/** A process that runs until it is stopped: what `createApp` assumes when not told otherwise. */
const runningProcess: ShutdownState = { isShuttingDown: () => false }

export function healthRoutes(database: Database, shutdown: ShutdownState = runningProcess) {
  const checkDatabase = createDatabaseHealthProbe(database, {
    timeoutMilliseconds: databaseCheckTimeoutMilliseconds,
    freshForMilliseconds: databaseCheckFreshForMilliseconds,
  })
  return new Hono<AppEnvironment>().get(
    '/health',
    describeRoute({
      summary: 'Liveness, and whether the database answers and takes a write, for load balancers',
      description:
        'A check commits one small write (a heartbeat row), so a database that answers reads but refuses ' +
        'writes (a full disk, read-only after a failover) is reported; calls within a second of a check ' +
        'share its answer. Not affected by maintenance mode. ' +
        'Once the process is told to stop it answers 503 `shutting_down` (without asking the database) ' +
        'while it still serves other requests for a pre-stop window, so load balancers take it out of rotation first.',
      tags: ['Operations'],
      responses: {
        200: jsonResponse('The process and its database are healthy', healthResponseSchema),
        503: errorResponseDescription(
          'The process is stopping (`shutting_down`), the database does not answer (`unavailable`), ' +
            'or it answers but cannot write (`database_unwritable`)',
        ),
      },
    }),
    async (c) => {
      if (shutdown.isShuttingDown()) {
        return errorResponse(c, 503, 'shutting_down', 'This process is stopping; send requests to another one')
      }
      const health = await checkDatabase()
      if (!health.ok && health.problem === 'unreachable') {
        c.get('logger').warn({ err: health.error }, 'health check: database unreachable')
        return errorResponse(c, 503, 'unavailable', 'The database is not reachable')
      }
      if (!health.ok) {
        c.get('logger').error({ err: health.error }, 'health check: the database answers but cannot write')
        return errorResponse(c, 503, 'database_unwritable', 'The database answers but cannot write')
      }
      return c.json({ status: 'ok', database: 'ok' } satisfies HealthResponse)
    },
  )
}
