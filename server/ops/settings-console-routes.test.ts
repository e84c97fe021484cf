import { and, asc, eq } from 'drizzle-orm'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defaultFixedRates, fixedRatesSchema, type FixedRates } from '#domain/contracts/fixed-rate'
import { consoleSettingsSchema, type ConsoleSettings } from '#domain/ops/settings'
import { readSetting } from '#server/app-settings'
import { operatorAuditLog } from '#server/db/schema'
import { openEventChannel, type EventChannel } from '#server/events/event-channel'
import { parseOperatorCommand, runOperatorCommand } from '#server/operator-commands'
import { createAccountsTestApp, type TestClock } from '#server/test/accounts'
import { createRecordingLogger, readErrorBody } from '#server/test/app'
import { createTestDatabase, type TestDatabase } from '#server/test/database'
import { createTestOperator, signInOperator } from '#server/test/operators'
import { newIdempotencyKey } from '#server/test/withdrawals'

let testDatabase: TestDatabase
let channel: EventChannel
let app: ReturnType<typeof createAccountsTestApp>['app']
let clock: TestClock
const cookies = { support: '', finance: '', admin: '' }
const ids = { support: '', finance: '', admin: '' }

const database = () => testDatabase.connection.database

beforeAll(async () => {
  testDatabase = await createTestDatabase()
  // A listening channel, as a server has: the caches below must hear of the console's writes.
  channel = openEventChannel(testDatabase.connection, createRecordingLogger().logger)
  await channel.whenListening()
  ;({ app, clock } = createAccountsTestApp(database(), { events: channel }))
  for (const role of ['support', 'finance', 'admin'] as const) {
    const operator = await createTestOperator(database(), role, clock.now())
    ids[role] = operator.id
    cookies[role] = (await signInOperator(app, clock, operator)).cookie
  }
})
afterAll(async () => {
  await channel.close()
  await testDatabase.dispose()
})

function send(method: string, path: string, cookie: string | undefined, body?: unknown, key = newIdempotencyKey()) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', 'Idempotency-Key': key }
  if (cookie !== undefined) headers['Cookie'] = cookie
  return app.request(path, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })
}

async function readSettings(response: Response): Promise<ConsoleSettings> {
  expect(response.status).toBe(200)
  return v.parse(consoleSettingsSchema, await response.json())
}

async function settingAudit(subjectId: string) {
  return database()
    .select()
    .from(operatorAuditLog)
    .where(and(eq(operatorAuditLog.subjectType, 'setting'), eq(operatorAuditLog.subjectId, subjectId)))
    .orderBy(asc(operatorAuditLog.id))
}

/** Until the event channel has delivered the commit's notification (milliseconds). */
async function eventually(check: () => Promise<void>): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await check()
      return
    } catch (error) {
      if (attempt > 40) throw error
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
  }
}

describe('console settings: who may', () => {
  it('refuses no session (401) and support (403) on every route', async () => {
    const routes: [string, string, unknown][] = [
      ['GET', '/api/ops/settings', undefined],
      ['PUT', '/api/ops/settings/fixed-rates', defaultFixedRates],
      ['PUT', '/api/ops/settings/maintenance', { on: true }],
      ['POST', '/api/ops/settings/bank-holidays', { date: '2026-12-10', name: 'Constitution Day' }],
      ['DELETE', '/api/ops/settings/bank-holidays/2026-12-10', undefined],
    ]
    for (const [method, path, body] of routes) {
      const anonymous = await send(method, path, undefined, body)
      expect(anonymous.status, `${method} ${path}`).toBe(401)
      expect((await readErrorBody(anonymous)).error.code).toBe('operator_unauthenticated')
      const support = await send(method, path, cookies.support, body)
      expect(support.status, `${method} ${path}`).toBe(403)
      expect((await readErrorBody(support)).error.code).toBe('operator_forbidden')
    }
    expect(await readSetting(database(), 'maintenance')).toBeUndefined()
    expect(await readSetting(database(), 'bank_holidays')).toBeUndefined()
    const read = await readSettings(await send('GET', '/api/ops/settings', cookies.finance))
    expect(read).toMatchObject({
      fixedRates: defaultFixedRates,
      changedFixedRateFields: [],
      fixedRateHistory: [],
      maintenance: { isOn: false },
      bankHolidays: [],
    })
    expect((await send('GET', '/api/ops/settings', cookies.admin)).status).toBe(200)
  })
})

describe('console settings: fixed rates', () => {
  it('puts new rates in force everywhere, keeping who changed what, before and after', async () => {
    // The public route caches the rates: it must hear of the change, not wait for its cache time.
    const publicBefore = v.parse(fixedRatesSchema, await (await app.request('/utils/fixed-rate/thb')).json())
    expect(publicBefore.minWithdrawal).toBe(defaultFixedRates.minWithdrawal)

    const changed: FixedRates = { ...defaultFixedRates, minWithdrawal: 20_000, withdrawalFee: 500 }
    const saved = await readSettings(await send('PUT', '/api/ops/settings/fixed-rates', cookies.admin, changed))
    expect(saved.fixedRates).toEqual(changed)
    expect(saved.changedFixedRateFields.sort()).toEqual(['minWithdrawal', 'withdrawalFee'])
    expect(await readSetting(database(), 'fixed_rate_thb')).toEqual({ minWithdrawal: 20_000, withdrawalFee: 500 })
    expect(saved.fixedRateHistory.map((entry) => [entry.action, entry.actor.id, entry.before, entry.after])).toEqual([
      [
        'setting.fixed_rates_changed',
        ids.admin,
        { minWithdrawal: 10_000, withdrawalFee: 1000 },
        { minWithdrawal: 20_000, withdrawalFee: 500 },
      ],
    ])
    expect(saved.fixedRateHistory[0]?.actor.name).toContain('admin')
    await eventually(async () => {
      const publicAfter = v.parse(fixedRatesSchema, await (await app.request('/utils/fixed-rate/thb')).json())
      expect(publicAfter.minWithdrawal).toBe(20_000)
    })

    // Back to the default: nothing stored for it any more, and the history grows.
    const reverted = await readSettings(
      await send('PUT', '/api/ops/settings/fixed-rates', cookies.finance, { ...changed, withdrawalFee: 1000 }),
    )
    expect(reverted.changedFixedRateFields).toEqual(['minWithdrawal'])
    expect(await readSetting(database(), 'fixed_rate_thb')).toEqual({ minWithdrawal: 20_000 })
    expect(reverted.fixedRateHistory.map((entry) => [entry.actor.id, entry.before, entry.after])[0]).toEqual([
      ids.finance,
      { withdrawalFee: 500 },
      { withdrawalFee: 1000 },
    ])
    // The same rates again change nothing and record nothing.
    const unchanged = await readSettings(
      await send('PUT', '/api/ops/settings/fixed-rates', cookies.finance, { ...changed, withdrawalFee: 1000 }),
    )
    expect(unchanged.fixedRateHistory).toHaveLength(2)
  })

  it('refuses rates out of range or out of order, and a partial object', async () => {
    const refused: unknown[] = [
      { ...defaultFixedRates, withdrawalFee: 10_001 },
      { ...defaultFixedRates, minWithdrawal: -1 },
      { ...defaultFixedRates, minWithdrawal: 100.5 },
      { ...defaultFixedRates, stairLv2: { bonusBasisPoints: 3000, minimumBalance: 50_000 } },
      { ...defaultFixedRates, maxForProof: defaultFixedRates.maxForRating - 1 },
      { minWithdrawal: 20_000 },
    ]
    const before = await readSetting(database(), 'fixed_rate_thb')
    for (const body of refused) {
      const response = await send('PUT', '/api/ops/settings/fixed-rates', cookies.finance, body)
      expect(response.status, JSON.stringify(body)).toBe(400)
      expect((await readErrorBody(response)).error.code).toBe('invalid_request')
    }
    expect(await readSetting(database(), 'fixed_rate_thb')).toEqual(before)
  })
})

describe('console settings: maintenance', () => {
  it('switches the shopper API off and on at once while the console keeps working', async () => {
    expect((await app.request('/api/status')).status).toBe(200)
    const on = await readSettings(await send('PUT', '/api/ops/settings/maintenance', cookies.finance, { on: true }))
    expect(on.maintenance).toEqual({ isOn: true })
    await eventually(async () => {
      const response = await app.request('/api/status')
      expect(response.status).toBe(503)
      expect((await readErrorBody(response)).error.code).toBe('maintenance')
    })
    expect((await send('GET', '/api/ops/settings', cookies.finance)).status).toBe(200)
    // Asking for what is already so records nothing.
    await readSettings(await send('PUT', '/api/ops/settings/maintenance', cookies.admin, { on: true }))
    const off = await readSettings(await send('PUT', '/api/ops/settings/maintenance', cookies.admin, { on: false }))
    expect(off.maintenance).toEqual({ isOn: false })
    await eventually(async () => expect((await app.request('/api/status')).status).toBe(200))
    expect((await settingAudit('maintenance')).map((entry) => [entry.actor, entry.before, entry.after])).toEqual([
      [ids.finance, { on: false }, { on: true }],
      [ids.admin, { on: true }, { on: false }],
    ])
    expect((await send('PUT', '/api/ops/settings/maintenance', cookies.admin, { on: 'yes' })).status).toBe(400)
  })
})

describe('console settings: bank holidays', () => {
  it('adds, renames and removes days, each recorded', async () => {
    const added = await readSettings(
      await send('POST', '/api/ops/settings/bank-holidays', cookies.finance, { date: '2026-12-31', name: 'New Year' }),
    )
    expect(added.bankHolidays).toEqual([{ date: '2026-12-31', name: 'New Year' }])
    const second = await readSettings(
      await send('POST', '/api/ops/settings/bank-holidays', cookies.finance, {
        date: '2026-12-10',
        name: 'Constitution Day',
      }),
    )
    expect(second.bankHolidays.map((holiday) => holiday.date)).toEqual(['2026-12-10', '2026-12-31'])
    const renamed = await readSettings(
      await send('POST', '/api/ops/settings/bank-holidays', cookies.admin, {
        date: '2026-12-31',
        name: "New Year's Eve",
      }),
    )
    expect(renamed.bankHolidays.at(-1)).toEqual({ date: '2026-12-31', name: "New Year's Eve" })
    const removed = await readSettings(
      await send('DELETE', '/api/ops/settings/bank-holidays/2026-12-10', cookies.finance),
    )
    expect(removed.bankHolidays).toEqual([{ date: '2026-12-31', name: "New Year's Eve" }])

    const missing = await send('DELETE', '/api/ops/settings/bank-holidays/2026-12-10', cookies.finance)
    expect(missing.status).toBe(404)
    expect((await readErrorBody(missing)).error.code).toBe('record_not_found')
    for (const body of [
      { date: '2026-02-30', name: 'No such day' },
      { date: '2026-12-05', name: '  ' },
    ]) {
      expect((await send('POST', '/api/ops/settings/bank-holidays', cookies.finance, body)).status).toBe(400)
    }
    expect((await send('DELETE', '/api/ops/settings/bank-holidays/tomorrow', cookies.finance)).status).toBe(404)

    expect((await settingAudit('bank_holidays')).map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      ['setting.bank_holiday_added', null, { date: '2026-12-31', name: 'New Year' }],
      ['setting.bank_holiday_added', null, { date: '2026-12-10', name: 'Constitution Day' }],
      [
        'setting.bank_holiday_renamed',
        { date: '2026-12-31', name: 'New Year' },
        { date: '2026-12-31', name: "New Year's Eve" },
      ],
      ['setting.bank_holiday_removed', { date: '2026-12-10', name: 'Constitution Day' }, null],
    ])
  })

  it('keeps both of two holidays added at once', async () => {
    const answers = await Promise.all([
      send('POST', '/api/ops/settings/bank-holidays', cookies.finance, { date: '2027-01-01', name: 'New Year' }),
      send('POST', '/api/ops/settings/bank-holidays', cookies.admin, { date: '2027-01-02', name: 'Substitution' }),
    ])
    expect(answers.map((answer) => answer.status)).toEqual([200, 200])
    const stored = (await readSetting(database(), 'bank_holidays')) ?? []
    expect(stored.map((holiday) => holiday.date)).toEqual(expect.arrayContaining(['2027-01-01', '2027-01-02']))
  })
})

describe('the ops CLI', () => {
  it('records maintenance and bank-holiday changes in the audit log as cli:<user>', async () => {
    for (const argumentList of [
      ['maintenance', 'on'],
      ['maintenance', 'on'],
      ['maintenance', 'off'],
      ['holidays', 'add', '2027-04-13', '--name', 'Songkran'],
      ['holidays', 'remove', '2027-04-13'],
    ]) {
      const parsed = parseOperatorCommand(argumentList)
      if (!parsed.success) throw new Error(parsed.message)
      await runOperatorCommand(parsed.command, database(), { actor: 'ops:somchai', now: clock.now })
    }
    const cliEntries = (await database().select().from(operatorAuditLog).orderBy(asc(operatorAuditLog.id))).filter(
      (entry) => entry.actor === 'cli:somchai',
    )
    expect(cliEntries.map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      ['setting.maintenance_changed', { on: false }, { on: true }],
      ['setting.maintenance_changed', { on: true }, { on: false }],
      ['setting.bank_holiday_added', null, { date: '2027-04-13', name: 'Songkran' }],
      ['setting.bank_holiday_removed', { date: '2027-04-13', name: 'Songkran' }, null],
    ])
  })
})
