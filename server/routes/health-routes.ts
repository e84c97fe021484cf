import { Hono } from 'hono'
import { describeRoute } from 'hono-openapi'
import { healthResponseSchema, type HealthResponse } from '#domain/contracts/health'
import { pingDatabase, type Database } from '#server/db/database'
import { errorResponse } from '#server/http/api-error'
import type { AppEnvironment } from '#server/http/app-environment'
import { errorResponseDescription, jsonResponse } from '#server/http/openapi-responses'

/** Shorter than typical load-balancer probe timeouts, so the probe gets our 503, not its own. */
const databasePingTimeoutMilliseconds = 2_000

export function healthRoutes(database: Database) {
  return new Hono<AppEnvironment>().get(
    '/health',
    describeRoute({
      summary: 'Liveness and database reachability for load balancers',
      description: 'Not affected by maintenance mode.',
      tags: ['Operations'],
      responses: {
        200: jsonResponse('The process and its database are healthy', healthResponseSchema),
        503: errorResponseDescription('The database does not answer (`unavailable`)'),
      },
    }),
    async (c) => {
      try {
        await pingDatabase(database, databasePingTimeoutMilliseconds)
      } catch (error) {
        c.get('logger').warn({ err: error }, 'health check: database unreachable')
        return errorResponse(c, 503, 'unavailable', 'The database is not reachable')
      }
      return c.json({ status: 'ok', database: 'ok' } satisfies HealthResponse)
    },
  )
}
