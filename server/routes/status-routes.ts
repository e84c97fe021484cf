import { Hono } from 'hono'
import { describeRoute } from 'hono-openapi'
import { statusResponseSchema, type StatusResponse } from '#domain/contracts/status'
import type { AppEnvironment } from '#server/http/app-environment'
import { commonErrorResponses, jsonResponse } from '#server/http/openapi-responses'

export function statusRoutes() {
  return new Hono<AppEnvironment>().get(
    '/status',
    describeRoute({
      summary: 'What the app needs to know when it starts',
      description:
        'During maintenance this answers 503 with the `maintenance` error code (the maintenance ' +
        'guard runs first), so a 200 always carries `maintenance: false` for now.',
      tags: ['App'],
      responses: {
        200: jsonResponse('The service is available', statusResponseSchema),
        ...commonErrorResponses,
      },
    }),
    (c) => c.json({ maintenance: false } satisfies StatusResponse),
  )
}
