import { Hono } from 'hono'
import { describeRoute } from 'hono-openapi'
import { bankHolidayListResponseSchema, upcomingBankHolidayDays } from '#domain/contracts/bank-holidays'
import { addDays, displayDayKey } from '#domain/dates'
import type { Database } from '#server/db/database'
import type { EventChannel } from '#server/events/event-channel'
import type { AppEnvironment } from '#server/http/app-environment'
import { commonErrorResponses, jsonResponse } from '#server/http/openapi-responses'
import { respondWithJsonEntity, revalidatedCacheControl, toJsonEntity } from '#server/http/revalidated-json'
import { createSettingCache } from '#server/settings/setting-cache'
import { readBankHolidays } from '#server/withdrawals/bank-holidays'

/**
 * The process re-reads the calendar at most this often while the event channel is down; an
 * operator's change (`settings.changed` for `bank_holidays`) is read at once.
 */
const bankHolidayReadIntervalMilliseconds = 30_000

/**
 * `GET /api/bank-holidays` (domain/contracts/bank-holidays.ts): the upcoming part of the calendar,
 * so the withdrawal form promises the date the server will store.
 */
export function bankHolidayRoutes(database: Database, events: EventChannel, now: () => Date) {
  const calendar = createSettingCache({
    events,
    keys: ['bank_holidays'],
    read: () => readBankHolidays(database),
    maxAgeMilliseconds: bankHolidayReadIntervalMilliseconds,
    now: () => now().getTime(),
  })

  return new Hono<AppEnvironment>().get(
    '/bank-holidays',
    describeRoute({
      summary: 'Upcoming bank holidays',
      description:
        "The operators' bank holidays from today (Bangkok) to " +
        `${upcomingBankHolidayDays} days ahead, oldest first: withdrawals leave them out of their expected date ` +
        `(\`expectedBy\`). Public; \`Cache-Control: ${revalidatedCacheControl}\` with an \`ETag\` ` +
        '(revalidate every time; 304 when unchanged).',
      tags: ['Withdrawals'],
      responses: {
        200: jsonResponse('The upcoming holidays', bankHolidayListResponseSchema),
        304: { description: 'Unchanged since the `If-None-Match` ETag' },
        ...commonErrorResponses,
      },
    }),
    async (c) => {
      const time = now()
      const first = displayDayKey(time)
      const last = displayDayKey(addDays(time, upcomingBankHolidayDays))
      const holidays = (await calendar.read()).filter((holiday) => holiday.date >= first && holiday.date <= last)
      return respondWithJsonEntity(c, toJsonEntity({ data: holidays }))
    },
  )
}
