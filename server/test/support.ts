import { randomBytes } from 'node:crypto'
import * as v from 'valibot'
import { expect } from 'vitest'
import { idempotencyKeyHeader } from '#domain/contracts/cashback'
import {
  supportConversationSchema,
  supportMessagePageSchema,
  supportMessageSchema,
  supportStreamEventSchema,
  type SupportMessageRequest,
  type SupportStreamEvent,
} from '#domain/support/chat'
import { createSilentEventChannel, type EventChannel } from '#server/events/event-channel'
import type { EventTopic } from '#server/events/event-topics'
import { jsonRequest } from '#server/test/accounts'
import type { createTestApp } from '#server/test/app'

/** Helpers of the support chat's API tests: a shopper's calls, and an event stream read as it arrives. */

type TestApp = ReturnType<typeof createTestApp>

export function newIdempotencyKey(): string {
  return `support-${randomBytes(10).toString('hex')}`
}

/** A signed-in shopper's calls to their support paths. */
export function supportShopper(app: TestApp, shopper: { cookie: string; buyerId: string }) {
  const base = `/api/support/${shopper.buyerId}`
  return {
    base,
    get: (path: string) => app.request(`${base}${path}`, { headers: { Cookie: shopper.cookie } }),
    async send(body: SupportMessageRequest, key: string = newIdempotencyKey()): Promise<Response> {
      const response = await app.request(
        `${base}/messages`,
        jsonRequest('POST', body, { Cookie: shopper.cookie, [idempotencyKeyHeader]: key }),
      )
      return response
    },
    /** Sends and expects 201: the stored message. */
    async write(text: string) {
      const response = await app.request(
        `${base}/messages`,
        jsonRequest('POST', { text }, { Cookie: shopper.cookie, [idempotencyKeyHeader]: newIdempotencyKey() }),
      )
      expect(response.status).toBe(201)
      return v.parse(supportMessageSchema, await response.json())
    },
    upload: (bytes: Uint8Array, contentType = 'image/jpeg', key: string = newIdempotencyKey()) =>
      app.request(`${base}/attachments`, {
        method: 'POST',
        body: bytes,
        headers: { 'Content-Type': contentType, [idempotencyKeyHeader]: key, Cookie: shopper.cookie },
      }),
    read: (sequence: number) =>
      app.request(`${base}/read`, jsonRequest('POST', { sequence }, { Cookie: shopper.cookie })),
    async conversation() {
      const response = await app.request(`${base}/conversation`, { headers: { Cookie: shopper.cookie } })
      expect(response.status).toBe(200)
      return v.parse(supportConversationSchema, await response.json())
    },
    async messages(query = '') {
      const response = await app.request(`${base}/messages${query}`, { headers: { Cookie: shopper.cookie } })
      expect(response.status).toBe(200)
      return v.parse(supportMessagePageSchema, await response.json())
    },
    /** Opens the event stream (`headers` may carry `Last-Event-ID`). */
    events: (query = '', headers: Record<string, string> = {}) =>
      app.request(`${base}/events${query}`, { headers: { Cookie: shopper.cookie, ...headers } }),
  }
}

export type ReceivedEvent = { id: string | undefined; event: SupportStreamEvent }

/**
 * Reads a `text/event-stream` body in the background: its events (checked against the contract),
 * its comment lines and its `retry`. `close()` hangs up as a browser would.
 */
export function readEventStream(response: Response) {
  const body = response.body
  if (body === null) throw new Error('the event stream has no body')
  const reader: ReadableStreamDefaultReader<Uint8Array> = body.getReader()
  const decoder = new TextDecoder()
  const events: ReceivedEvent[] = []
  const comments: string[] = []
  const state = { hasEnded: false, retry: undefined as number | undefined }
  let buffer = ''

  function parseBlock(block: string): void {
    let id: string | undefined
    const data: string[] = []
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) comments.push(line.slice(1).trim())
      else if (line.startsWith('data: ')) data.push(line.slice('data: '.length))
      else if (line.startsWith('id: ')) id = line.slice('id: '.length)
      else if (line.startsWith('retry: ')) state.retry = Number(line.slice('retry: '.length))
      else if (line !== '') throw new Error(`unexpected event stream line: ${line}`)
    }
    if (data.length > 0) events.push({ id, event: v.parse(supportStreamEventSchema, JSON.parse(data.join('\n'))) })
  }

  const pumped = (async () => {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      buffer += decoder.decode(value, { stream: true })
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        parseBlock(buffer.slice(0, end))
        buffer = buffer.slice(end + 2)
      }
    }
  })()
    .catch(() => {})
    .finally(() => {
      state.hasEnded = true
    })

  return {
    events,
    comments,
    get hasEnded() {
      return state.hasEnded
    },
    get retry() {
      return state.retry
    },
    /** The message events' sequences, in the order received. */
    messageSequences: () => events.flatMap(({ event }) => (event.type === 'message' ? [event.message.sequence] : [])),
    async close(): Promise<void> {
      await reader.cancel().catch(() => {})
      await pumped
    },
  }
}

/**
 * An event channel that hears nothing from the database, on which a test plays the listener's
 * gap: `miss` delivers `missed`, as after a lost listener session.
 */
export function createManualEventChannel(): EventChannel & { miss(topic: EventTopic): void } {
  const silent = createSilentEventChannel()
  const subscriptions: { topic: EventTopic; miss: () => void }[] = []
  return {
    get state() {
      return silent.state
    },
    whenListening: () => silent.whenListening(),
    close: () => silent.close(),
    subscribe(topic, handler) {
      const subscription = { topic, miss: () => void handler({ kind: 'missed', topic }) }
      subscriptions.push(subscription)
      return () => void subscriptions.splice(subscriptions.indexOf(subscription), 1)
    },
    miss(topic) {
      for (const subscription of subscriptions.filter((candidate) => candidate.topic === topic)) subscription.miss()
    },
  }
}
