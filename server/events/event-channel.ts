import type { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import type pg from 'pg'
import * as v from 'valibot'
import type { Database, DatabaseConnection } from '#server/db/database'
import { eventTopicSchemas, isEventTopic, type EventPayload, type EventTopic } from '#server/events/event-topics'
import type { Logger } from '#server/logger'

/**
 * The event channel between server processes (docs/decisions/009-event-channel.md).
 *
 * Publishing is a statement in the writer's own transaction (`pg_notify`), so an event goes out
 * exactly when the change commits and never for a change rolled back, from any process that can
 * write: a server, the ops CLI, a job. Listening is per process: a dedicated PostgreSQL session
 * (not a pooled connection: LISTEN belongs to the session) that reconnects by itself, or, on the
 * embedded PGlite, PGlite's own in-process `listen` on its single session, which PostgreSQL's
 * rules also make deliver only after commit.
 *
 * While the listener is down, events are lost: every cache that subscribes keeps its time limit
 * as the fallback, and when the listener is back each subscriber hears `missed` ("anything of
 * this topic may have changed") and starts over.
 */

/** The one PostgreSQL notification channel; the topic travels inside the payload. */
export const notificationChannelName = 'ngernkhuen_events'

/** PostgreSQL's limit: "the payload string must be shorter than 8000 bytes". */
export const maxNotificationBytes = 7_999

export type EventDelivery<Topic extends EventTopic> =
  | { readonly kind: 'published'; readonly topic: Topic; readonly payload: EventPayload<Topic> }
  /** The listener was down (or just started): anything of this topic may have happened since. */
  | { readonly kind: 'missed'; readonly topic: Topic }

/** May be async; a handler that throws or rejects is logged and never affects other handlers. */
export type EventHandler<Topic extends EventTopic> = (delivery: EventDelivery<Topic>) => void | Promise<void>

export type Unsubscribe = () => void

/** `reconnecting`: the listener session was lost and is being opened again (with backoff). */
export type EventChannelState = 'connecting' | 'listening' | 'reconnecting' | 'closed'

export type EventChannel = {
  /** Handlers run in this process for every event of `topic` published by any process after commit. */
  subscribe<Topic extends EventTopic>(topic: Topic, handler: EventHandler<Topic>): Unsubscribe
  readonly state: EventChannelState
  /** Resolves once the channel listens (at once if it does); rejects if it is closed first. */
  whenListening(): Promise<void>
  /** Idempotent. Drops every subscription and closes the listener session. */
  close(): Promise<void>
}

export class EventPayloadTooLargeError extends Error {
  override name = 'EventPayloadTooLargeError'
}

function encodeEvent<Topic extends EventTopic>(topic: Topic, payload: EventPayload<Topic>): string {
  const checked = v.parse(eventTopicSchemas[topic], payload)
  const text = JSON.stringify({ topic, payload: checked })
  const bytes = Buffer.byteLength(text, 'utf8')
  if (bytes > maxNotificationBytes) {
    throw new EventPayloadTooLargeError(
      `Event ${topic} is ${bytes} bytes; a notification holds at most ${maxNotificationBytes}: send an id, not the data`,
    )
  }
  return text
}

/**
 * Announces a change to every process. Call it with the transaction that makes the change: the
 * event goes out when that transaction commits, and not at all if it rolls back. With the pool
 * (no transaction) it goes out at once.
 */
export async function publishEvent<Topic extends EventTopic>(
  database: Database,
  topic: Topic,
  payload: EventPayload<Topic>,
): Promise<void> {
  await database.execute(sql`select pg_notify(${notificationChannelName}, ${encodeEvent(topic, payload)})`)
}

const envelopeSchema = v.object({ topic: v.string(), payload: v.unknown() })

type Listener = (delivery: { kind: 'published'; payload: unknown } | { kind: 'missed' }) => void

/** Subscriptions and delivery, the same for both databases. */
function createDispatcher(logger: Logger) {
  const listeners = new Map<EventTopic, Set<Listener>>()

  return {
    subscribe<Topic extends EventTopic>(topic: Topic, handler: EventHandler<Topic>): Unsubscribe {
      const report = (error: unknown) => logger.error({ err: error, topic }, 'event channel: a handler failed')
      const listener: Listener = (delivery) => {
        let result: void | Promise<void>
        try {
          if (delivery.kind === 'missed') {
            result = handler({ kind: 'missed', topic })
          } else {
            const parsed = v.safeParse(eventTopicSchemas[topic], delivery.payload)
            if (!parsed.success) {
              logger.warn(
                { topic, issues: v.summarize(parsed.issues) },
                'event channel: an invalid payload was ignored',
              )
              return
            }
            result = handler({ kind: 'published', topic, payload: parsed.output })
          }
        } catch (error) {
          report(error)
          return
        }
        if (result instanceof Promise) result.catch(report)
      }
      let topicListeners = listeners.get(topic)
      if (topicListeners === undefined) {
        topicListeners = new Set()
        listeners.set(topic, topicListeners)
      }
      topicListeners.add(listener)
      return () => void listeners.get(topic)?.delete(listener)
    },

    /** A notification's text as sent by `publishEvent` (or by anyone with `NOTIFY` rights). */
    deliver(text: string): void {
      let envelope: v.InferOutput<typeof envelopeSchema>
      try {
        envelope = v.parse(envelopeSchema, JSON.parse(text))
      } catch {
        logger.warn({ text: text.slice(0, 200) }, 'event channel: an unreadable notification was ignored')
        return
      }
      // A newer build may publish topics this one does not know yet (a rolling deploy).
      if (!isEventTopic(envelope.topic)) {
        logger.debug({ topic: envelope.topic }, 'event channel: a notification of an unknown topic was ignored')
        return
      }
      // A copy: a handler may subscribe or unsubscribe while the others run.
      for (const listener of [...(listeners.get(envelope.topic) ?? [])]) {
        listener({ kind: 'published', payload: envelope.payload })
      }
    },

    deliverMissed(): void {
      for (const topicListeners of [...listeners.values()]) {
        for (const listener of [...topicListeners]) listener({ kind: 'missed' })
      }
    },

    clear(): void {
      listeners.clear()
    },
  }
}

type Dispatcher = ReturnType<typeof createDispatcher>

/** State and the promises of `whenListening`, the same for both databases. */
function createStateKeeper(initial: EventChannelState) {
  let state = initial
  let waiters: { resolve: () => void; reject: (error: Error) => void }[] = []
  return {
    get state() {
      return state
    },
    set(next: EventChannelState): void {
      state = next
      if (next !== 'listening' && next !== 'closed') return
      const settled = waiters
      waiters = []
      for (const waiter of settled) {
        if (next === 'listening') waiter.resolve()
        else waiter.reject(new Error('The event channel is closed'))
      }
    },
    whenListening(): Promise<void> {
      if (state === 'listening') return Promise.resolve()
      if (state === 'closed') return Promise.reject(new Error('The event channel is closed'))
      return new Promise((resolve, reject) => waiters.push({ resolve, reject }))
    },
  }
}

export type PostgresListenerOptions = {
  /** First retry after a lost session; doubled per failed attempt (with jitter) up to the maximum. */
  retryMinimumMilliseconds?: number
  retryMaximumMilliseconds?: number
  /**
   * How often the listener session is asked `select 1`: a connection cut without a goodbye (a
   * failover, a dropped network path) is noticed within this and the deadline below.
   */
  heartbeatMilliseconds?: number
  heartbeatDeadlineMilliseconds?: number
}

/** A polite goodbye, but never a wait of more than a second: a silent session must not hold up a shutdown. */
async function endSession(client: pg.Client): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  const deadline = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, 1_000)
  })
  await Promise.race([client.end().catch(() => {}), deadline])
  clearTimeout(timer)
  client.connection.stream.destroy()
}

function listenOnPostgres(
  openSession: () => pg.Client,
  dispatcher: Dispatcher,
  logger: Logger,
  options: PostgresListenerOptions,
): EventChannel {
  const {
    retryMinimumMilliseconds = 100,
    retryMaximumMilliseconds = 5_000,
    heartbeatMilliseconds = 15_000,
    heartbeatDeadlineMilliseconds = 5_000,
  } = options
  const keeper = createStateKeeper('connecting')
  let session: pg.Client | undefined
  let failedAttempts = 0
  let retryTimer: NodeJS.Timeout | undefined
  let heartbeatTimer: NodeJS.Timeout | undefined

  function scheduleRetry(): void {
    // Jitter, so that many processes do not all reconnect in the same instant after a restart.
    const ceiling = Math.min(retryMaximumMilliseconds, retryMinimumMilliseconds * 2 ** failedAttempts)
    const delay = ceiling / 2 + Math.random() * (ceiling / 2)
    failedAttempts += 1
    retryTimer = setTimeout(startAttempt, delay)
    retryTimer.unref()
  }

  /** Whatever goes wrong in an attempt (even a session that cannot be built) is logged and retried. */
  function startAttempt(): void {
    connect().catch((error: unknown) => {
      if (keeper.state === 'closed') return
      logger.error({ err: error }, 'event channel: opening the listener session failed')
      keeper.set('reconnecting')
      scheduleRetry()
    })
  }

  async function connect(): Promise<void> {
    retryTimer = undefined
    const client = openSession()
    session = client
    // An object, not a `let`: the event callbacks set it, which control-flow analysis cannot see.
    const attempt = { isLost: false }
    const lose = (error: unknown) => {
      if (attempt.isLost) return
      attempt.isLost = true
      clearInterval(heartbeatTimer)
      if (session === client) session = undefined
      // No goodbye: the session is broken, and a silent one would never answer it.
      client.connection.stream.destroy()
      if (keeper.state === 'closed') return
      logger.warn(
        { err: error, attempt: failedAttempts + 1 },
        'event channel: the listener session is down; caches fall back to their time limits until it is back',
      )
      keeper.set('reconnecting')
      scheduleRetry()
    }
    // Never unhandled: an 'error' event without a listener would end the process.
    client.on('error', lose)
    client.on('end', () => lose(new Error('The listener session ended')))
    client.on('notification', (message) => {
      if (message.channel === notificationChannelName && message.payload !== undefined) {
        dispatcher.deliver(message.payload)
      }
    })
    try {
      await client.connect()
      await client.query(`listen ${notificationChannelName}`)
    } catch (error) {
      lose(error)
      return
    }
    if (attempt.isLost) return
    if (keeper.state === 'closed') {
      await endSession(client)
      return
    }
    const wasReconnecting = keeper.state === 'reconnecting'
    failedAttempts = 0
    keeper.set('listening')
    if (wasReconnecting) logger.info('event channel: listening again')
    heartbeatTimer = setInterval(() => {
      let deadline: NodeJS.Timeout | undefined
      const timedOut = new Promise<never>((_, reject) => {
        deadline = setTimeout(
          () => reject(new Error('The listener session did not answer')),
          heartbeatDeadlineMilliseconds,
        )
      })
      Promise.race([client.query('select 1'), timedOut])
        .catch(lose)
        .finally(() => clearTimeout(deadline))
    }, heartbeatMilliseconds)
    heartbeatTimer.unref()
    // Events published while nobody listened here are gone: whatever they would have cleared
    // must start over now (also after the first connection, which may follow failed attempts).
    dispatcher.deliverMissed()
  }

  startAttempt()

  let closed: Promise<void> | undefined
  return {
    subscribe: (topic, handler) => dispatcher.subscribe(topic, handler),
    get state() {
      return keeper.state
    },
    whenListening: () => keeper.whenListening(),
    close() {
      closed ??= (async () => {
        keeper.set('closed')
        clearTimeout(retryTimer)
        clearInterval(heartbeatTimer)
        dispatcher.clear()
        const current = session
        session = undefined
        if (current !== undefined) await endSession(current)
      })()
      return closed
    },
  }
}

function listenOnPglite(client: PGlite, dispatcher: Dispatcher, logger: Logger): EventChannel {
  const keeper = createStateKeeper('connecting')
  // PGlite calls this after the COMMIT that made the notification, in this process.
  const listening = client.listen(notificationChannelName, (payload) => dispatcher.deliver(payload))
  listening.then(
    () => {
      if (keeper.state !== 'closed') keeper.set('listening')
    },
    (error: unknown) => {
      // One in-process session: if LISTEN fails, the database itself is unusable.
      logger.error({ err: error }, 'event channel: PGlite refused LISTEN; caches fall back to their time limits')
    },
  )
  let closed: Promise<void> | undefined
  return {
    subscribe: (topic, handler) => dispatcher.subscribe(topic, handler),
    get state() {
      return keeper.state
    },
    whenListening: () => keeper.whenListening(),
    close() {
      closed ??= (async () => {
        keeper.set('closed')
        dispatcher.clear()
        const unlisten = await listening.catch(() => undefined)
        if (unlisten !== undefined && !client.closed) await unlisten().catch(() => {})
      })()
      return closed
    },
  }
}

/**
 * A channel that never hears anything, for a single app over a database no other process
 * writes (tests, benchmarks): its caches then see only this process's own writes at once.
 */
export function createSilentEventChannel(): EventChannel {
  const keeper = createStateKeeper('listening')
  return {
    subscribe: () => () => {},
    get state() {
      return keeper.state
    },
    whenListening: () => keeper.whenListening(),
    close: () => {
      keeper.set('closed')
      return Promise.resolve()
    },
  }
}

/**
 * The channel of this process over `connection`. Returns at once; on PostgreSQL the listener
 * session opens in the background (and again whenever it is lost). Close it before the database.
 */
export function openEventChannel(
  connection: Pick<DatabaseConnection, 'listenTarget'>,
  logger: Logger,
  options: PostgresListenerOptions = {},
): EventChannel {
  const dispatcher = createDispatcher(logger)
  const target = connection.listenTarget
  return target.kind === 'pglite'
    ? listenOnPglite(target.client, dispatcher, logger)
    : listenOnPostgres(target.openSession, dispatcher, logger, options)
}
