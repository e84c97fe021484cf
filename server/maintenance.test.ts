import { pino } from 'pino'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { writeSetting } from '#server/app-settings'
import { appSettings } from '#server/db/schema'
import { createSilentEventChannel, openEventChannel } from '#server/events/event-channel'
import { createMaintenanceState, maintenanceRetryAfterSeconds } from '#server/maintenance'
import { createTestApp, readErrorBody, readJsonObject } from '#server/test/app'
import { createClientFixture, type ClientFixture } from '#server/test/client-fixture'
import { createTestDatabase, type TestDatabase } from '#server/test/database'

let testDatabase: TestDatabase
let client: ClientFixture

beforeAll(async () => {
  testDatabase = await createTestDatabase()
  client = await createClientFixture()
})
afterAll(async () => {
  await testDatabase.dispose()
  await client.dispose()
})
afterEach(() => writeSetting(testDatabase.connection.database, 'maintenance', false))

type TestApp = ReturnType<typeof createTestApp>

async function expectMaintenanceAnswers(app: TestApp) {
  for (const [path, init] of [
    ['/api/status', {}],
    ['/api/openapi.json', {}],
    ['/api/nope', {}],
    ['/api/locale', { method: 'PUT', body: '{"locale":"en"}', headers: { 'Content-Type': 'application/json' } }],
  ] as const) {
    const response = await app.request(path, init)
    expect(response.status, path).toBe(503)
    expect(response.headers.get('Retry-After')).toBe(String(maintenanceRetryAfterSeconds))
    expect((await readErrorBody(response)).error.code).toBe('maintenance')
  }
}

async function expectStillServing(app: TestApp) {
  const health = await app.request('/api/health')
  expect(health.status).toBe(200)
  expect(await readJsonObject(health)).toEqual({ status: 'ok', database: 'ok' })
  expect((await app.request('/home')).status).toBe(200)
  expect((await app.request('/maintenance')).status).toBe(200)
  expect((await app.request('/assets/index-3f9a1c2b.js')).status).toBe(200)
}

describe('maintenance mode', () => {
  it('is off by default: /api/status says so', async () => {
    const response = await createTestApp(testDatabase.connection.database).request('/api/status')
    expect(response.status).toBe(200)
    expect(await readJsonObject(response)).toEqual({ maintenance: false })
  })

  it('turned on by the environment answers API requests with 503, except health, pages and files', async () => {
    const app = createTestApp(testDatabase.connection.database, {
      maintenance: true,
      clientDirectory: client.directory,
    })
    await expectMaintenanceAnswers(app)
    await expectStillServing(app)
  })

  it('turned on by the settings row does the same, and turning it off restores the API', async () => {
    const { database } = testDatabase.connection
    const app = createTestApp(database, { clientDirectory: client.directory, maintenanceCacheMilliseconds: 0 })
    expect((await app.request('/api/status')).status).toBe(200)

    await writeSetting(database, 'maintenance', true)
    await expectMaintenanceAnswers(app)
    await expectStillServing(app)

    await writeSetting(database, 'maintenance', false)
    expect((await app.request('/api/status')).status).toBe(200)
  })
})

describe('maintenance state cache', () => {
  it('reuses a read of the settings row for the cache window', async () => {
    const { database } = testDatabase.connection
    let now = 1_000_000
    const state = createMaintenanceState({
      database,
      events: createSilentEventChannel(),
      forcedByEnvironment: false,
      cacheMilliseconds: 5_000,
      now: () => now,
    })

    await writeSetting(database, 'maintenance', true)
    expect(await state.isOn()).toBe(true)
    await writeSetting(database, 'maintenance', false)
    now += 4_999
    expect(await state.isOn()).toBe(true)
    now += 1
    expect(await state.isOn()).toBe(false)
  })

  it('drops the cached read when the event channel announces a change of the setting', async () => {
    const { connection } = testDatabase
    const events = openEventChannel(connection, pino({ level: 'silent' }))
    try {
      await events.whenListening()
      const state = createMaintenanceState({
        database: connection.database,
        events,
        forcedByEnvironment: false,
        cacheMilliseconds: 60_000,
        now: () => 0,
      })
      expect(await state.isOn()).toBe(false)
      await writeSetting(connection.database, 'maintenance', true)
      await expect.poll(() => state.isOn(), { timeout: 1_000, interval: 10 }).toBe(true)
      await writeSetting(connection.database, 'maintenance', false)
      await expect.poll(() => state.isOn(), { timeout: 1_000, interval: 10 }).toBe(false)
    } finally {
      await events.close()
    }
  })

  it('does not remember a failed read', async () => {
    const { database } = testDatabase.connection
    const state = createMaintenanceState({
      database,
      events: createSilentEventChannel(),
      forcedByEnvironment: false,
      now: () => 0,
    })
    // A value of the wrong shape makes the read throw.
    await database
      .insert(appSettings)
      .values({ key: 'maintenance', value: 'broken' })
      .onConflictDoUpdate({ target: appSettings.key, set: { value: 'broken' } })
    await expect(state.isOn()).rejects.toThrow(/invalid value/)
    await writeSetting(database, 'maintenance', true)
    // Same instant, so a cached failure would be replayed here.
    expect(await state.isOn()).toBe(true)
  })
})
