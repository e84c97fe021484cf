import { describe, expect, it, vi } from 'vitest'
import { createOutbox, retryDelayMilliseconds, type OutboxItem, type OutboxStorage } from './outbox'

function memoryStorage(initial: OutboxItem[] = []): OutboxStorage & { saved: Map<string, OutboxItem> } {
  const saved = new Map(initial.map((item) => [item.id, item]))
  return {
    saved,
    readAll: async () => [...saved.values()],
    write: async (item) => {
      saved.set(item.id, structuredClone(item))
    },
    remove: async (id) => {
      saved.delete(id)
    },
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
      { ...withdrawal('key-2'), createdAt: 1, state: 'sending', attempts: 1, nextAttemptAt: 0, refusal: null },
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

  it('backs off exponentially, up to 5 minutes', () => {
    expect(retryDelayMilliseconds(1)).toBe(2_000)
    expect(retryDelayMilliseconds(3)).toBe(8_000)
    expect(retryDelayMilliseconds(30)).toBe(300_000)
  })
})
