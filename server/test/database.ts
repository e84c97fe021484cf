import { randomBytes } from 'node:crypto'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { pino } from 'pino'
import { connectPglite, connectPostgres, pgliteExtensions, type DatabaseConnection } from '#server/db/database'

/**
 * A fresh, migrated database per test file. By default an in-memory PGlite; with
 * `TEST_DATABASE_URL` (a PostgreSQL server URL) a new uniquely named database on that server,
 * dropped afterwards, so CI also proves the code against the real PostgreSQL used in production.
 */
export type TestDatabase = {
  connection: DatabaseConnection
  /** The server-side database's URL; `undefined` for in-memory PGlite. */
  url: string | undefined
  /** Closes the connection (if the test has not) and drops the server-side database. */
  dispose(): Promise<void>
}

/** Test infrastructure, not app configuration: the app's own settings go through `server/env.ts`. */
export const testDatabaseUrl = process.env['TEST_DATABASE_URL']?.trim() || undefined

export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const { migrate = true } = options
  if (testDatabaseUrl === undefined) {
    const connection = connectPglite(new PGlite({ extensions: pgliteExtensions }))
    if (migrate) await connection.migrate()
    return { connection, url: undefined, dispose: () => connection.close() }
  }

  const databaseName = `ngernkhuen_test_${Date.now()}_${randomBytes(4).toString('hex')}`
  const administration = new pg.Client({ connectionString: testDatabaseUrl })
  await administration.connect()
  await administration.query(`create database "${databaseName}"`)
  await administration.end()

  const url = new URL(testDatabaseUrl)
  url.pathname = `/${databaseName}`
  // Dropping the database terminates connections the pool is still closing; that is expected.
  const connection = connectPostgres(
    new pg.Pool({ connectionString: url.toString(), max: 4 }),
    pino({ level: 'silent' }),
  )
  if (migrate) await connection.migrate()

  return {
    connection,
    url: url.toString(),
    dispose: async () => {
      await connection.close()
      const cleanup = new pg.Client({ connectionString: testDatabaseUrl })
      await cleanup.connect()
      try {
        await cleanup.query(`drop database if exists "${databaseName}" with (force)`)
      } finally {
        await cleanup.end()
      }
    },
  }
}
