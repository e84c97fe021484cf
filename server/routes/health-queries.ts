import { sql } from 'drizzle-orm'
import { pingDatabase, withDatabaseDeadline, type Database } from '#server/db/database'
import { appSettings } from '#server/db/schema'

/**
 * The row the health check writes. It lives in `app_settings` (no table of its own) and is never
 * read as a setting (server/app-settings.ts knows only its own keys); its value says when and
 * which process last proved that the database takes writes.
 */
export const healthCheckSettingKey = 'health_check'

export type DatabaseHealth = { ok: true } | { ok: false; problem: 'unreachable' | 'unwritable'; error: unknown }

/**
 * Whether the database answers and takes a write, within `timeoutMilliseconds` for both.
 *
 * The write is a committed upsert of one row, not a write rolled back: a rolled-back insert
 * changes a page in shared memory and never waits for the disk, so it passes on a full disk.
 * A commit waits for its WAL record to be flushed (the default `synchronous_commit = on`), and
 * an update always writes a new row version, so this fails where the application's writes fail:
 * a full disk (the WAL cannot be written, or a file cannot be extended), a read-only database
 * (`default_transaction_read_only`, or a standby after a failover), revoked privileges, a row
 * locked by a stuck transaction (`statement_timeout` ends the wait on the server too, so probes
 * do not pile up behind it). PGlite writes its files under the data directory in the same way.
 * The cost is one tiny WAL record per probe; the dead row versions are the ordinary work of
 * autovacuum (and HOT updates keep them on the row's page).
 */
export async function checkDatabaseHealth(database: Database, timeoutMilliseconds: number): Promise<DatabaseHealth> {
  const started = Date.now()
  try {
    await pingDatabase(database, timeoutMilliseconds)
  } catch (error) {
    return { ok: false, problem: 'unreachable', error }
  }
  const remaining = Math.max(1, timeoutMilliseconds - (Date.now() - started))
  try {
    await withDatabaseDeadline(writeHeartbeat(database, remaining), remaining)
  } catch (error) {
    return { ok: false, problem: 'unwritable', error }
  }
  return { ok: true }
}

/**
 * `checkDatabaseHealth` shared by the calls of one process: calls while a check runs wait for
 * it, and its result answers for `freshForMilliseconds` more. Anyone can call `/api/health`;
 * without this, a flood of calls would queue on the heartbeat row's lock and hold every pooled
 * connection for up to the timeout, stalling the whole API (and failing its health everywhere).
 */
export function createDatabaseHealthProbe(
  database: Database,
  options: { timeoutMilliseconds: number; freshForMilliseconds: number },
): () => Promise<DatabaseHealth> {
  let latest: { result: Promise<DatabaseHealth>; settledAt: number | undefined } | undefined
  return () => {
    const isFresh =
      latest !== undefined &&
      (latest.settledAt === undefined || Date.now() - latest.settledAt < options.freshForMilliseconds)
    if (latest !== undefined && isFresh) return latest.result
    const probe: { result: Promise<DatabaseHealth>; settledAt: number | undefined } = {
      result: checkDatabaseHealth(database, options.timeoutMilliseconds),
      settledAt: undefined,
    }
    void probe.result.then(() => (probe.settledAt = Date.now()))
    latest = probe
    return probe.result
  }
}

async function writeHeartbeat(database: Database, timeoutMilliseconds: number): Promise<void> {
  const value = { at: new Date().toISOString(), pid: process.pid }
  await database.transaction(async (transaction) => {
    // `SET` takes no bind parameters; the number is ours.
    await transaction.execute(sql.raw(`set local statement_timeout = ${Math.ceil(timeoutMilliseconds)}`))
    await transaction
      .insert(appSettings)
      .values({ key: healthCheckSettingKey, value })
      .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: sql`now()` } })
  })
}
