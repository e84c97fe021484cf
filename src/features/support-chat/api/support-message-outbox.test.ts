import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it, vi } from 'vitest'
import type { SupportMessage } from '#domain/support/chat'
import { createOutbox, type OutboxItem, type OutboxStorage } from '../../../lib/outbox'
import { agentMessage, supportMessage } from '../support-chat-fixtures'
import type { SupportThread } from '../thread'
import { supportMessageOutboxKind } from './queued-support-message'
import { supportChatKeys } from './support-chat-keys'
import { createSupportMessageSender } from './support-message-outbox'

const buyerId = 'b0000000000000000000000b'

function memoryStorage(): OutboxStorage & { attachments: Map<string, ArrayBuffer> } {
  const saved = new Map<string, OutboxItem>()
  const attachments = new Map<string, ArrayBuffer>()
  return {
    attachments,
    readAll: async () => [...saved.values()],
    write: async (item) => void saved.set(item.id, structuredClone(item)),
    remove: async (id) => void saved.delete(id),
    writeAttachment: async (key, bytes) => void attachments.set(key, bytes.slice(0)),
    readAttachment: async (key) => attachments.get(key),
    removeAttachment: async (key) => void attachments.delete(key),
    listAttachmentKeys: async () => [...attachments.keys()],
  }
}

type Answer = (request: Request, body: unknown) => Response | 'network'

/** A server that answers each request with `answer` and records what it was sent. */
function fakeServer(answer: Answer) {
  const requests: { method: string; path: string; key: string | null; body: unknown }[] = []
  let attachmentCount = 0
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init)
    const path = new URL(request.url).pathname
    const body: unknown = path.endsWith('/attachments')
      ? new Uint8Array(await request.arrayBuffer())[0]
      : await request.json().catch(() => undefined)
    requests.push({ method: request.method, path, key: request.headers.get('Idempotency-Key'), body })
    const response = answer(request, body)
    if (response === 'network') throw new TypeError('Failed to fetch')
    return response
  })
  const attachment = () => {
    attachmentCount += 1
    const id = `a${String(attachmentCount).padStart(23, '0')}`
    return Response.json(
      { id, width: 10, height: 10, byteSize: 100, imageUrl: `/api/support/${buyerId}/attachments/${id}/image` },
      { status: 201 },
    )
  }
  return { fetch, requests, attachment }
}

function setup(answer: (server: ReturnType<typeof fakeServer>) => Answer) {
  let time = 1_000
  const storage = memoryStorage()
  const outbox = createOutbox({ storage, isOnline: () => true, now: () => time })
  const queryClient = new QueryClient()
  // Called only once a request is made, by when `server` is set.
  const server: ReturnType<typeof fakeServer> = fakeServer((request, body) => answer(server)(request, body))
  outbox.registerSender(
    supportMessageOutboxKind,
    createSupportMessageSender(queryClient, { prefixUrl: 'http://app.test/', fetch: server.fetch }),
  )
  const queue = (id: string, text: string, pictures: number[] = []) =>
    outbox.enqueue({
      id,
      kind: supportMessageOutboxKind,
      buyerId,
      payload: {
        text,
        transaction: null,
        images: pictures.map(() => ({ contentType: 'image/jpeg', width: 10, height: 10 })),
      },
      attachments: pictures.map((byte) => new Uint8Array([byte]).buffer),
    })
  return {
    outbox,
    queryClient,
    server,
    queue,
    advance: (milliseconds: number) => {
      time += milliseconds
    },
  }
}

const created = (message: SupportMessage) => Response.json(message, { status: 201 })

describe('the support message sender', () => {
  it('uploads each picture once under its own key, then sends the message naming them under the message key', async () => {
    let isSignalLost = true
    const { outbox, server, queue, queryClient, advance } = setup((fake) => (request, body) => {
      const path = new URL(request.url).pathname
      if (path.endsWith('/attachments')) {
        // The signal drops while the second picture is on its way.
        if (body === 2 && isSignalLost) {
          isSignalLost = false
          return 'network'
        }
        return fake.attachment()
      }
      return created(supportMessage(2, { text: 'สลิปค่ะ' }))
    })
    queryClient.setQueryData<SupportThread>(supportChatKeys.thread(buyerId), {
      messages: [agentMessage(1)],
      hasOlder: false,
    })
    await queue('key-of-the-message-1', 'สลิปค่ะ', [1, 2])
    await outbox.flush()
    expect(outbox.items()[0]).toMatchObject({ state: 'waiting', progress: { done: 1, total: 2 } })
    advance(60_000)
    await outbox.flush()

    expect(server.requests.map(({ method, path, key }) => [method, path, key])).toEqual([
      ['POST', `/api/support/${buyerId}/attachments`, 'key-of-the-message-1-0'],
      ['POST', `/api/support/${buyerId}/attachments`, 'key-of-the-message-1-1'],
      ['POST', `/api/support/${buyerId}/attachments`, 'key-of-the-message-1-1'],
      ['POST', `/api/support/${buyerId}/messages`, 'key-of-the-message-1'],
    ])
    expect(server.requests.at(-1)?.body).toEqual({
      text: 'สลิปค่ะ',
      transactionId: null,
      attachmentIds: ['a00000000000000000000001', 'a00000000000000000000002'],
    })
    expect(outbox.items()).toEqual([])
    // The answer is in the thread at once, after what was there.
    expect(
      queryClient.getQueryData<SupportThread>(supportChatKeys.thread(buyerId))?.messages.map((m) => m.sequence),
    ).toEqual([1, 2])
  })

  it('sends messages in the order they were written, each once, a lost answer resent under the same key', async () => {
    let isAnswerLost = true
    const { outbox, server, queue, advance } = setup(() => (_request, body) => {
      const text = (body as { text: string }).text
      if (text === 'first' && isAnswerLost) {
        isAnswerLost = false
        return 'network'
      }
      return created(supportMessage(text === 'first' ? 1 : 2, { text }))
    })
    await queue('key-first-message', 'first')
    await queue('key-second-message', 'second')
    await outbox.flush()
    // The second waits behind the first.
    expect(server.requests.map((request) => request.key)).toEqual(['key-first-message'])
    advance(60_000)
    await outbox.flush()
    expect(server.requests.map((request) => request.key)).toEqual([
      'key-first-message',
      'key-first-message',
      'key-second-message',
    ])
    expect(outbox.items()).toEqual([])
  })

  it('waits out too_many_messages in its place, for as long as the server says', async () => {
    let isLimited = true
    const { outbox, server, queue, advance } = setup(
      () => () =>
        isLimited
          ? Response.json(
              { error: { code: 'too_many_messages', message: 'Slow down', details: { retryAfterSeconds: 42 } } },
              { status: 429, headers: { 'Retry-After': '42' } },
            )
          : created(supportMessage(1)),
    )
    vi.useFakeTimers({ now: 5_000, toFake: ['Date'] })
    try {
      await queue('key-limited-message', 'hello')
      await outbox.flush()
    } finally {
      vi.useRealTimers()
    }
    expect(outbox.items()[0]).toMatchObject({
      state: 'waiting',
      deferral: { code: 'too_many_messages', retryAt: 47_000 },
      nextAttemptAt: 47_000,
    })
    isLimited = false
    advance(47_000)
    await outbox.flush()
    expect(server.requests.map((request) => request.key)).toEqual(['key-limited-message', 'key-limited-message'])
    expect(outbox.items()).toEqual([])
  })

  it('keeps a refused message with its reason, and sends its pictures again after attachment_not_found', async () => {
    let isRefused = true
    const { outbox, server, queue } = setup((fake) => (request) => {
      if (new URL(request.url).pathname.endsWith('/attachments')) return fake.attachment()
      return isRefused
        ? Response.json({ error: { code: 'attachment_not_found', message: 'No' } }, { status: 400 })
        : created(supportMessage(1))
    })
    await queue('key-refused-message', 'look', [7])
    await outbox.flush()
    const [refused] = outbox.items()
    expect(refused).toMatchObject({ state: 'refused', refusal: { code: 'attachment_not_found' } })
    expect(refused?.progress).toEqual({ done: 0, total: 1, receipts: [] })

    isRefused = false
    await outbox.retry('key-refused-message')
    await outbox.flush()
    const attachmentKeys = server.requests.filter((r) => r.path.endsWith('/attachments')).map((r) => r.key)
    expect(attachmentKeys).toHaveLength(2)
    expect(attachmentKeys[1]).not.toBe(attachmentKeys[0])
    expect(server.requests.at(-1)?.body).toMatchObject({ attachmentIds: ['a00000000000000000000002'] })
    expect(outbox.items()).toEqual([])
  })
})
