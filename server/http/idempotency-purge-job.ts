import { sql } from 'drizzle-orm'
import * as v from 'valibot'
import { sessionMaxAgeSeconds } from '#domain/contracts/auth'
import type { Database } from '#server/db/database'
import { idempotencyKeys } from '#server/db/schema'
import { startRepeatingJob, type RepeatingJob } from '#server/jobs/repeating-job'
import type { Logger } from '#server/logger'

/**
 * Idempotency keys (server/http/idempotency.ts) are only needed while a phone may still send the
 * same key again: an outbox item that went out but whose answer never came back
 * (src/lib/outbox.ts, decision 006). Such an item has no age limit on the phone; it waits, offline
 * or with the app closed, and is sent again whenever the app runs online (every 2 s to 5 min).
 * What bounds it is the session the resend needs: a session lasts 30 days from its last use
 * (`sessionMaxAgeSeconds`), the first send was a use, and the phone cannot use the session again
 * without being online, where the outbox resends within minutes. Once that session is gone the
 * resend is refused (401), the item is kept as refused, and sending it again takes a new key
 * (`outbox.retry`). So no resend of a key comes more than 30 days after the key was stored.
 *
 * The retention is twice that, 60 days today: margin for the processes' clocks and for a session
 * length that grows later. A key purged too early would let a late resend run its write again (a
 * second withdrawal); a key kept longer costs one small row.
 */
export const idempotencyKeyRetentionMilliseconds = 2 * sessionMaxAgeSeconds * 1000

/** Rows per statement: short locks, short transactions; a backlog is worked off batch after batch. */
const purgeBatchSize = 1_000

const deletedRowsSchema = v.object({ rows: v.array(v.unknown()) })

/**
 * Deletes at most `batchSize` keys stored before `now` minus the retention; answers how many. A
 * queue in decision 011's sense: rows another process is deleting right now are skipped, so N
 * processes purging at once never wait on each other.
 */
export async function purgeExpiredIdempotencyKeys(
  database: Database,
  now: Date,
  options: { batchSize?: number } = {},
): Promise<number> {
  const { batchSize = purgeBatchSize } = options
  const cutoff = new Date(now.getTime() - idempotencyKeyRetentionMilliseconds)
  // The subquery reads through idempotency_keys_created (created_at).
  const result = await database.execute(sql`
    delete from ${idempotencyKeys}
    where (${idempotencyKeys.ownerId}, ${idempotencyKeys.key}) in (
      select ${idempotencyKeys.ownerId}, ${idempotencyKeys.key} from ${idempotencyKeys}
      where ${idempotencyKeys.createdAt} < ${cutoff.toISOString()}::timestamptz
      limit ${batchSize}
      for update skip locked)
    returning 1`)
  return v.parse(deletedRowsSchema, result).rows.length
}

/**
 * Purges expired keys now and then every `intervalMilliseconds`, batch after batch until a batch
 * comes back short (or the process is stopping).
 */
export function startIdempotencyPurgeScheduler(options: {
  database: Database
  logger: Logger
  intervalMilliseconds?: number
  now?: () => Date
  batchSize?: number
}): RepeatingJob {
  const { database, logger, intervalMilliseconds = 60 * 60_000, now = () => new Date() } = options
  const batchSize = options.batchSize ?? purgeBatchSize
  return startRepeatingJob({
    logger,
    intervalMilliseconds,
    failureMessage: 'purging expired idempotency keys failed; retrying next round',
    async runRound(isStopping) {
      let purged = 0
      let deleted = batchSize
      while (deleted === batchSize && !isStopping()) {
        deleted = await purgeExpiredIdempotencyKeys(database, now(), { batchSize })
        purged += deleted
      }
      if (purged > 0) logger.info({ purged }, 'purged expired idempotency keys')
    },
  })
}
