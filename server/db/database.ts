import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { sql } from 'drizzle-orm'
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { acquireDataDirectoryLock } from '#server/db/data-directory-lock'
import * as schema from '#server/db/schema'
import type { Logger } from '#server/logger'

/**
 * The one query-layer type all server code uses. Both drivers produce a drizzle `PgDatabase`, so
 * nothing outside this file knows whether it talks to embedded PGlite or a PostgreSQL server.
 */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>

export type DatabaseKind = 'pglite' | 'postgres'

/**
 * Where server/events/event-channel.ts listens for notifications: PGlite's own client (its one
 * in-process session hears its own NOTIFYs), or a dedicated PostgreSQL session opened outside the
 * pool, since LISTEN lasts only as long as the session that ran it.
 */
export type ListenTarget = { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; openSession: () => pg.Client }

/** How the listener session shows up in `pg_stat_activity`. */
export const listenerApplicationName = 'ngernkhuen-events'

export type DatabaseConnection = {
  readonly database: Database
  readonly kind: DatabaseKind
  readonly listenTarget: ListenTarget
  /** Applies pending migrations from `server/db/migrations`; a no-op when up to date. */
  migrate(): Promise<void>
  /** Idempotent. PGlite flushes and shuts down cleanly, so its data directory stays consistent. */
  close(): Promise<void>
}

/**
 * Extensions the migrations create. PGlite ships each as a separate bundle that must be loaded
 * when the database opens; PostgreSQL servers have them in their contrib package.
 */
export const pgliteExtensions = { pg_trgm }

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

/**
 * Any constant works as long as every process uses the same one; it only has to differ from
 * other advisory locks the database might take later.
 */
const migrationAdvisoryLockKey = 7_210_001

/** Connections a process's pool opens at most when `DATABASE_POOL_MAX` is not set. */
export const defaultDatabasePoolMax = 10

/** How the migration session shows up in `pg_stat_activity`. */
const migrationApplicationName = 'ngernkhuen-migrate'

function onceOnly(action: () => Promise<void>): () => Promise<void> {
  let result: Promise<void> | undefined
  return () => (result ??= action())
}

export function connectPglite(client: PGlite, onClosed: () => Promise<void> = async () => {}): DatabaseConnection {
  const database = drizzlePglite({ client, schema })
  return {
    database,
    kind: 'pglite',
    listenTarget: { kind: 'pglite', client },
    migrate: () => migratePglite(database, { migrationsFolder }),
    close: onceOnly(async () => {
      if (!client.closed) await client.close()
      await onClosed()
    }),
  }
}

export function connectPostgres(
  pool: pg.Pool,
  logger: Logger,
  options: {
    /**
     * Where a connection that must be a session of its own goes (the migration lock and, with the
     * event channel, LISTEN): `DATABASE_DIRECT_URL` when the pool goes through a pooler in
     * transaction mode, which hands each transaction to any server connection. The pool's own
     * settings otherwise.
     */
    sessionConfig?: pg.ClientConfig
  } = {},
): DatabaseConnection {
  const sessionConfig: pg.ClientConfig = options.sessionConfig ?? pool.options
  // An idle pooled connection that breaks (server restart, failover, network) is emitted as
  // 'error' on the pool; unhandled, that event would crash the process. The pool replaces the
  // connection on the next query, so logging is enough.
  pool.on('error', (error) => logger.warn({ err: error }, 'idle PostgreSQL connection failed'))
  // One that breaks while a transaction holds it between two statements (the catalogue index reads
  // for seconds) is emitted on the connection itself, which the pool listens to only while idle:
  // that too would crash the process. The transaction's next statement fails and reports it.
  pool.on('connect', (client) => client.on('error', () => {}))
  const database = drizzleNodePostgres({ client: pool, schema })
  return {
    database,
    kind: 'postgres',
    listenTarget: {
      kind: 'postgres',
      // The pool's own settings (address, credentials, TLS), but a session of its own; kept alive
      // by TCP so a silently dropped path is noticed even between the channel's heartbeats.
      openSession: () =>
        new pg.Client({ ...sessionConfig, application_name: listenerApplicationName, keepAlive: true }),
    },
    migrate: async () => {
      // Several stateless processes may start at once; the session-level advisory lock makes
      // them apply migrations one after another instead of racing on the same DDL. The lock is
      // the session's, so the migrations run in that same session, opened for the purpose.
      const session = new pg.Client({ ...sessionConfig, application_name: migrationApplicationName })
      session.on('error', (error) => logger.warn({ err: error }, 'migration session failed'))
      await session.connect()
      try {
        await session.query('select pg_advisory_lock($1)', [migrationAdvisoryLockKey])
        await migrateNodePostgres(drizzleNodePostgres({ client: session, schema }), { migrationsFolder })
      } finally {
        await session.query('select pg_advisory_unlock($1)', [migrationAdvisoryLockKey]).catch(() => {})
        await session.end().catch(() => {})
      }
    },
    close: onceOnly(() => pool.end()),
  }
}

const postgresConnectTimeoutMilliseconds = 5_000

/**
 * A PostgreSQL server when `databaseUrl` is set, otherwise embedded PGlite persisted under
 * `dataDirectory/pglite` (guarded by a lock file so only one process opens it).
 */
export async function openDatabase(options: {
  databaseUrl: string | undefined
  dataDirectory: string
  logger: Logger
  /** `DATABASE_POOL_MAX`: connections the pool opens at most (docs/scaling.md). */
  poolMax?: number
  /** `DATABASE_DIRECT_URL`: the same database without a pooler, for session-bound connections. */
  directUrl?: string | undefined
}): Promise<DatabaseConnection> {
  if (options.databaseUrl !== undefined) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      // While the server cannot be reached (a failover moving its address drops packets instead of
      // refusing them), a connect would otherwise wait for the kernel's TCP timeout, minutes:
      // give up in time for the request to answer 503 database_unavailable. Also bounds the wait
      // for a free connection when the pool is exhausted.
      connectionTimeoutMillis: postgresConnectTimeoutMilliseconds,
      max: options.poolMax ?? defaultDatabasePoolMax,
      // A pooled connection whose server vanished is noticed while idle and replaced.
      keepAlive: true,
    })
    return connectPostgres(pool, options.logger, {
      sessionConfig:
        options.directUrl === undefined ? undefined : { ...pool.options, connectionString: options.directUrl },
    })
  }
  await mkdir(options.dataDirectory, { recursive: true })
  const lock = await acquireDataDirectoryLock(path.join(options.dataDirectory, 'pglite.lock'))
  try {
    const client = await PGlite.create(path.join(options.dataDirectory, 'pglite'), { extensions: pgliteExtensions })
    return connectPglite(client, () => lock.release())
  } catch (error) {
    await lock.release()
    throw error
  }
}

export class DatabaseTimeoutError extends Error {
  override name = 'DatabaseTimeoutError'
}

/**
 * `work`, or `DatabaseTimeoutError` after `timeoutMilliseconds`: the deadline is this process's,
 * so a connection that never answers cannot hang the caller (a health probe) with it.
 */
export async function withDatabaseDeadline<Result>(
  work: Promise<Result>,
  timeoutMilliseconds: number,
): Promise<Result> {
  let timer: NodeJS.Timeout | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new DatabaseTimeoutError(`No answer within ${timeoutMilliseconds} ms`)),
      timeoutMilliseconds,
    )
  })
  try {
    return await Promise.race([work, deadline])
  } finally {
    clearTimeout(timer)
  }
}

/** `select 1` with a deadline: a hung connection must not hang the health check with it. */
export async function pingDatabase(database: Database, timeoutMilliseconds: number): Promise<void> {
  await withDatabaseDeadline(database.execute(sql`select 1`), timeoutMilliseconds)
}
