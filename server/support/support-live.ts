import type { Context } from 'hono'
import { streamSSE, type SSEStreamingApi } from 'hono/streaming'
import type { SupportConversationStatus, SupportStreamEvent } from '#domain/support/chat'
import type { Database } from '#server/db/database'
import type { EventChannel, EventDelivery } from '#server/events/event-channel'
import { ApiError } from '#server/http/api-error'
import type { ShutdownState } from '#server/http/graceful-shutdown'
import type { Logger } from '#server/logger'
import {
  findConversation,
  findConversationByBuyer,
  findFirstSequenceSince,
  listConversationsChangedSince,
  selectSupportMessages,
  type ConversationRecord,
  type SupportReader,
} from '#server/support/support-queries'

/**
 * The support chat's Server-Sent Events (domain/support/chat.ts), for shoppers and for the console.
 *
 * Each process subscribes to `support.changed` once and hands every event to its own open streams.
 * An event only says which conversation changed; a stream then reads the rows itself, from the
 * last sequence *it* sent, so it neither misses nor repeats a message however events arrive
 * (several at once, or none: after the channel's `missed`, every stream reads again from where it
 * is). Reads of one stream run one after another.
 *
 * A stream ends when the client goes, when its session is over (checked with every heartbeat, so
 * a signed-out or expired session stops within one), and when the process starts to drain
 * (server/http/graceful-shutdown.ts): the client's EventSource then connects again, to another
 * process, with `Last-Event-ID`.
 */

/** A comment line this often keeps proxies and load balancers from closing a quiet stream. */
export const supportStreamHeartbeatMilliseconds = 25_000

/** What EventSource waits before connecting again after a stream ended. */
const reconnectMilliseconds = 3_000

/** Open shopper streams per account and process; more is 429 `too_many_requests`. */
export const maxStreamsPerBuyer = 8

/** Messages read per query while catching up. */
const batchSize = 100

/**
 * After a gap in the channel, the console's stream re-reads conversations written since it last
 * looked, minus this: writers stamp rows with their own clock before they commit.
 */
const gapMarginMilliseconds = 60_000

/** Whether the session that opened a stream still may read it. */
export type SessionCheck = () => Promise<boolean>

export type SupportLive = {
  /** Answers with the shopper's stream: every message after `afterSequence` (none without it), then live ones. */
  streamToShopper(
    c: Context,
    input: { buyerId: string; afterSequence: number | undefined; isSessionLive: SessionCheck },
  ): Response
  /** Answers with the console's stream: every conversation's changes from now on. */
  streamToConsole(c: Context, input: { isSessionLive: SessionCheck }): Response
  /** Streams open in this process. */
  readonly openStreamCount: number
  /** Ends every stream; any opened later ends once it sent its backlog. */
  closeAll(): void
}

type Change = Extract<EventDelivery<'support.changed'>, { kind: 'published' }>['payload']

/** An open stream as the process's fan-out sees it. */
type OpenStream = {
  readonly buyerId: string | undefined
  hear(change: Change | 'missed'): void
  end(): void
}

/** What a stream has sent of one conversation. */
type SentState = {
  sequence: number
  status: SupportConversationStatus | undefined
  agentReadSequence: number
  shopperReadSequence: number
}

type Send = (event: SupportStreamEvent) => Promise<void>

/** The conversation's messages after `state.sequence`, then its status and read markers if they moved. */
async function sendConversation(
  database: Database,
  conversation: ConversationRecord,
  state: SentState,
  reader: SupportReader,
  send: Send,
): Promise<void> {
  const conversationId = conversation.id
  for (;;) {
    const batch = await selectSupportMessages(database, {
      conversationId,
      afterSequence: state.sequence,
      order: 'oldest',
      limit: batchSize,
      reader,
    })
    for (const message of batch) {
      await send({ type: 'message', conversationId, message })
      state.sequence = message.sequence
    }
    if (batch.length < batchSize) break
  }
  if (conversation.status !== state.status) {
    await send({ type: 'status', conversationId, status: conversation.status })
    state.status = conversation.status
  }
  if (conversation.agentReadSequence > state.agentReadSequence) {
    await send({ type: 'read', conversationId, reader: 'agent', sequence: conversation.agentReadSequence })
    state.agentReadSequence = conversation.agentReadSequence
  }
  if (conversation.shopperReadSequence > state.shopperReadSequence) {
    await send({ type: 'read', conversationId, reader: 'shopper', sequence: conversation.shopperReadSequence })
    state.shopperReadSequence = conversation.shopperReadSequence
  }
}

/**
 * Runs `work` whenever asked, never twice at once; asks made while it runs are folded into one
 * more round, which reads everything they were about.
 */
function createSerialRunner(work: () => Promise<void>, onError: (error: unknown) => void) {
  let isAsked = false
  let running: Promise<void> | undefined
  async function loop(): Promise<void> {
    try {
      while (isAsked) {
        isAsked = false
        await work()
      }
    } catch (error) {
      onError(error)
    } finally {
      running = undefined
    }
  }
  return {
    /** Resolves once no round is left to run. */
    ask(): Promise<void> {
      isAsked = true
      running ??= loop()
      return running
    },
  }
}

/** The shopper's one conversation, from the sequence the client has. */
function followShopper(database: Database, buyerId: string, afterSequence: number | undefined, send: Send) {
  const reader: SupportReader = { kind: 'shopper', buyerId }
  const state: SentState = {
    // Without a cursor the stream starts at the newest message (set on the first read).
    sequence: afterSequence ?? -1,
    status: undefined,
    agentReadSequence: 0,
    shopperReadSequence: 0,
  }
  return async function sync(): Promise<void> {
    const conversation = await findConversationByBuyer(database, buyerId)
    if (conversation === undefined) {
      state.sequence = Math.max(state.sequence, 0)
      return
    }
    if (state.sequence < 0) state.sequence = conversation.lastSequence
    await sendConversation(database, conversation, state, reader, send)
  }
}

/** Every conversation, from the moment the stream opened. */
function followConsole(database: Database, now: () => Date, send: Send) {
  const reader: SupportReader = { kind: 'console' }
  const sent = new Map<string, SentState>()
  /** Conversations heard of since the last round, with the first new message's number when one was written. */
  const heard = new Map<string, { firstMessage: number | undefined }>()
  let isGap = false
  let lookedAt = now()

  async function sendOne(conversation: ConversationRecord, firstNewSequence: () => Promise<number | undefined>) {
    let state = sent.get(conversation.id)
    if (state === undefined) {
      // A conversation this stream has not shown yet: from the first message written since the
      // console connected (it loaded the rest itself), else nothing but its status and markers.
      const first = await firstNewSequence()
      state = {
        sequence: first === undefined ? conversation.lastSequence : first - 1,
        status: undefined,
        agentReadSequence: 0,
        shopperReadSequence: 0,
      }
      sent.set(conversation.id, state)
    }
    await sendConversation(database, conversation, state, reader, send)
  }

  return {
    hear(change: Change | 'missed'): void {
      if (change === 'missed') {
        isGap = true
        return
      }
      const entry = heard.get(change.conversationId) ?? { firstMessage: undefined }
      if (change.change === 'message') {
        entry.firstMessage = Math.min(entry.firstMessage ?? change.sequence, change.sequence)
      }
      heard.set(change.conversationId, entry)
    },
    async sync(): Promise<void> {
      // Every round reads what it heard of up to now: after a gap, only what changed since the
      // last round's start is read again, not everything since the stream opened.
      const roundStart = now()
      if (isGap) {
        isGap = false
        const since = new Date(lookedAt.getTime() - gapMarginMilliseconds)
        for (const conversation of await listConversationsChangedSince(database, since)) {
          heard.delete(conversation.id)
          await sendOne(conversation, () => findFirstSequenceSince(database, conversation.id, since))
        }
      }
      const round = [...heard]
      heard.clear()
      for (const [conversationId, { firstMessage }] of round) {
        const conversation = await findConversation(database, conversationId)
        if (conversation !== undefined) await sendOne(conversation, () => Promise.resolve(firstMessage))
      }
      lookedAt = roundStart
    },
  }
}

export function createSupportLive(options: {
  database: Database
  events: EventChannel
  logger: Logger
  now: () => Date
  heartbeatMilliseconds?: number
  /** Streams end when the drain starts. */
  shutdown?: ShutdownState
}): SupportLive {
  const { database, logger, now, heartbeatMilliseconds = supportStreamHeartbeatMilliseconds } = options
  const streams = new Set<OpenStream>()
  let isClosed = false

  options.events.subscribe('support.changed', (delivery) => {
    const change = delivery.kind === 'missed' ? 'missed' : delivery.payload
    for (const stream of streams) {
      // Shoppers' streams hear their own conversation only; the console's hear them all.
      if (change === 'missed' || stream.buyerId === undefined || stream.buyerId === change.buyerId) {
        stream.hear(change)
      }
    }
  })

  function closeAll(): void {
    isClosed = true
    for (const stream of [...streams]) stream.end()
  }
  options.shutdown?.onDrain?.(closeAll)

  function open(
    c: Context,
    input: {
      buyerId: string | undefined
      isSessionLive: SessionCheck
      follow: (send: Send) => { hear(change: Change | 'missed'): void; sync(): Promise<void> }
    },
  ): Response {
    const response = streamSSE(c, async (stream: SSEStreamingApi) => {
      let end = () => {}
      const ended = new Promise<void>((resolve) => {
        end = resolve
      })
      const withIds = input.buyerId !== undefined
      const follower = input.follow(async (event) => {
        // The shopper's message events carry their sequence, which EventSource sends back as
        // `Last-Event-ID` when it reconnects. The console's stream spans conversations, whose
        // sequences are not one order: it has no ids, and reloads what it shows when it reconnects.
        const id = withIds && event.type === 'message' ? { id: String(event.message.sequence) } : {}
        await stream.writeSSE({ data: JSON.stringify(event), ...id })
      })
      const runner = createSerialRunner(
        () => follower.sync(),
        (error) => {
          logger.warn({ err: error }, 'support stream: reading the conversation failed; the stream ends')
          end()
        },
      )
      const entry: OpenStream = {
        buyerId: input.buyerId,
        hear(change) {
          follower.hear(change)
          void runner.ask()
        },
        end: () => end(),
      }
      stream.onAbort(() => end())
      if (stream.aborted) return
      streams.add(entry)
      const heartbeat = setInterval(() => {
        // Not awaited: a client that stopped reading must not keep its session from being checked.
        void stream.write(': keep-alive\n\n')
        input.isSessionLive().then(
          (isLive) => {
            if (!isLive) end()
          },
          (error: unknown) => logger.warn({ err: error }, 'support stream: the session check failed'),
        )
      }, heartbeatMilliseconds)
      try {
        await stream.write(`retry: ${reconnectMilliseconds}\n\n`)
        // The backlog (or the starting point) first; events heard meanwhile make another round.
        await runner.ask()
        // Opened while the process drains: what was asked for went out, the client moves on.
        if (isClosed) end()
        await ended
      } finally {
        clearInterval(heartbeat)
        streams.delete(entry)
      }
    })
    response.headers.set('Cache-Control', 'no-store')
    // nginx and similar proxies otherwise hold the events back to fill their buffers.
    response.headers.set('X-Accel-Buffering', 'no')
    return response
  }

  return {
    streamToShopper(c, input) {
      // Each stream holds a socket, a timer and a read on every change: one account gets a few
      // (its phone, a tablet, some tabs), not as many as a script can open.
      const openForBuyer = [...streams].filter((stream) => stream.buyerId === input.buyerId).length
      if (openForBuyer >= maxStreamsPerBuyer) {
        throw new ApiError(429, 'too_many_requests', 'Too many open chat streams for this account', {
          retryAfterSeconds: reconnectMilliseconds / 1000,
        })
      }
      return open(c, {
        buyerId: input.buyerId,
        isSessionLive: input.isSessionLive,
        follow: (send) => {
          const sync = followShopper(database, input.buyerId, input.afterSequence, send)
          return { hear: () => {}, sync }
        },
      })
    },
    streamToConsole(c, input) {
      return open(c, {
        buyerId: undefined,
        isSessionLive: input.isSessionLive,
        follow: (send) => followConsole(database, now, send),
      })
    },
    get openStreamCount() {
      return streams.size
    },
    closeAll,
  }
}
