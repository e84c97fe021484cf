import { and, asc, eq, gt, inArray, lte, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import { waitingCashbackReminderDays } from '#domain/notifications/notification-rules'
import { addDays } from '#domain/dates'
import { tryAdvisoryTransactionLock } from '#server/db/advisory-locks'
import type { Database } from '#server/db/database'
import { cashbackTransactions, notifications, withdrawals } from '#server/db/schema'
import { startRepeatingJob, type RepeatingJob } from '#server/jobs/repeating-job'
import type { Logger } from '#server/logger'
import { purchaseNotificationValues, recordNotification } from '#server/notifications/notification-records'

/**
 * Reminders (issue 16): approved cashback not accepted 3 days on, a purchase whose merchant
 * confirmation is later than expected, a withdrawal later than its expected date. Each is written
 * once per reason (`recordNotification`'s reason key), so rounds can overlap what earlier rounds
 * saw; one process writes at a time (the advisory lock, as the release job).
 */

/** Only has to differ from the other advisory lock keys (release-job.ts, server/db/database.ts). */
export const reminderAdvisoryLockKey = 7_210_016

/** Reasons found a round at most, per kind; the rest wait for the next round. */
const reminderBatchSize = 200

/**
 * How far back a round looks. A reminder about something weeks old helps nobody, and the bound
 * keeps each round's scan small however long the history grows.
 */
const lookBackDays = 7

/**
 * Leaves out what was reminded of already, so a batch always holds new reasons (without it, 200
 * old ones would fill every round).
 */
function notToldYet(buyerId: AnyColumn, reasonKey: SQL): SQL {
  return sql`not exists (select 1 from ${notifications} where ${notifications.buyerId} = ${buyerId} and ${notifications.reasonKey} = ${reasonKey})`
}

/** Reasons newly found in a round, by kind. */
export type ReminderRound = { waiting: number; overduePurchases: number; overdueWithdrawals: number }

export async function writeDueReminders(database: Database, now: Date): Promise<ReminderRound> {
  return database.transaction(async (tx) => {
    const round: ReminderRound = { waiting: 0, overduePurchases: 0, overdueWithdrawals: 0 }
    if (!(await tryAdvisoryTransactionLock(tx, reminderAdvisoryLockKey))) return round

    const waitingSince = addDays(now, -waitingCashbackReminderDays)
    const waiting = await tx
      .select()
      .from(cashbackTransactions)
      .where(
        and(
          eq(cashbackTransactions.status, 'APPROVED'),
          eq(cashbackTransactions.accepted, false),
          gt(cashbackTransactions.cashbackAmount, 0),
          lte(cashbackTransactions.approvedAt, waitingSince),
          gt(cashbackTransactions.approvedAt, addDays(waitingSince, -lookBackDays)),
          notToldYet(cashbackTransactions.buyerId, sql`'waiting:' || ${cashbackTransactions.id}`),
        ),
      )
      .orderBy(asc(cashbackTransactions.approvedAt))
      .limit(reminderBatchSize)
    for (const purchase of waiting) {
      await recordNotification(tx, {
        buyerId: purchase.buyerId,
        kind: 'cashback_waiting',
        reasonKey: `waiting:${purchase.id}`,
        values: await purchaseNotificationValues(tx, purchase),
        now,
      })
      round.waiting += 1
    }

    const overdue = await tx
      .select()
      .from(cashbackTransactions)
      .where(
        and(
          inArray(cashbackTransactions.status, ['TRACKING', 'PENDING']),
          lte(cashbackTransactions.expectedAt, now),
          gt(cashbackTransactions.expectedAt, addDays(now, -lookBackDays)),
          notToldYet(
            cashbackTransactions.buyerId,
            sql`'overdue:' || ${cashbackTransactions.id} || ':' || ${cashbackTransactions.status}`,
          ),
        ),
      )
      .orderBy(asc(cashbackTransactions.expectedAt))
      .limit(reminderBatchSize)
    for (const purchase of overdue) {
      // A new expected date (the purchase moved on to pending) is a new reason.
      await recordNotification(tx, {
        buyerId: purchase.buyerId,
        kind: 'purchase_overdue',
        reasonKey: `overdue:${purchase.id}:${purchase.status}`,
        values: await purchaseNotificationValues(tx, purchase),
        now,
      })
      round.overduePurchases += 1
    }

    const late = await tx
      .select()
      .from(withdrawals)
      .where(
        and(
          inArray(withdrawals.status, ['requested', 'processing']),
          lte(withdrawals.expectedBy, now),
          gt(withdrawals.expectedBy, addDays(now, -lookBackDays)),
          notToldYet(withdrawals.buyerId, sql`'withdrawal-overdue:' || ${withdrawals.id}`),
        ),
      )
      .orderBy(asc(withdrawals.expectedBy))
      .limit(reminderBatchSize)
    for (const withdrawal of late) {
      await recordNotification(tx, {
        buyerId: withdrawal.buyerId,
        kind: 'withdrawal_overdue',
        reasonKey: `withdrawal-overdue:${withdrawal.id}`,
        values: { withdrawalId: withdrawal.id, amount: withdrawal.netAmount },
        now,
      })
      round.overdueWithdrawals += 1
    }
    return round
  })
}

export type ReminderScheduler = RepeatingJob

/** Runs `writeDueReminders` now and every `intervalMilliseconds` after the previous round ends. */
export function startReminderScheduler(options: {
  database: Database
  logger: Logger
  intervalMilliseconds?: number
  now?: () => Date
}): ReminderScheduler {
  const { database, logger, intervalMilliseconds = 10 * 60_000, now = () => new Date() } = options
  return startRepeatingJob({
    logger,
    intervalMilliseconds,
    failureMessage: 'writing reminders failed; retrying next round',
    async runRound() {
      await writeDueReminders(database, now())
    },
  })
}
