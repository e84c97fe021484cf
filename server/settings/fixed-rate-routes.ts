import { createHash } from 'node:crypto'
import { Hono } from 'hono'
import { describeRoute } from 'hono-openapi'
import { fixedRatesSchema } from '#domain/contracts/fixed-rate'
import type { Database } from '#server/db/database'
import type { EventChannel } from '#server/events/event-channel'
import type { AppEnvironment } from '#server/http/app-environment'
import { commonErrorResponses, jsonResponse } from '#server/http/openapi-responses'
import { readFixedRates } from '#server/settings/fixed-rates'
import { cachedResponse } from '#server/static/client-files'

/** Browsers and shared caches keep the rates 5 minutes; an operator's change shows within that. */
export const fixedRateCacheControl = 'public, max-age=300'

/**
 * The process re-reads the settings row at most this often while the event channel is down; a
 * change it hears of (`settings.changed`) is read at once.
 */
const fixedRateReadIntervalMilliseconds = 30_000

/** `GET /utils/fixed-rate/thb` (spec section 7's "provider host" path, served by us). */
export function fixedRateRoutes(database: Database, events: EventChannel, now: () => number = Date.now) {
  let cached: { body: Promise<{ json: string; entityTag: string }>; readAt: number } | undefined
  events.subscribe('settings.changed', (delivery) => {
    if (delivery.kind === 'missed' || delivery.payload.key === 'fixed_rate_thb') cached = undefined
  })

  function currentBody() {
    if (cached === undefined || now() - cached.readAt >= fixedRateReadIntervalMilliseconds) {
      const body = readFixedRates(database).then((rates) => {
        const json = JSON.stringify(rates)
        return { json, entityTag: `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"` }
      })
      const entry = { body, readAt: now() }
      cached = entry
      body.catch(() => {
        if (cached === entry) cached = undefined
      })
    }
    return cached.body
  }

  return new Hono<AppEnvironment>().get(
    '/fixed-rate/thb',
    describeRoute({
      summary: 'Fixed-rate settings for THB',
      description:
        'The business constants of spec section 9: money in satang, bonus rates and fees in basis points, ' +
        `\`rating\` in percent. Public; \`Cache-Control: ${fixedRateCacheControl}\` with an \`ETag\`.`,
      tags: ['Settings'],
      responses: {
        200: jsonResponse('The settings', fixedRatesSchema),
        304: { description: 'Unchanged since the `If-None-Match` ETag' },
        500: commonErrorResponses[500],
      },
    }),
    async (c) => {
      const { json, entityTag } = await currentBody()
      return cachedResponse(c, {
        body: () => Promise.resolve(json),
        contentType: 'application/json',
        cacheControl: fixedRateCacheControl,
        entityTag,
      })
    },
  )
}
