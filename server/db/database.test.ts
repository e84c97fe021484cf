import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql, type SQL } from 'drizzle-orm'
import { pino } from 'pino'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readSetting, writeSetting } from '#server/app-settings'
import { DataDirectoryInUseError } from '#server/db/data-directory-lock'
import { defaultDatabasePoolMax, openDatabase, type Database } from '#server/db/database'
import { appSettings } from '#server/db/schema'
import { createTestDatabase, testDatabaseUrl, type TestDatabase } from '#server/test/database'

const logger = pino({ level: 'silent' })

/** Raw results differ per driver (and are typed `unknown`); both carry `rows`. */
async function selectRows<Row extends v.GenericSchema>(database: Database, query: SQL, row: Row) {
  return v.parse(v.object({ rows: v.array(row) }), await database.execute(query)).rows
}

async function appliedMigrationCount(database: Database): Promise<number> {
  const rows = await selectRows(
    database,
    sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
    v.object({ count: v.number() }),
  )
  return rows[0]?.count ?? -1
}

describe('migrations', () => {
  let testDatabase: TestDatabase
  beforeAll(async () => {
    testDatabase = await createTestDatabase()
  })
  afterAll(() => testDatabase.dispose())

  it('create the app_settings table with its columns', async () => {
    const rows = await selectRows(
      testDatabase.connection.database,
      sql`select column_name, data_type from information_schema.columns
          where table_schema = 'public' and table_name = 'app_settings' order by ordinal_position`,
      v.object({ column_name: v.string(), data_type: v.string() }),
    )
    expect(rows).toEqual([
      { column_name: 'key', data_type: 'text' },
      { column_name: 'value', data_type: 'jsonb' },
      { column_name: 'updated_at', data_type: 'timestamp with time zone' },
    ])
  })

  it('record every migration once and are a no-op when applied again', async () => {
    const { database } = testDatabase.connection
    const journal: unknown = JSON.parse(
      await readFile(path.join(import.meta.dirname, 'migrations/meta/_journal.json'), 'utf8'),
    )
    const journalEntries =
      typeof journal === 'object' && journal !== null && 'entries' in journal ? journal.entries : []
    const expectedCount = Array.isArray(journalEntries) ? journalEntries.length : 0
    expect(expectedCount).toBeGreaterThan(0)
    expect(await appliedMigrationCount(database)).toBe(expectedCount)

    await writeSetting(database, 'maintenance', true)
    await testDatabase.connection.migrate()
    expect(await appliedMigrationCount(database)).toBe(expectedCount)
    // Data survives a second run: nothing was recreated.
    expect(await readSetting(database, 'maintenance')).toBe(true)
  })
})

describe.runIf(testDatabaseUrl !== undefined)('PostgreSQL server', () => {
  let testDatabase: TestDatabase
  beforeAll(async () => {
    testDatabase = await createTestDatabase({ migrate: false })
  })
  afterAll(() => testDatabase.dispose())

  it('lets several processes starting at once migrate without racing', async () => {
    const connections = await Promise.all(
      [1, 2, 3].map(() => openDatabase({ databaseUrl: testDatabase.url, dataDirectory: '/nonexistent', logger })),
    )
    try {
      expect(connections.map((connection) => connection.kind)).toEqual(['postgres', 'postgres', 'postgres'])
      await Promise.all(connections.map((connection) => connection.migrate()))
      const [first] = connections
      if (first === undefined) throw new Error('No connection')
      expect(await appliedMigrationCount(first.database)).toBeGreaterThan(0)
      await writeSetting(first.database, 'maintenance', true)
      expect(await readSetting(testDatabase.connection.database, 'maintenance')).toBe(true)
    } finally {
      await Promise.all(connections.map((connection) => connection.close()))
    }
  })

  /** Server sessions the pool uses for `count` queries that each hold their session a moment. */
  async function sessionsUsedAtOnce(database: Database, count: number): Promise<number> {
    const rows = await Promise.all(
      Array.from({ length: count }, () =>
        selectRows(database, sql`select pg_backend_pid() as pid, pg_sleep(0.2)::text`, v.object({ pid: v.number() })),
      ),
    )
    return new Set(rows.flat().map((row) => row.pid)).size
  }

  it('opens at most DATABASE_POOL_MAX connections, 10 unless told', async () => {
    const small = await openDatabase({
      databaseUrl: testDatabase.url,
      poolMax: 3,
      dataDirectory: '/nonexistent',
      logger,
    })
    const standard = await openDatabase({ databaseUrl: testDatabase.url, dataDirectory: '/nonexistent', logger })
    try {
      expect(await sessionsUsedAtOnce(small.database, 8)).toBe(3)
      expect(await sessionsUsedAtOnce(standard.database, 14)).toBe(defaultDatabasePoolMax)
    } finally {
      await small.close()
      await standard.close()
    }
  })

  it('migrates through DATABASE_DIRECT_URL, the session a pooler would not keep', async () => {
    const url = testDatabase.url
    if (url === undefined) throw new Error('No server URL')
    // The pool's address leads nowhere; only the direct one reaches the server.
    const unreachable = new URL(url)
    unreachable.port = '1'
    const connection = await openDatabase({
      databaseUrl: unreachable.toString(),
      directUrl: url,
      dataDirectory: '/nonexistent',
      logger,
    })
    try {
      await connection.migrate()
      expect(await appliedMigrationCount(testDatabase.connection.database)).toBeGreaterThan(0)
      await expect(connection.database.execute(sql`select 1`)).rejects.toThrow()
    } finally {
      await connection.close()
    }
  })
})

describe('app settings', () => {
  let testDatabase: TestDatabase
  beforeAll(async () => {
    testDatabase = await createTestDatabase()
  })
  afterAll(() => testDatabase.dispose())

  it('reads undefined for a setting never written, then what was written last', async () => {
    const { database } = testDatabase.connection
    expect(await readSetting(database, 'maintenance')).toBeUndefined()
    await writeSetting(database, 'maintenance', true)
    expect(await readSetting(database, 'maintenance')).toBe(true)
    await writeSetting(database, 'maintenance', false)
    expect(await readSetting(database, 'maintenance')).toBe(false)
    const rows = await database.select().from(appSettings)
    expect(rows).toHaveLength(1)
    expect(rows[0]?.updatedAt).toBeInstanceOf(Date)
  })

  it('refuses to read a row whose value has the wrong shape', async () => {
    const { database } = testDatabase.connection
    await database
      .insert(appSettings)
      .values({ key: 'maintenance', value: 'yes' })
      .onConflictDoUpdate({ target: appSettings.key, set: { value: 'yes' } })
    await expect(readSetting(database, 'maintenance')).rejects.toThrow(/app_settings row "maintenance"/)
  })
})

describe('embedded database on disk', () => {
  let dataDirectory: string
  beforeAll(async () => {
    dataDirectory = await mkdtemp(path.join(tmpdir(), 'ngernkhuen-data-'))
  })
  afterAll(() => rm(dataDirectory, { recursive: true, force: true }))

  it('persists across close and reopen, and lets only one opener in at a time', async () => {
    const first = await openDatabase({ databaseUrl: undefined, dataDirectory, logger })
    expect(first.kind).toBe('pglite')
    await first.migrate()
    await writeSetting(first.database, 'maintenance', true)

    await expect(openDatabase({ databaseUrl: undefined, dataDirectory, logger })).rejects.toThrow(
      DataDirectoryInUseError,
    )
    await first.close()

    const second = await openDatabase({ databaseUrl: undefined, dataDirectory, logger })
    try {
      expect(await readSetting(second.database, 'maintenance')).toBe(true)
    } finally {
      await second.close()
    }
  })

  it('takes over a lock left behind by a process that no longer exists', async () => {
    // Pids are below 2^22 on Linux, so this one cannot be alive.
    await writeFile(path.join(dataDirectory, 'pglite.lock'), '2147483646')
    const connection = await openDatabase({ databaseUrl: undefined, dataDirectory, logger })
    await connection.close()
  })
})
