import { sql } from 'drizzle-orm'
import * as v from 'valibot'
import type { Database } from '#server/db/database'

const lockRowsSchema = v.object({ rows: v.array(v.object({ isLocked: v.boolean() })) })

/**
 * Takes the transaction-scoped advisory lock `key` if no other session holds it: a job round that
 * one process at a time may run (decision 011) skips instead of queueing behind another. Released
 * when the transaction ends.
 */
export async function tryAdvisoryTransactionLock(tx: Database, key: number): Promise<boolean> {
  const lock = v.parse(lockRowsSchema, await tx.execute(sql`select pg_try_advisory_xact_lock(${key}) as "isLocked"`))
  return lock.rows[0]?.isLocked === true
}
