import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defaultFixedRates, fixedRatesSchema } from '#domain/contracts/fixed-rate'
import { writeSetting } from '#server/app-settings'
import { openEventChannel } from '#server/events/event-channel'
import { createRecordingLogger, createTestApp } from '#server/test/app'
import { createTestDatabase, type TestDatabase } from '#server/test/database'

describe('GET /utils/fixed-rate/thb', () => {
  let testDatabase: TestDatabase
  beforeAll(async () => {
    testDatabase = await createTestDatabase()
  })
  afterAll(() => testDatabase.dispose())

  it('answers the documented defaults, public and revalidated every time with an ETag', async () => {
    const app = createTestApp(testDatabase.connection.database)
    const response = await app.request('/utils/fixed-rate/thb')
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toContain('application/json')
    expect(response.headers.get('Cache-Control')).toBe('no-cache')
    const body = v.parse(v.strictObject(fixedRatesSchema.entries), await response.json())
    expect(body).toEqual(defaultFixedRates)
    expect(Object.keys(body).sort()).toEqual(
      [
        'vip',
        'rating',
        'stairLv1',
        'stairLv2',
        'stairLv3',
        'getFriend',
        'firstBonus',
        'maxForRating',
        'maxForProof',
        'minWithdrawal',
        'withdrawalFee',
        // Ours, beside the spec's fields (docs/decisions/006).
        'pointsPerBaht',
        'minPointsExchange',
        // Ours, the promotion settings (docs/decisions/013).
        'firstWeekMaxPerOrder',
        'premiumPrice',
        'newUserBonusSpendingThreshold',
        'referralSpendingThreshold',
      ].sort(),
    )
    expect(body).toMatchObject({
      rating: 95,
      withdrawalFee: 1000,
      minWithdrawal: 10_000,
      firstBonus: 10_000,
      pointsPerBaht: 5,
      minPointsExchange: 15_000,
    })

    const entityTag = response.headers.get('ETag')
    expect(entityTag).toMatch(/^"[\w-]+"$/)
    const revalidated = await app.request('/utils/fixed-rate/thb', { headers: { 'If-None-Match': entityTag ?? '' } })
    expect(revalidated.status).toBe(304)
  })

  it('merges operator overrides from app_settings over the defaults', async () => {
    const { database } = testDatabase.connection
    await writeSetting(database, 'fixed_rate_thb', { minWithdrawal: 15_000, rating: 90 })
    const response = await createTestApp(database).request('/utils/fixed-rate/thb')
    expect(await response.json()).toEqual({ ...defaultFixedRates, minWithdrawal: 15_000, rating: 90 })
    await expect(writeSetting(database, 'fixed_rate_thb', { withdrawalFee: 20_000 })).rejects.toThrow()
  })

  it('reads the settings again as soon as any process writes them, not after its 30 s', async () => {
    const { connection } = testDatabase
    const events = openEventChannel(connection, createRecordingLogger().logger)
    try {
      await events.whenListening()
      const app = createTestApp(connection.database, { events })
      await writeSetting(connection.database, 'fixed_rate_thb', { rating: 90 })
      const readRating = async () =>
        v.parse(fixedRatesSchema, await (await app.request('/utils/fixed-rate/thb')).json()).rating
      expect(await readRating()).toBe(90)
      await writeSetting(connection.database, 'fixed_rate_thb', { rating: 92 })
      await expect.poll(readRating, { timeout: 1_000, interval: 10 }).toBe(92)
    } finally {
      await events.close()
    }
  })

  it('answers unknown /utils paths with the JSON 404', async () => {
    const response = await createTestApp(testDatabase.connection.database).request('/utils/fixed-rate/usd')
    expect(response.status).toBe(404)
  })
})
