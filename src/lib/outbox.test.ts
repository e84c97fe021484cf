import { describe, expect, it, vi } from 'vitest'
import {
  createOutbox,
  missingAttachmentCode,
  retryDelayMilliseconds,
  type OutboxItem,
  type OutboxSender,
  type OutboxStorage,
} from './outbox'

function memoryStorage(
  initial: OutboxItem[] = [],
): OutboxStorage & { saved: Map<string, OutboxItem>; attachments: Map<string, ArrayBuffer> } {
  const saved = new Map(initial.map((item) => [item.id, item]))
  const attachments = new Map<string, ArrayBuffer>()
  return {
    saved,
    attachments,
    readAll: async () => [...saved.values()],
    write: async (item) => {
      saved.set(item.id, structuredClone(item))
    },
    remove: async (id) => {
      saved.delete(id)
    },
    writeAttachment: async (key, bytes) => {
      attachments.set(key, bytes.slice(0))
    },
    readAttachment: async (key) => attachments.get(key),
    removeAttachment: async (key) => {
      attachments.delete(key)
    },
    listAttachmentKeys: async () => [...attachments.keys()],
  }
}

function setup(options: { online?: boolean; storage?: ReturnType<typeof memoryStorage> } = {}) {
  let online = options.online ?? true
  let time = 1_000
  const storage = options.storage ?? memoryStorage()
  const outbox = createOutbox({ storage, isOnline: () => online, now: () => time })
  return {
    outbox,
    storage,
    setOnline: (value: boolean) => {
      online = value
    },
    advance: (milliseconds: number) => {
      time += milliseconds
    },
  }
}

const withdrawal = (id: string) => ({ id, kind: 'withdrawal', buyerId: 'b', payload: { amount: 10_000 } })

describe('outbox', () => {
  it('keeps what is confirmed offline, and sends it once when online', async () => {
    const { outbox, storage, setOnline } = setup({ online: false })
    const sender = vi.fn(async () => ({ status: 'sent' as const, result: { ok: true } }))
    outbox.registerSender('withdrawal', sender)
    await outbox.enqueue(withdrawal('key-1'))
    await outbox.flush()
    expect(sender).not.toHaveBeenCalled()
    expect(storage.saved.get('key-1')?.state).toBe('waiting')

    setOnline(true)
    await Promise.all([outbox.flush(), outbox.flush(), outbox.flush()])
    expect(sender).toHaveBeenCalledTimes(1)
    expect(outbox.items()).toEqual([])
    expect(storage.saved.size).toBe(0)
  })

  it('survives a reload, and an item caught mid-send is sent again with the same key', async () => {
    const storage = memoryStorage([
      {
        ...withdrawal('key-2'),
        attachmentKeys: [],
        createdAt: 1,
        state: 'sending',
        attempts: 1,
        nextAttemptAt: 0,
        refusal: null,
        deferral: null,
        progress: null,
      },
    ])
    const { outbox } = setup({ storage })
    const sender = vi.fn(async (item: OutboxItem) => ({ status: 'sent' as const, result: item.id }))
    outbox.registerSender('withdrawal', sender)
    await outbox.load()
    expect(outbox.items()[0]?.state).toBe('waiting')
    await outbox.flush()
    expect(sender.mock.calls[0]?.[0].id).toBe('key-2')
  })

  it('waits after a network failure, keeps the order, and backs off', async () => {
    const { outbox, advance } = setup()
    const sent: string[] = []
    let failNext = true
    outbox.registerSender('withdrawal', async (item) => {
      if (failNext) {
        failNext = false
        throw new TypeError('Failed to fetch')
      }
      sent.push(item.id)
      return { status: 'sent', result: null }
    })
    await outbox.enqueue(withdrawal('first'))
    await outbox.enqueue(withdrawal('second'))
    await outbox.flush()
    expect(sent).toEqual([])
    expect(outbox.items().map((item) => [item.id, item.state])).toEqual([
      ['first', 'waiting'],
      ['second', 'waiting'],
    ])
    advance(retryDelayMilliseconds(1))
    await outbox.flush()
    expect(sent).toEqual(['first', 'second'])
  })

  it('keeps a refused item with its reason until the shopper retries or discards it', async () => {
    const { outbox } = setup()
    let refuse = true
    const sender = vi.fn(async () =>
      refuse
        ? { status: 'refused' as const, code: 'above_balance', numbers: { balance: 4_200 } }
        : { status: 'sent' as const, result: null },
    )
    outbox.registerSender('withdrawal', sender)
    await outbox.enqueue(withdrawal('key-3'))
    await outbox.flush()
    expect(outbox.items()[0]).toMatchObject({
      state: 'refused',
      refusal: { code: 'above_balance', numbers: { balance: 4_200 } },
    })
    await outbox.flush()
    expect(sender).toHaveBeenCalledTimes(1)

    refuse = false
    await outbox.retry('key-3', { amount: 5_000 })
    await outbox.flush()
    expect(outbox.items()).toEqual([])
    // An edited request went with a new key, never the refused one's.
    expect(sender).toHaveBeenCalledTimes(2)

    refuse = true
    await outbox.enqueue(withdrawal('key-4'))
    await outbox.flush()
    expect(await outbox.discard('key-4')).toBe(true)
    expect(outbox.items()).toEqual([])
  })

  it('tells listeners what was sent, with the server result', async () => {
    const { outbox } = setup()
    outbox.registerSender('withdrawal', async () => ({ status: 'sent', result: { _id: 'w1' } }))
    const listener = vi.fn()
    outbox.onSent(listener)
    await outbox.enqueue(withdrawal('key-5'))
    await outbox.flush()
    expect(listener).toHaveBeenCalledWith(expect.objectContaining({ id: 'key-5' }), { _id: 'w1' })
  })

  it('keeps pictures as attachments until the item is sent, and goes on from the last acknowledged one', async () => {
    const { outbox, storage } = setup()
    const pictures = [new Uint8Array([1, 2, 3]).buffer, new Uint8Array([4, 5]).buffer, new Uint8Array([6]).buffer]
    const uploaded: number[][] = []
    let failAt: number | undefined = 2
    const sender: OutboxSender = async (item, context) => {
      for (let index = item.progress?.done ?? 0; index < item.attachmentKeys.length; index += 1) {
        if (index === failAt) {
          failAt = undefined
          throw new TypeError('Failed to fetch')
        }
        const key = item.attachmentKeys[index]
        if (key === undefined) throw new Error('unreachable')
        uploaded.push([...new Uint8Array(await context.readAttachment(key))])
        await context.reportProgress(index + 1, item.attachmentKeys.length)
      }
      return { status: 'sent', result: null }
    }
    outbox.registerSender('proof', sender)
    await outbox.enqueue({ id: 'proof-1', kind: 'proof', buyerId: 'b', payload: {}, attachments: pictures })
    await outbox.flush()
    // The signal dropped before the third picture: two arrived, and that is remembered.
    expect(outbox.items()[0]).toMatchObject({ state: 'waiting', progress: { done: 2, total: 3 } })
    expect(storage.saved.get('proof-1')?.progress).toEqual({ done: 2, total: 3 })
    expect(storage.attachments.size).toBe(3)

    // After a "reload" the send goes on from the third picture.
    const reloaded = createOutbox({ storage, isOnline: () => true, now: () => 1_000_000 })
    reloaded.registerSender('proof', sender)
    await reloaded.flush()
    expect(uploaded).toEqual([[1, 2, 3], [4, 5], [6]])
    expect(reloaded.items()).toEqual([])
    expect(storage.attachments.size).toBe(0)
  })

  it('removes the attachments of a discarded item', async () => {
    const { outbox, storage, setOnline } = setup({ online: false })
    await outbox.enqueue({
      id: 'proof-2',
      kind: 'proof',
      buyerId: 'b',
      payload: {},
      attachments: [new Uint8Array([9]).buffer],
    })
    expect([...new Uint8Array((await outbox.readAttachment('proof-2/0')) ?? new ArrayBuffer(0))]).toEqual([9])
    setOnline(true)
    expect(await outbox.discard('proof-2')).toBe(true)
    expect(storage.attachments.size).toBe(0)
  })

  it('retries a refused item with a new key, and does not send again what the server acknowledged', async () => {
    const { outbox, storage } = setup()
    const sent: string[] = []
    let refuseAt: number | undefined = 1
    // Like the proof sender: one request per picture, keyed by the item and the picture.
    outbox.registerSender('proof', async (item, context) => {
      for (let index = item.progress?.done ?? 0; index < item.attachmentKeys.length; index += 1) {
        if (index === refuseAt) return { status: 'refused', code: 'proof_limit_reached' }
        sent.push(`${item.id}-${index}`)
        await context.reportProgress(index + 1, item.attachmentKeys.length)
      }
      return { status: 'sent', result: null }
    })
    const pictures = [new Uint8Array([1]).buffer, new Uint8Array([2]).buffer, new Uint8Array([3]).buffer]
    await outbox.enqueue({ id: 'proof-1', kind: 'proof', buyerId: 'b', payload: {}, attachments: pictures })
    await outbox.flush()
    expect(outbox.items()[0]).toMatchObject({ id: 'proof-1', state: 'refused', progress: { done: 1, total: 3 } })

    refuseAt = undefined
    const counts: number[] = []
    const unsubscribe = outbox.subscribe(() => counts.push(outbox.items().length))
    await outbox.retry('proof-1')
    unsubscribe()
    // The new item takes the old one's place at once: it never vanishes from the screen and comes back.
    expect(counts.length).toBeGreaterThan(0)
    expect(counts.every((count) => count === 1)).toBe(true)
    await outbox.flush()
    const [first, second, third] = sent
    expect(first).toBe('proof-1-0')
    // The refused picture and the rest go under a new key; the acknowledged one is not sent again.
    expect(sent).toHaveLength(3)
    expect(second).not.toMatch(/^proof-1-/)
    expect(second?.replace(/-1$/, '')).toBe(third?.replace(/-2$/, ''))
    expect(outbox.items()).toEqual([])
    expect(storage.attachments.size).toBe(0)
  })

  it('retries only refused items: a waiting one may already have arrived', async () => {
    const { outbox, storage } = setup({ online: false })
    await outbox.enqueue(withdrawal('key-6'))
    await outbox.retry('key-6', { amount: 1 })
    expect(storage.saved.get('key-6')?.payload).toEqual({ amount: 10_000 })
  })

  it('does not send again what another tab sent meanwhile', async () => {
    const storage = memoryStorage()
    const first = setup({ storage })
    const second = setup({ storage, online: false })
    const firstSender = vi.fn(async () => ({ status: 'sent' as const, result: null }))
    const secondSender = vi.fn(async () => ({ status: 'sent' as const, result: null }))
    first.outbox.registerSender('withdrawal', firstSender)
    second.outbox.registerSender('withdrawal', secondSender)
    second.setOnline(false)
    first.setOnline(false)
    await first.outbox.enqueue(withdrawal('key-7'))
    // The second tab loads the item too, then the first sends it.
    await second.outbox.load()
    first.setOnline(true)
    await first.outbox.flush()
    second.setOnline(true)
    await second.outbox.flush()
    expect(firstSender).toHaveBeenCalledTimes(1)
    expect(secondSender).not.toHaveBeenCalled()
    expect(second.outbox.items()).toEqual([])
    expect(storage.saved.size).toBe(0)
  })

  it('refuses an item whose pictures are gone from the phone, and goes on with the next', async () => {
    const { outbox, storage, setOnline } = setup({ online: false })
    outbox.registerSender('proof', async (item, context) => {
      for (const key of item.attachmentKeys) await context.readAttachment(key)
      return { status: 'sent', result: null }
    })
    const withdrawalSender = vi.fn(async () => ({ status: 'sent' as const, result: null }))
    outbox.registerSender('withdrawal', withdrawalSender)
    await outbox.enqueue({ id: 'proof-3', kind: 'proof', buyerId: 'b', payload: {}, attachments: [new ArrayBuffer(1)] })
    await outbox.enqueue(withdrawal('key-8'))
    storage.attachments.clear()
    setOnline(true)
    await outbox.flush()
    expect(outbox.items()).toEqual([
      expect.objectContaining({ id: 'proof-3', state: 'refused', refusal: { code: missingAttachmentCode } }),
    ])
    expect(withdrawalSender).toHaveBeenCalledTimes(1)
    // Sending it again cannot work: only discarding is offered.
    await outbox.retry('proof-3')
    expect(outbox.items()[0]).toMatchObject({ id: 'proof-3', state: 'refused' })
  })

  it('keeps no pictures when queuing fails, and clears pictures that no item names', async () => {
    const storage = memoryStorage()
    let writes = 0
    const failingStorage = {
      ...storage,
      writeAttachment: async (key: string, bytes: ArrayBuffer) => {
        writes += 1
        if (writes === 2) throw new DOMException('The quota has been exceeded', 'QuotaExceededError')
        await storage.writeAttachment(key, bytes)
      },
    }
    const { outbox } = setup({ storage: failingStorage, online: false })
    await expect(
      outbox.enqueue({
        id: 'proof-4',
        kind: 'proof',
        buyerId: 'b',
        payload: {},
        attachments: [new ArrayBuffer(1), new ArrayBuffer(2), new ArrayBuffer(3)],
      }),
    ).rejects.toThrow(/quota/)
    expect(storage.attachments.size).toBe(0)
    expect(outbox.items()).toEqual([])

    // Left behind by an app closed between removing an item and its pictures.
    await storage.writeAttachment('gone/0', new ArrayBuffer(4))
    await setup({ storage }).outbox.load()
    expect(storage.attachments.size).toBe(0)
  })

  it('keeps each kind in order, and does not let pictures that cannot get through hold up money', async () => {
    const { outbox, advance } = setup()
    const sent: string[] = []
    let isPictureLinkDown = true
    outbox.registerSender('proof', async (item) => {
      if (isPictureLinkDown) throw new TypeError('Failed to fetch')
      sent.push(item.id)
      return { status: 'sent', result: null }
    })
    outbox.registerSender('withdrawal', async (item) => {
      sent.push(item.id)
      return { status: 'sent', result: null }
    })
    await outbox.enqueue({ id: 'pictures', kind: 'proof', buyerId: 'b', payload: {} })
    await outbox.enqueue({ id: 'more-pictures', kind: 'proof', buyerId: 'b', payload: {} })
    await outbox.enqueue(withdrawal('money'))
    await outbox.flush()
    // The withdrawal went; the second pictures wait behind the first, which waits for its retry.
    expect(sent).toEqual(['money'])
    await outbox.flush()
    expect(sent).toEqual(['money'])
    isPictureLinkDown = false
    advance(retryDelayMilliseconds(1))
    await outbox.flush()
    expect(sent).toEqual(['money', 'pictures', 'more-pictures'])
  })

  it('defers an item the server says to send later: it and later ones of its kind wait until then', async () => {
    const { outbox, advance } = setup()
    const sent: string[] = []
    let isLimited = true
    outbox.registerSender('message', async (item) => {
      if (isLimited && item.id === 'first') return { status: 'deferred', code: 'too_many_messages', retryAt: 61_000 }
      sent.push(item.id)
      return { status: 'sent', result: null }
    })
    outbox.registerSender('withdrawal', async (item) => {
      sent.push(item.id)
      return { status: 'sent', result: null }
    })
    await outbox.enqueue({ id: 'first', kind: 'message', buyerId: 'b', payload: {} })
    await outbox.enqueue({ id: 'second', kind: 'message', buyerId: 'b', payload: {} })
    await outbox.enqueue(withdrawal('money'))
    await outbox.flush()
    // Not refused: it waits, in its place, and says why and until when; other kinds go on.
    expect(sent).toEqual(['money'])
    expect(outbox.items().map((item) => [item.id, item.state])).toEqual([
      ['first', 'waiting'],
      ['second', 'waiting'],
    ])
    expect(outbox.items()[0]).toMatchObject({
      nextAttemptAt: 61_000,
      deferral: { code: 'too_many_messages', retryAt: 61_000 },
    })
    advance(30_000)
    await outbox.flush()
    expect(sent).toEqual(['money'])

    isLimited = false
    advance(30_000)
    await outbox.flush()
    // The same key, in order.
    expect(sent).toEqual(['money', 'first', 'second'])
    expect(outbox.items()).toEqual([])
  })

  it('keeps what the server answered for each acknowledged part, through a reload and a retry', async () => {
    const { outbox, storage } = setup()
    let refuse = true
    const uploads: string[] = []
    const named: string[][] = []
    // Like the chat's sender: one request per picture, then one naming the pictures' ids.
    const sender: OutboxSender = async (item, context) => {
      const receipts = [...(item.progress?.receipts ?? [])]
      for (let index = item.progress?.done ?? 0; index < item.attachmentKeys.length; index += 1) {
        uploads.push(`${item.id}-${index}`)
        receipts.push(`picture-${index}`)
        await context.reportProgress(index + 1, item.attachmentKeys.length, receipts)
      }
      if (refuse) return { status: 'refused', code: 'invalid_request' }
      named.push(receipts)
      return { status: 'sent', result: null }
    }
    outbox.registerSender('message', sender)
    const pictures = [new Uint8Array([1]).buffer, new Uint8Array([2]).buffer]
    await outbox.enqueue({ id: 'message-1', kind: 'message', buyerId: 'b', payload: {}, attachments: pictures })
    await outbox.flush()
    expect(storage.saved.get('message-1')?.progress).toEqual({
      done: 2,
      total: 2,
      receipts: ['picture-0', 'picture-1'],
    })

    const reloaded = createOutbox({ storage, isOnline: () => true, now: () => 1_000_000 })
    reloaded.registerSender('message', sender)
    await reloaded.load()
    refuse = false
    await reloaded.retry('message-1')
    await reloaded.flush()
    expect(uploads).toEqual(['message-1-0', 'message-1-1'])
    expect(named).toEqual([['picture-0', 'picture-1']])
  })

  it('backs off exponentially, up to 5 minutes', () => {
    expect(retryDelayMilliseconds(1)).toBe(2_000)
    expect(retryDelayMilliseconds(3)).toBe(8_000)
    expect(retryDelayMilliseconds(30)).toBe(300_000)
  })
})
