import { Hono } from 'hono'
import { describeRoute } from 'hono-openapi'
import { fixedRatesSchema } from '#domain/contracts/fixed-rate'
import type { Database } from '#server/db/database'
import type { EventChannel } from '#server/events/event-channel'
import type { AppEnvironment } from '#server/http/app-environment'
import { commonErrorResponses, jsonResponse } from '#server/http/openapi-responses'
import { respondWithJsonEntity, revalidatedCacheControl, toJsonEntity } from '#server/http/revalidated-json'
import { readFixedRates } from '#server/settings/fixed-rates'
import { createSettingCache } from '#server/settings/setting-cache'

/**
 * The process re-reads the settings row at most this often while the event channel is down; a
 * change it hears of (`settings.changed`) is read at once.
 */
const fixedRateReadIntervalMilliseconds = 30_000

/**
 * `GET /utils/fixed-rate/thb` (spec section 7's "provider host" path, served by us). Revalidated
 * on every use (`no-cache`), never kept minutes by a browser: a fee or minimum an operator has
 * just changed is the one the withdrawal form shows.
 */
export function fixedRateRoutes(database: Database, events: EventChannel, now: () => number = Date.now) {
  const fixedRates = createSettingCache({
    events,
    keys: ['fixed_rate_thb'],
    read: async () => toJsonEntity(await readFixedRates(database)),
    maxAgeMilliseconds: fixedRateReadIntervalMilliseconds,
    now,
  })

  return new Hono<AppEnvironment>().get(
    '/fixed-rate/thb',
    describeRoute({
      summary: 'Fixed-rate settings for THB',
      description:
        'The business constants of spec section 9: money in satang, bonus rates and fees in basis points, ' +
        `\`rating\` in percent. Public; \`Cache-Control: ${revalidatedCacheControl}\` with an \`ETag\` ` +
        '(revalidate every time; 304 when unchanged).',
      tags: ['Settings'],
      responses: {
        200: jsonResponse('The settings', fixedRatesSchema),
        304: { description: 'Unchanged since the `If-None-Match` ETag' },
        500: commonErrorResponses[500],
      },
    }),
    async (c) => respondWithJsonEntity(c, await fixedRates.read()),
  )
}
