import type { Agent } from 'node:https'
import { and, count, eq, gte, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm'
import webpush from 'web-push'
import type { PushPayload } from '#domain/contracts/notifications'
import {
  bangkokDayStart,
  isMoneyTopic,
  notificationKinds,
  notificationLink,
  pushAllowedFrom,
  dailyPushLimit,
  topicOfKind,
  type NotificationKind,
  type NotificationTopic,
} from '#domain/notifications/notification-rules'
import type { Database } from '#server/db/database'
import { cashbackTransactions, notifications, pushSubscriptions } from '#server/db/schema'
import type { EventChannel } from '#server/events/event-channel'
import { startRepeatingJob, type RepeatingJob } from '#server/jobs/repeating-job'
import type { Logger } from '#server/logger'
import { readMutedTopics } from '#server/notifications/notification-queries'
import type { VapidKeys } from '#server/notifications/push-settings'

/**
 * The push worker (issue 16): sends the notifications outbox (`notifications` rows whose push is
 * due) to every device of their buyer. Every process runs it; a row is claimed with a lease
 * (`FOR UPDATE SKIP LOCKED`, then `push_lease_until`), so processes never send the same row at the
 * same time, and a process that dies mid-send leaves the row to another once the lease ends.
 * That makes a push at-least-once: the notification's tag (its id) makes a browser show a repeat
 * as the same notification.
 */

/** What a push service said of one message to one device. */
export type PushOutcome =
  | { kind: 'delivered' }
  /** 404/410: the subscription is no more (the app was uninstalled, permission withdrawn). */
  | { kind: 'gone' }
  /** Worth trying again later: 429, 5xx, a timeout, a refused connection. */
  | { kind: 'retry'; detail: string }
  /** Refused for good (400, 403, 413…): trying again would fail the same way. */
  | { kind: 'refused'; detail: string }

export type PushTarget = { endpoint: string; p256dh: string; auth: string }

export type PushDelivery = (
  target: PushTarget,
  payload: string,
  options: { ttlSeconds: number; urgency: 'very-low' | 'low' | 'normal' | 'high' },
) => Promise<PushOutcome>

/**
 * Sends through the `web-push` library (RFC 8291 encryption, RFC 8292 VAPID). `agent` is for
 * tests, whose push service has a certificate of their own.
 */
export function createWebPushDelivery(keys: VapidKeys, options: { agent?: Agent } = {}): PushDelivery {
  return async (target, payload, { ttlSeconds, urgency }) => {
    try {
      await webpush.sendNotification(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        payload,
        {
          vapidDetails: keys,
          TTL: ttlSeconds,
          urgency,
          contentEncoding: 'aes128gcm',
          timeout: 10_000,
          ...(options.agent === undefined ? {} : { agent: options.agent }),
        },
      )
      return { kind: 'delivered' }
    } catch (error) {
      if (error instanceof webpush.WebPushError) {
        const status = error.statusCode
        if (status === 404 || status === 410) return { kind: 'gone' }
        const detail = `HTTP ${status}: ${error.body.slice(0, 200)}`
        return status === 429 || status >= 500 ? { kind: 'retry', detail } : { kind: 'refused', detail }
      }
      return { kind: 'retry', detail: error instanceof Error ? error.message : String(error) }
    }
  }
}

/** Rows a round takes at most; a backlog is worked off round after round. */
export const pushBatchSize = 20
/** Time a claimed row is this process's to send (ten 10-second timeouts and then some). */
const leaseMilliseconds = 2 * 60 * 1000
/** Attempts before a push is given up (`failed`); the in-app list still has it. */
export const maxPushAttempts = 6
/** 30 s, 2 min, 8 min, 32 min, ~2 h after the 1st…5th failed attempt. */
function retryDelayMilliseconds(attempts: number): number {
  return 30_000 * 4 ** Math.max(0, attempts - 1)
}

/**
 * How long a push service keeps a message for a device that is off, and how hard it tries to
 * wake it: money news for 2 days at high urgency; a reminder is stale by the evening.
 */
function deliveryOptions(topic: NotificationTopic): Parameters<PushDelivery>[2] {
  if (isMoneyTopic(topic)) return { ttlSeconds: 2 * 24 * 60 * 60, urgency: 'high' }
  if (topic === 'support') return { ttlSeconds: 24 * 60 * 60, urgency: 'normal' }
  return { ttlSeconds: 12 * 60 * 60, urgency: 'low' }
}

const cappedKinds = notificationKinds.filter((kind) => !isMoneyTopic(topicOfKind[kind]))

export type PushRound = { sent: number; skipped: number; held: number; retrying: number; failed: number }

type ClaimedRow = typeof notifications.$inferSelect

async function claimDuePushes(database: Database, now: Date): Promise<ClaimedRow[]> {
  const due = database
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.pushStatus, 'pending'),
        lte(notifications.pushDueAt, now),
        or(isNull(notifications.pushLeaseUntil), lt(notifications.pushLeaseUntil, now)),
      ),
    )
    .orderBy(notifications.pushDueAt)
    .limit(pushBatchSize)
    .for('update', { skipLocked: true })
  return database
    .update(notifications)
    .set({
      pushLeaseUntil: new Date(now.getTime() + leaseMilliseconds),
      pushAttempts: sql`${notifications.pushAttempts} + 1`,
    })
    .where(inArray(notifications.id, due))
    .returning()
}

type Settlement = { status: 'sent' | 'skipped' | 'failed' } | { status: 'pending'; dueAt: Date; isAttempt: boolean }

async function settle(database: Database, row: ClaimedRow, settlement: Settlement, now: Date): Promise<void> {
  await database
    .update(notifications)
    .set(
      settlement.status === 'pending'
        ? {
            pushDueAt: settlement.dueAt,
            pushLeaseUntil: null,
            // Held for quiet hours is not a try.
            ...(settlement.isAttempt ? {} : { pushAttempts: row.pushAttempts - 1 }),
          }
        : {
            pushStatus: settlement.status,
            pushDueAt: null,
            pushLeaseUntil: null,
            pushedAt: settlement.status === 'sent' ? now : null,
          },
    )
    // Still this round's: past its lease another process may have taken it over.
    .where(and(eq(notifications.id, row.id), eq(notifications.pushLeaseUntil, leaseOf(row))))
}

function leaseOf(row: ClaimedRow): Date {
  if (row.pushLeaseUntil === null) throw new Error(`notification ${row.id} was claimed without a lease`)
  return row.pushLeaseUntil
}

async function isOverDailyLimit(database: Database, buyerId: string, now: Date): Promise<boolean> {
  const [pushed] = await database
    .select({ total: count() })
    .from(notifications)
    .where(
      and(
        eq(notifications.buyerId, buyerId),
        eq(notifications.pushStatus, 'sent'),
        gte(notifications.pushedAt, bangkokDayStart(now)),
        inArray(notifications.kind, cappedKinds),
      ),
    )
  return (pushed?.total ?? 0) >= dailyPushLimit
}

/** Approved cashback waiting to be accepted: the app icon's badge. */
export async function countWaitingToAccept(database: Database, buyerId: string): Promise<number> {
  const [waiting] = await database
    .select({ total: count() })
    .from(cashbackTransactions)
    .where(
      and(
        eq(cashbackTransactions.buyerId, buyerId),
        eq(cashbackTransactions.status, 'APPROVED'),
        eq(cashbackTransactions.accepted, false),
      ),
    )
  return waiting?.total ?? 0
}

async function sendOne(
  database: Database,
  row: ClaimedRow,
  deliver: PushDelivery,
  now: Date,
  logger: Logger | undefined,
): Promise<Settlement> {
  const kind: NotificationKind = row.kind
  const topic = topicOfKind[kind]
  const allowedFrom = pushAllowedFrom(topic, now)
  if (allowedFrom > now) return { status: 'pending', dueAt: allowedFrom, isAttempt: false }
  if ((await readMutedTopics(database, row.buyerId)).includes(topic)) return { status: 'skipped' }
  if (!isMoneyTopic(topic) && (await isOverDailyLimit(database, row.buyerId, now))) return { status: 'skipped' }

  const devices = await database.select().from(pushSubscriptions).where(eq(pushSubscriptions.buyerId, row.buyerId))
  if (devices.length === 0) return { status: 'skipped' }
  const badgeCount = await countWaitingToAccept(database, row.buyerId)
  const options = deliveryOptions(topic)

  const outcomes = await Promise.all(
    devices.map(async (device) => {
      const payload = {
        notificationId: row.id,
        kind,
        values: row.values,
        locale: device.locale,
        link: notificationLink(kind, row.values, device.locale),
        badgeCount,
      } satisfies PushPayload
      const outcome = await deliver(device, JSON.stringify(payload), options)
      if (outcome.kind === 'gone') {
        await database.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id))
      }
      if (outcome.kind === 'retry' || outcome.kind === 'refused') {
        logger?.warn({ notificationId: row.id, device: device.id, detail: outcome.detail }, 'a push was not accepted')
      }
      return outcome.kind
    }),
  )
  // Delivered to one device is told: the others missed it, and the in-app list has it for them.
  if (outcomes.includes('delivered')) return { status: 'sent' }
  if (outcomes.includes('retry')) {
    if (row.pushAttempts >= maxPushAttempts) return { status: 'failed' }
    return {
      status: 'pending',
      dueAt: new Date(now.getTime() + retryDelayMilliseconds(row.pushAttempts)),
      isAttempt: true,
    }
  }
  return { status: outcomes.includes('refused') ? 'failed' : 'skipped' }
}

/** One round: claims what is due at `now` and sends it. */
export async function sendDuePushes(
  database: Database,
  options: { now: Date; deliver: PushDelivery; logger?: Logger },
): Promise<PushRound> {
  const { now, deliver, logger } = options
  const round: PushRound = { sent: 0, skipped: 0, held: 0, retrying: 0, failed: 0 }
  const claimed = await claimDuePushes(database, now)
  for (const row of claimed) {
    let settlement: Settlement
    try {
      settlement = await sendOne(database, row, deliver, now, logger)
    } catch (error) {
      // A bug or a database error on one row must not stop the others; it is tried again.
      logger?.error({ err: error, notificationId: row.id }, 'sending a push failed; it is tried again')
      settlement = {
        status: 'pending',
        dueAt: new Date(now.getTime() + retryDelayMilliseconds(row.pushAttempts)),
        isAttempt: true,
      }
    }
    await settle(database, row, settlement, now)
    if (settlement.status === 'pending') {
      if (settlement.isAttempt) round.retrying += 1
      else round.held += 1
    } else {
      round[settlement.status] += 1
    }
  }
  return round
}

export type PushSender = RepeatingJob

/**
 * Sends due pushes every `intervalMilliseconds` (retries, quiet hours' end), and at once when any
 * process writes a notification (`notifications.created`). Rounds never overlap in a process.
 */
export function startPushSender(options: {
  database: Database
  events: EventChannel
  deliver: PushDelivery
  logger: Logger
  intervalMilliseconds?: number
  now?: () => Date
}): PushSender {
  const { database, events, deliver, logger, intervalMilliseconds = 30_000, now = () => new Date() } = options
  let running: Promise<void> | undefined
  let isAgainRequested = false
  let isStopped = false

  async function runRounds(): Promise<void> {
    do {
      isAgainRequested = false
      const round = await sendDuePushes(database, { now: now(), deliver, logger })
      if (round.sent + round.failed + round.retrying > 0) logger.info(round, 'sent due pushes')
      // A full batch may have left more behind.
      const claimed = round.sent + round.skipped + round.held + round.retrying + round.failed
      if (claimed >= pushBatchSize) isAgainRequested = true
    } while (!isStopped && isAgainRequested)
  }

  function runExclusive(): Promise<void> {
    if (running !== undefined) {
      isAgainRequested = true
      return running
    }
    running = runRounds().finally(() => {
      running = undefined
    })
    return running
  }

  const timer = startRepeatingJob({
    logger,
    intervalMilliseconds,
    failureMessage: 'sending pushes failed; retrying next round',
    runRound: runExclusive,
  })
  const unsubscribe = events.subscribe('notifications.created', () =>
    runExclusive().catch((error: unknown) =>
      logger.error({ err: error }, 'sending pushes failed; retrying next round'),
    ),
  )
  return {
    async stop() {
      isStopped = true
      unsubscribe()
      await timer.stop()
      await running
    },
  }
}
