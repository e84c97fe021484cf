import { sql } from 'drizzle-orm'
import pg from 'pg'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectPostgres } from '#server/db/database'
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

  it('shares one database check among the calls of a second: a flood of probes is one write', async () => {
    let transactions = 0
    const database = testDatabase.connection.database
    // Counts the heartbeat's transactions; everything else goes to the real database.
    const counted = new Proxy(database, {
      get(target, property, receiver) {
        if (property === 'transaction') transactions += 1
        return Reflect.get(target, property, receiver) as unknown
      },
    })
    const app = createTestApp(counted)
    const responses = await Promise.all(Array.from({ length: 50 }, async () => app.request('/api/health')))
    expect(responses.map((response) => response.status)).toEqual(Array.from({ length: 50 }, () => 200))
    expect((await app.request('/api/health')).status).toBe(200)
    expect(transactions).toBe(1)
  })

  it('answers 503 shutting_down once the process is stopping, while other routes still answer', async () => {
    let isShuttingDown = false
    const app = createTestApp(testDatabase.connection.database, { shutdown: { isShuttingDown: () => isShuttingDown } })
    expect((await app.request('/api/health')).status).toBe(200)
    isShuttingDown = true
    const response = await app.request('/api/health')
    expect(response.status).toBe(503)
    expect((await readErrorBody(response)).error.code).toBe('shutting_down')
    // The pre-stop window: the balancer has not noticed yet, and what it sends is still served.
    expect((await app.request('/api/status')).status).toBe(200)
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

  it('answers 503 database_unwritable when reads answer but every write fails (a full disk)', async () => {
    const full = await createTestDatabase()
    try {
      const { database } = full.connection
      // What PostgreSQL answers when it cannot extend a file on a full disk (SQLSTATE 53100).
      await database.execute(sql`
        create function refuse_write() returns trigger language plpgsql as $$
        begin
          raise exception 'could not extend file: No space left on device' using errcode = 'disk_full';
        end $$`)
      await database.execute(sql`
        create trigger refuse_write before insert or update on app_settings
        for each row execute function refuse_write()`)
      const response = await createTestApp(database).request('/api/health')
      expect(response.status).toBe(503)
      expect((await readErrorBody(response)).error.code).toBe('database_unwritable')
    } finally {
      await full.dispose()
    }
  })

  it('answers 503 database_unwritable on a read-only database (a standby after a failover)', async () => {
    const readOnly = await createTestDatabase()
    // PGlite has one session: setting it there makes every later transaction read-only. A
    // server's pool has several, so the database's default changes and a new pool sees it.
    let connection = readOnly.connection
    if (readOnly.url === undefined) {
      await connection.database.execute(sql`set default_transaction_read_only = on`)
    } else {
      const name = new URL(readOnly.url).pathname.slice(1)
      await connection.database.execute(sql.raw(`alter database "${name}" set default_transaction_read_only = on`))
      await connection.close()
      connection = connectPostgres(new pg.Pool({ connectionString: readOnly.url, max: 2 }), pino({ level: 'silent' }))
    }
    try {
      await connection.database.execute(sql`select 1`)
      const response = await createTestApp(connection.database).request('/api/health')
      expect(response.status).toBe(503)
      expect((await readErrorBody(response)).error.code).toBe('database_unwritable')
    } finally {
      await connection.close()
      await readOnly.dispose()
    }
  })
})
