import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, readErrorBody, readJsonObject } from '#server/test/app'
import { createTestDatabase, type TestDatabase } from '#server/test/database'

describe('GET /api/health', () => {
  let testDatabase: TestDatabase
  beforeAll(async () => {
    testDatabase = await createTestDatabase()
  })
  afterAll(() => testDatabase.dispose())

  it('answers 200 ok when the database answers', async () => {
    const response = await createTestApp(testDatabase.connection.database).request('/api/health')
    expect(response.status).toBe(200)
    expect(await readJsonObject(response)).toEqual({ status: 'ok', database: 'ok' })
  })

  it('answers 503 unavailable when the database is gone', async () => {
    const broken = await createTestDatabase()
    const app = createTestApp(broken.connection.database)
    await broken.connection.close()
    try {
      const response = await app.request('/api/health')
      expect(response.status).toBe(503)
      expect((await readErrorBody(response)).error.code).toBe('unavailable')
    } finally {
      await broken.dispose()
    }
  })
})
