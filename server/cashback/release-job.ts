import { and, asc, eq, inArray, lte } from 'drizzle-orm'
import { changeTransaction } from '#server/cashback/transaction-changes'
import { tryAdvisoryTransactionLock } from '#server/db/advisory-locks'
import type { Database } from '#server/db/database'
import { cashbackTransactions } from '#server/db/schema'
import { startRepeatingJob, type RepeatingJob } from '#server/jobs/repeating-job'
import type { Logger } from '#server/logger'

/**
 * 1-day cashback (spec section 9): a pending purchase on the `one_day` release path (or on
 * `one_day_with_proof`, once its proof was approved) is approved by us once its `release_at`
 * passes, without waiting for the merchant. Every API process runs the scheduler; the
 * transaction-scoped advisory lock lets one of them work at a time and the others skip the round
 * instead of queueing behind it.
 */

/** Only has to differ from the other advisory lock keys (server/db/database.ts, server/seed). */
export const releaseAdvisoryLockKey = 7_210_003

/** Rows per round; a backlog is worked off over the next rounds. */
const releaseBatchSize = 500

export type ReleaseRound = {
  released: number
  /**
   * Due transactions whose approval failed this round. Each was rolled back on its own (the
   * others are released) and is tried again next round.
   */
  failed: { transactionId: string; error: unknown }[]
}

/**
 * Approves what is due at `now`; nothing at once when another process holds the lock. Each row
 * is approved in its own savepoint, so one that fails (a database error, a bug its data
 * triggers) is logged and skipped instead of rolling back the whole batch round after round.
 */
export async function releaseDueCashback(
  database: Database,
  now: Date,
  options: { logger?: Logger } = {},
): Promise<ReleaseRound> {
  return database.transaction(async (tx) => {
    if (!(await tryAdvisoryTransactionLock(tx, releaseAdvisoryLockKey))) return { released: 0, failed: [] }

    const due = await tx
      .select({ id: cashbackTransactions.id })
      .from(cashbackTransactions)
      .where(
        and(
          eq(cashbackTransactions.status, 'PENDING'),
          // `one_day_with_proof` has a `release_at` once its proof was approved.
          inArray(cashbackTransactions.releasePath, ['one_day', 'one_day_with_proof']),
          lte(cashbackTransactions.releaseAt, now),
        ),
      )
      .orderBy(asc(cashbackTransactions.releaseAt))
      .limit(releaseBatchSize)
      // A row a postback is changing right now is left for the next round. No key changes, so
      // the lock is the one changeTransaction takes (see there).
      .for('no key update', { skipLocked: true })

    let released = 0
    const failed: ReleaseRound['failed'] = []
    for (const { id } of due) {
      try {
        const result = await tx.transaction((savepoint) =>
          changeTransaction(savepoint, {
            transactionId: id,
            event: { kind: 'network_update', status: 'APPROVED' },
            actor: 'release-job',
            isEarlyRelease: true,
            now,
          }),
        )
        if (result.ok && result.changed) released += 1
      } catch (error) {
        failed.push({ transactionId: id, error })
        options.logger?.error(
          { err: error, transactionId: id },
          'releasing 1-day cashback failed for one transaction; it is tried again next round',
        )
      }
    }
    return { released, failed }
  })
}

export type ReleaseScheduler = RepeatingJob

/** Runs `releaseDueCashback` now and then every `intervalMilliseconds` after the previous round ends. */
export function startReleaseScheduler(options: {
  database: Database
  logger: Logger
  intervalMilliseconds?: number
  now?: () => Date
}): ReleaseScheduler {
  const { database, logger, intervalMilliseconds = 60_000, now = () => new Date() } = options
  return startRepeatingJob({
    logger,
    intervalMilliseconds,
    failureMessage: 'releasing 1-day cashback failed; retrying next round',
    async runRound() {
      // Failed rows are logged one by one inside.
      const { released, failed } = await releaseDueCashback(database, now(), { logger })
      if (released > 0 || failed.length > 0) {
        logger.info({ released, failed: failed.length }, 'released 1-day cashback')
      }
    },
  })
}
