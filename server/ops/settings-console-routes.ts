import { Hono } from 'hono'
import { describeRoute } from 'hono-openapi'
import { defaultFixedRates, type FixedRates } from '#domain/contracts/fixed-rate'
import {
  bankHolidayParamSchema,
  consoleSettingsSchema,
  fixedRateFields,
  fixedRatesUpdateSchema,
  maintenanceUpdateSchema,
  type ConsoleSettings,
} from '#domain/ops/settings'
import { bankHolidaySchema } from '#domain/wallet/withdrawal-rules'
import { readSetting, writeSetting } from '#server/app-settings'
import type { Database } from '#server/db/database'
import { ApiError } from '#server/http/api-error'
import type { AppEnvironment } from '#server/http/app-environment'
import {
  errorResponseDescription,
  idempotencyKeyParameter,
  idempotencyKeyReusedResponse,
  jsonResponse,
} from '#server/http/openapi-responses'
import { validateRecordParam, validateRequest } from '#server/http/validation'
import { readRecordAuditEntries } from '#server/ops/audit-entries'
import { recordOperatorAction } from '#server/ops/audit-log'
import { respondToOperatorWrite } from '#server/ops/console-writes'
import { consoleAccessErrors, requireOperator } from '#server/ops/operator-access'
import { changedFixedRateFields, readFixedRates, saveFixedRates } from '#server/settings/fixed-rates'
import { addBankHoliday, readBankHolidays, removeBankHoliday } from '#server/withdrawals/bank-holidays'

/** Finance keeps the money settings; admin may do everything. */
const settingsRoles = ['finance'] as const

/** The history shown beside the fixed rates; the audit log has the rest. */
const fixedRateHistoryLength = 50

async function readConsoleSettings(database: Database): Promise<ConsoleSettings> {
  const fixedRates = await readFixedRates(database)
  return {
    fixedRates,
    defaultFixedRates,
    changedFixedRateFields: changedFixedRateFields(fixedRates),
    fixedRateHistory: await readRecordAuditEntries(
      database,
      { subjectType: 'setting', subjectId: 'fixed_rate_thb' },
      fixedRateHistoryLength,
    ),
    maintenance: { isOn: (await readSetting(database, 'maintenance')) === true },
    bankHolidays: await readBankHolidays(database),
  }
}

/** The fields that differ, before and after: what the history shows. */
function differenceOf(before: FixedRates, after: FixedRates) {
  const changed = fixedRateFields.filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]))
  return {
    before: Object.fromEntries(changed.map((field) => [field, before[field]])),
    after: Object.fromEntries(changed.map((field) => [field, after[field]])),
    isChanged: changed.length > 0,
  }
}

const settingsWriteResponses = {
  200: jsonResponse('The settings after the change', consoleSettingsSchema),
  422: idempotencyKeyReusedResponse,
  ...consoleAccessErrors,
}

export function settingsConsoleRoutes(database: Database, now: () => Date) {
  return new Hono<AppEnvironment>()
    .get(
      '/settings',
      describeRoute({
        summary: 'Console: the money settings',
        description:
          'The fixed rates in force (with the defaults and who changed them), the maintenance switch and the ' +
          'bank holidays. Finance and admin.',
        tags: ['Console'],
        responses: { 200: jsonResponse('The settings', consoleSettingsSchema), ...consoleAccessErrors },
      }),
      requireOperator(database, now, settingsRoles),
      async (c) => c.json((await readConsoleSettings(database)) satisfies ConsoleSettings),
    )
    .put(
      '/settings/fixed-rates',
      describeRoute({
        summary: 'Console: change the fixed rates',
        description:
          'The complete `FixedRates` (`GET /utils/fixed-rate/thb`), validated field by field; the Special ' +
          'Cashback levels must not ask less as they go up, and `maxForProof` must not be below `maxForRating`. ' +
          'Every server process hears of it at once (`settings.changed`); the audit log keeps the changed fields ' +
          'before and after (`setting.fixed_rates_changed`). Finance and admin.',
        tags: ['Console'],
        parameters: [idempotencyKeyParameter],
        responses: {
          ...settingsWriteResponses,
          400: errorResponseDescription('A field out of range (`invalid_request`), or no key'),
        },
      }),
      requireOperator(database, now, settingsRoles),
      validateRequest('json', fixedRatesUpdateSchema),
      async (c) => {
        const rates = c.req.valid('json')
        return respondToOperatorWrite(c, {
          database,
          now,
          body: rates,
          write: async (tx, { operator, now: time }) => {
            const saved = await saveFixedRates(tx, rates)
            const difference = differenceOf(saved.before, saved.after)
            if (difference.isChanged) {
              await recordOperatorAction(tx, {
                actor: operator.id,
                action: 'setting.fixed_rates_changed',
                subjectType: 'setting',
                subjectId: 'fixed_rate_thb',
                before: difference.before,
                after: difference.after,
                now: time,
              })
            }
            return { status: 200, body: (await readConsoleSettings(tx)) satisfies ConsoleSettings }
          },
        })
      },
    )
    .put(
      '/settings/maintenance',
      describeRoute({
        summary: 'Console: maintenance on or off',
        description:
          'With maintenance on, the shopper API answers 503 `maintenance` (the console keeps working). Every ' +
          'server process hears of it at once; recorded as `setting.maintenance_changed`. Finance and admin.',
        tags: ['Console'],
        parameters: [idempotencyKeyParameter],
        responses: { ...settingsWriteResponses, 400: errorResponseDescription('Not `{ on: boolean }`, or no key') },
      }),
      requireOperator(database, now, settingsRoles),
      validateRequest('json', maintenanceUpdateSchema),
      async (c) => {
        const { on } = c.req.valid('json')
        return respondToOperatorWrite(c, {
          database,
          now,
          body: { on },
          write: async (tx, { operator, now: time }) => {
            const before = (await readSetting(tx, 'maintenance', { forUpdate: true })) === true
            if (before !== on) {
              await writeSetting(tx, 'maintenance', on)
              await recordOperatorAction(tx, {
                actor: operator.id,
                action: 'setting.maintenance_changed',
                subjectType: 'setting',
                subjectId: 'maintenance',
                before: { on: before },
                after: { on },
                now: time,
              })
            }
            return { status: 200, body: (await readConsoleSettings(tx)) satisfies ConsoleSettings }
          },
        })
      },
    )
    .post(
      '/settings/bank-holidays',
      describeRoute({
        summary: 'Console: add a bank holiday (or rename the day)',
        description:
          'New withdrawals leave the day out of their expected date; those already requested keep theirs. ' +
          'Recorded as `setting.bank_holiday_added` or `setting.bank_holiday_renamed`. Finance and admin.',
        tags: ['Console'],
        parameters: [idempotencyKeyParameter],
        responses: {
          ...settingsWriteResponses,
          400: errorResponseDescription('Not a real `YYYY-MM-DD` date or no name (`invalid_request`), or no key'),
        },
      }),
      requireOperator(database, now, settingsRoles),
      validateRequest('json', bankHolidaySchema),
      async (c) => {
        const holiday = c.req.valid('json')
        return respondToOperatorWrite(c, {
          database,
          now,
          body: holiday,
          write: async (tx, { operator, now: time }) => {
            const { before } = await addBankHoliday(tx, holiday)
            if (before?.name !== holiday.name) {
              await recordOperatorAction(tx, {
                actor: operator.id,
                action: before === undefined ? 'setting.bank_holiday_added' : 'setting.bank_holiday_renamed',
                subjectType: 'setting',
                subjectId: 'bank_holidays',
                before: before ?? null,
                after: holiday,
                now: time,
              })
            }
            return { status: 200, body: (await readConsoleSettings(tx)) satisfies ConsoleSettings }
          },
        })
      },
    )
    .delete(
      '/settings/bank-holidays/:date',
      describeRoute({
        summary: 'Console: remove a bank holiday',
        description: 'Recorded as `setting.bank_holiday_removed`. Finance and admin.',
        tags: ['Console'],
        parameters: [idempotencyKeyParameter],
        responses: {
          ...settingsWriteResponses,
          400: errorResponseDescription('No key (`idempotency_key_required`)'),
          404: errorResponseDescription('The day is not in the calendar (`record_not_found`)'),
        },
      }),
      requireOperator(database, now, settingsRoles),
      validateRecordParam(bankHolidayParamSchema, 'record_not_found', 'No such bank holiday'),
      async (c) => {
        const { date } = c.req.valid('param')
        return respondToOperatorWrite(c, {
          database,
          now,
          write: async (tx, { operator, now: time }) => {
            const { before } = await removeBankHoliday(tx, date)
            if (before === undefined) throw new ApiError(404, 'record_not_found', `${date} is not in the calendar`)
            await recordOperatorAction(tx, {
              actor: operator.id,
              action: 'setting.bank_holiday_removed',
              subjectType: 'setting',
              subjectId: 'bank_holidays',
              before,
              now: time,
            })
            return { status: 200, body: (await readConsoleSettings(tx)) satisfies ConsoleSettings }
          },
        })
      },
    )
}
