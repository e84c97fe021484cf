import pg from 'pg'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectPostgres, type DatabaseConnection } from '#server/db/database'
import { createTestApp, readErrorBody } from '#server/test/app'
import { findFreePort } from '#server/test/child-processes'

/**
 * A PostgreSQL server that is not there (stopped for an upgrade, mid-failover): every request that
 * needs it answers 503 `database_unavailable` with `Retry-After`, never a 500, so clients and the
 * phone's outbox try again instead of treating it as our bug or as a refusal.
 */
describe('while the database cannot be reached', () => {
  let connection: DatabaseConnection

  beforeAll(async () => {
    // A port nobody listens on: every connect is refused, as while PostgreSQL is stopped.
    const port = await findFreePort()
    connection = connectPostgres(
      new pg.Pool({ connectionString: `postgres://nobody@127.0.0.1:${port}/nothing`, connectionTimeoutMillis: 2_000 }),
      pino({ level: 'silent' }),
    )
  })
  afterAll(() => connection.close())

  it.each([
    ['a catalogue read', 'GET', '/cws-api/merchants'],
    ['a session lookup', 'GET', '/api/auth/session'],
    ['a sign-in code request', 'POST', '/api/auth/codes'],
    ['fixed rates', 'GET', '/utils/fixed-rate/thb'],
  ])('%s answers 503 database_unavailable with Retry-After', async (_, method, path) => {
    const app = createTestApp(connection.database)
    const response = await app.request(path, {
      method,
      headers: { 'Content-Type': 'application/json', Cookie: 'ngernkhuen_session=x' },
      ...(method === 'POST' ? { body: JSON.stringify({ identifier: 'someone@example.com' }) } : {}),
    })
    expect(response.status).toBe(503)
    expect(response.headers.get('Retry-After')).toBe('5')
    const body = await readErrorBody(response)
    expect(body.error.code).toBe('database_unavailable')
    expect(body.error.details?.retryAfterSeconds).toBe(5)
  })

  it('health says unavailable (its own code for load balancers)', async () => {
    const response = await createTestApp(connection.database).request('/api/health')
    expect(response.status).toBe(503)
    expect((await readErrorBody(response)).error.code).toBe('unavailable')
  })
})
