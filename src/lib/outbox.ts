import { createStore, del, entries, get, keys, set } from 'idb-keyval'
import { useSyncExternalStore } from 'react'

/**
 * The one outbox of the app (docs/decisions/006): writes that must reach the server exactly once,
 * even when the shopper confirms them with no signal. Each item carries the idempotency key made
 * when the shopper confirmed; it waits in IndexedDB (surviving reloads and a closed app) and is
 * sent in order (per kind) when the device is online, at start-up and on the `online` event. Only this module
 * retries; the server answers a repeated key with the first result, so a resend after an answer
 * that never arrived changes nothing.
 *
 * Features register a sender per kind (`registerOutboxSender`) at start-up; an item whose sender is
 * not registered yet simply waits. Binary parts (proof pictures) travel as attachments: ArrayBuffers
 * kept under their own keys, written before the item that names them and removed with it. A server
 * that says "not now, at T" (a rate limit) defers an item: it waits until then, in its place.
 */

export type OutboxItemState = 'waiting' | 'sending' | 'refused'

export type OutboxItem = {
  /** The idempotency key, made when the shopper confirmed. */
  id: string
  kind: string
  buyerId: string
  /** What to send (JSON). Binary parts are attachments. */
  payload: unknown
  /** Keys of the item's attachments, in order (`readAttachment`). */
  attachmentKeys: string[]
  createdAt: number
  state: OutboxItemState
  attempts: number
  /** Epoch milliseconds before which a retry is not tried. */
  nextAttemptAt: number
  /** Why the server refused it: the shopper edits, retries or discards. */
  refusal: OutboxRefusal | null
  /** Why it waits until `nextAttemptAt` although the server answered (`deferred`), for the shopper to see. */
  deferral: OutboxDeferral | null
  /**
   * For a send made of several requests (one per picture): how many the server has acknowledged.
   * Kept, so a send interrupted by a lost signal or a reload goes on from there. `receipts` holds
   * what the server answered for each acknowledged part when a last request names them (a chat
   * message names its pictures' ids).
   */
  progress: { done: number; total: number; receipts?: string[] } | null
}

/** The server's reason: its error code, per-field reasons and numbers that explain it (e.g. a minimum). */
export type OutboxRefusal = { code: string; fields?: Record<string, string>; numbers?: Record<string, number> }

/** The server's "not now": its error code and when to try again (epoch milliseconds). */
export type OutboxDeferral = { code: string; retryAt: number }

/** The refusal of an item whose attachments are no longer on the phone. */
export const missingAttachmentCode = 'outbox_attachment_missing'

/** Whether a refused item can be sent again: not when its attachments are gone from the phone. */
export function canRetryOutboxItem(item: OutboxItem): boolean {
  return item.state === 'refused' && item.refusal?.code !== missingAttachmentCode
}

class MissingAttachmentError extends Error {
  constructor(key: string) {
    super(`Outbox attachment ${key} is missing`)
    this.name = 'MissingAttachmentError'
  }
}

/**
 * How a send ended. A thrown error means "no answer" (network): the item waits and is tried again.
 * `deferred` is an answer that is not a decision (too many at once): the item, and later ones of its
 * kind, wait until `retryAt` and are then sent as they are, with the same key.
 */
export type OutboxSendResult =
  | { status: 'sent'; result: unknown }
  | ({ status: 'refused' } & OutboxRefusal)
  | ({ status: 'deferred' } & OutboxDeferral)

export type OutboxSendContext = {
  readAttachment(key: string): Promise<ArrayBuffer>
  /**
   * Records that the server acknowledged `done` of `total` parts, with what it answered for each
   * when the last request needs it (see `OutboxItem.progress`).
   */
  reportProgress(done: number, total: number, receipts?: string[]): Promise<void>
}

export type OutboxSender = (item: OutboxItem, context: OutboxSendContext) => Promise<OutboxSendResult>

/** An item as kept: those saved before attachments, progress and deferrals existed lack them. */
type StoredOutboxItem = Omit<OutboxItem, 'attachmentKeys' | 'progress' | 'deferral'> &
  Partial<Pick<OutboxItem, 'attachmentKeys' | 'progress' | 'deferral'>>

/** Where items are kept; IndexedDB in the app, memory in unit tests. */
export type OutboxStorage = {
  readAll(): Promise<StoredOutboxItem[]>
  write(item: OutboxItem): Promise<void>
  remove(id: string): Promise<void>
  writeAttachment(key: string, bytes: ArrayBuffer): Promise<void>
  readAttachment(key: string): Promise<ArrayBuffer | undefined>
  removeAttachment(key: string): Promise<void>
  listAttachmentKeys(): Promise<string[]>
}

export function createIndexedDbOutboxStorage(): OutboxStorage {
  const store = createStore('ngernkhuen-outbox', 'items')
  // Its own database: idb-keyval opens one object store per database.
  const attachments = createStore('ngernkhuen-outbox-attachments', 'attachments')
  return {
    readAll: async () => (await entries<string, StoredOutboxItem>(store)).map(([, item]) => item),
    write: (item) => set(item.id, item, store),
    remove: (id) => del(id, store),
    writeAttachment: (key, bytes) => set(key, bytes, attachments),
    readAttachment: (key) => get<ArrayBuffer>(key, attachments),
    removeAttachment: (key) => del(key, attachments),
    listAttachmentKeys: async () => (await keys(attachments)).map(String),
  }
}

/** 2 s, 4 s, 8 s … capped at 5 minutes: a server in trouble is not hammered by every phone at once. */
export function retryDelayMilliseconds(attempts: number): number {
  return Math.min(2_000 * 2 ** Math.max(0, attempts - 1), 5 * 60_000)
}

export type Outbox = ReturnType<typeof createOutbox>

export function createOutbox(options: {
  storage: OutboxStorage
  isOnline: () => boolean
  now?: () => number
  /** Runs `task` while no other tab runs it (Web Locks where the browser has them). */
  exclusively?: (task: () => Promise<void>) => Promise<void>
}) {
  const { storage, isOnline } = options
  const now = options.now ?? Date.now
  const exclusively = options.exclusively ?? ((task) => task())
  const senders = new Map<string, OutboxSender>()
  const sentListeners = new Set<(item: OutboxItem, result: unknown) => void>()
  const changeListeners = new Set<() => void>()
  let items: OutboxItem[] = []
  let loaded: Promise<void> | undefined
  let flushing: Promise<void> | undefined
  let retryTimer: ReturnType<typeof setTimeout> | undefined

  function publish(next: OutboxItem[]) {
    items = [...next].sort((first, second) => first.createdAt - second.createdAt)
    for (const listener of changeListeners) listener()
  }

  /**
   * The items as stored. An item caught mid-send when its tab closed is sent again: the key makes
   * that safe. Items saved before attachments, progress and deferrals existed get their empty defaults.
   */
  async function readStored(): Promise<OutboxItem[]> {
    return (await storage.readAll()).map((item) => ({
      ...item,
      attachmentKeys: item.attachmentKeys ?? [],
      progress: item.progress ?? null,
      deferral: item.deferral ?? null,
      state: item.state === 'sending' ? 'waiting' : item.state,
    }))
  }

  async function load() {
    loaded ??= readStored().then(async (stored) => {
      publish(stored)
      // Pictures whose item is gone (the app closed between removing the two, or queuing failed
      // halfway) would fill the phone's storage for good.
      const named = new Set(stored.flatMap((item) => item.attachmentKeys))
      const unnamed = (await storage.listAttachmentKeys()).filter((key) => !named.has(key))
      await Promise.all(unnamed.map((key) => storage.removeAttachment(key)))
    })
    return loaded
  }

  async function save(item: OutboxItem) {
    await storage.write(item)
    publish([...items.filter((existing) => existing.id !== item.id), item])
  }

  /** Removes an item and its attachments. */
  async function drop(id: string) {
    const item = items.find((existing) => existing.id === id)
    await storage.remove(id)
    publish(items.filter((existing) => existing.id !== id))
    if (item !== undefined) await Promise.all(item.attachmentKeys.map((key) => storage.removeAttachment(key)))
  }

  /**
   * Puts `item` (carrying the attachments on) in the place of the item `id`, in one change of
   * what the shopper sees. The new one is stored first: a crash in between leaves the refused old
   * one beside it, never neither.
   */
  async function replace(id: string, item: OutboxItem) {
    await storage.write(item)
    await storage.remove(id)
    publish([...items.filter((existing) => existing.id !== id), item])
  }

  function sendContext(id: string): OutboxSendContext {
    return {
      async readAttachment(key) {
        const bytes = await storage.readAttachment(key)
        if (bytes === undefined) throw new MissingAttachmentError(key)
        return bytes
      },
      async reportProgress(done, total, receipts) {
        const current = items.find((existing) => existing.id === id)
        if (current !== undefined) {
          await save({ ...current, progress: { done, total, ...(receipts === undefined ? {} : { receipts }) } })
        }
      },
    }
  }

  function scheduleRetry() {
    if (retryTimer !== undefined) clearTimeout(retryTimer)
    retryTimer = undefined
    const next = items.filter((item) => item.state === 'waiting').map((item) => item.nextAttemptAt)
    if (next.length === 0) return
    retryTimer = setTimeout(() => void flush(), Math.max(0, Math.min(...next) - now()))
  }

  async function sendDue() {
    await load()
    // Inside the lock the stored items are the truth: another tab may have sent, refused or
    // discarded items that this tab still holds in memory, and must not send them again.
    publish(await readStored())
    // Kinds held back this round: behind an item of the kind that waits for its retry (or for its
    // sender), later ones of that kind wait too, so money moves in the order the shopper asked
    // for it. Other kinds go on: pictures that cannot get through do not hold up a withdrawal.
    const heldKinds = new Set<string>()
    for (const candidate of items) {
      if (!isOnline()) return
      const item = items.find((current) => current.id === candidate.id)
      if (item === undefined || item.state !== 'waiting' || heldKinds.has(item.kind)) continue
      const sender = senders.get(item.kind)
      if (item.nextAttemptAt > now() || sender === undefined) {
        heldKinds.add(item.kind)
        continue
      }
      await save({ ...item, state: 'sending', attempts: item.attempts + 1, deferral: null })
      let outcome: OutboxSendResult
      try {
        outcome = await sender(item, sendContext(item.id))
      } catch (error) {
        // Bytes the phone no longer has (storage cleared by the browser) will never be sent:
        // the shopper is told, instead of the item holding up everything behind it.
        if (error instanceof MissingAttachmentError) {
          const current = items.find((existing) => existing.id === item.id) ?? item
          await save({ ...current, state: 'refused', refusal: { code: missingAttachmentCode } })
          continue
        }
        // No answer: keep it, in order, and try again later; later items of its kind wait.
        const current = items.find((existing) => existing.id === item.id)
        if (current !== undefined) {
          await save({ ...current, state: 'waiting', nextAttemptAt: now() + retryDelayMilliseconds(current.attempts) })
        }
        heldKinds.add(item.kind)
        continue
      }
      if (outcome.status === 'sent') {
        await drop(item.id)
        for (const listener of sentListeners) listener(item, outcome.result)
      } else if (outcome.status === 'deferred') {
        const current = items.find((existing) => existing.id === item.id) ?? item
        await save({
          ...current,
          state: 'waiting',
          nextAttemptAt: outcome.retryAt,
          deferral: { code: outcome.code, retryAt: outcome.retryAt },
        })
        heldKinds.add(item.kind)
      } else {
        const current = items.find((existing) => existing.id === item.id) ?? item
        await save({
          ...current,
          state: 'refused',
          attempts: item.attempts + 1,
          refusal: {
            code: outcome.code,
            ...(outcome.fields ? { fields: outcome.fields } : {}),
            ...(outcome.numbers ? { numbers: outcome.numbers } : {}),
          },
        })
      }
    }
  }

  /** Sends what is due, once at a time; calls made meanwhile join the running one. */
  function flush(): Promise<void> {
    flushing ??= exclusively(sendDue).finally(() => {
      flushing = undefined
      scheduleRetry()
    })
    return flushing
  }

  return {
    load,
    flush,
    registerSender(kind: string, sender: OutboxSender) {
      senders.set(kind, sender)
    },
    /** Queues a confirmed write (with its binary parts, if any) and tries to send it at once. */
    async enqueue(
      item: Pick<OutboxItem, 'id' | 'kind' | 'buyerId' | 'payload'> & { attachments?: ArrayBuffer[] },
    ): Promise<void> {
      await load()
      const { attachments = [], ...fields } = item
      const attachmentKeys = attachments.map((_, index) => `${item.id}/${index}`)
      // The bytes first: an item is never saved naming attachments that are not there. If the
      // phone's storage refuses one, none are kept.
      try {
        await Promise.all(attachments.map((bytes, index) => storage.writeAttachment(`${item.id}/${index}`, bytes)))
      } catch (error) {
        await Promise.all(attachmentKeys.map((key) => storage.removeAttachment(key).catch(() => undefined)))
        throw error
      }
      // Strictly increasing, so two items confirmed in the same millisecond keep their order.
      const createdAt = Math.max(now(), ...items.map((existing) => existing.createdAt + 1))
      await save({
        ...fields,
        attachmentKeys,
        createdAt,
        state: 'waiting',
        attempts: 0,
        nextAttemptAt: 0,
        refusal: null,
        deferral: null,
        progress: null,
      })
      void flush()
    },
    /** The bytes of an item's attachment, e.g. to show a queued picture. */
    readAttachment: (key: string) => storage.readAttachment(key),
    /**
     * Sends a refused item again, as it was or changed (after the shopper fixed what was wrong,
     * e.g. the balance). The server keeps its refusal under the old key and changed nothing, so
     * this is a new request with a new key (the old one would only get the refusal again). Parts
     * the server acknowledged before the refusal (pictures) stay acknowledged: they are not sent
     * twice. Only refused items (`canRetryOutboxItem`): a waiting one may already have arrived.
     */
    async retry(id: string, payload?: unknown): Promise<void> {
      const item = items.find((existing) => existing.id === id)
      if (item === undefined || !canRetryOutboxItem(item)) return
      await replace(id, {
        ...item,
        id: crypto.randomUUID(),
        payload: payload ?? item.payload,
        state: 'waiting',
        nextAttemptAt: 0,
        refusal: null,
      })
      void flush()
    },
    /** Removes an item that is not being sent; `false` when it is mid-send (it may already have arrived). */
    async discard(id: string): Promise<boolean> {
      const item = items.find((existing) => existing.id === id)
      if (item === undefined) return true
      if (item.state === 'sending') return false
      await drop(id)
      return true
    },
    items: () => items,
    // An arrow, not a method: React calls it unbound (useSyncExternalStore).
    subscribe: (listener: () => void) => {
      changeListeners.add(listener)
      return () => changeListeners.delete(listener)
    },
    onSent(listener: (item: OutboxItem, result: unknown) => void) {
      sentListeners.add(listener)
      return () => sentListeners.delete(listener)
    },
  }
}

/** The app's outbox: IndexedDB, one sender across tabs. Created on first use (never in unit tests). */
let appOutbox: Outbox | undefined

export function getAppOutbox(): Outbox {
  appOutbox ??= createOutbox({
    storage: createIndexedDbOutboxStorage(),
    isOnline: () => navigator.onLine,
    exclusively: async (task) => {
      if ('locks' in navigator) await navigator.locks.request('ngernkhuen-outbox', () => task())
      else await task()
    },
  })
  return appOutbox
}

/** Starts the app's outbox: loads what waits, sends it, and sends again whenever the device is back online. */
export function startAppOutbox(): void {
  const outbox = getAppOutbox()
  void outbox.load().then(() => outbox.flush())
  window.addEventListener('online', () => void outbox.flush())
}

/** The items of the app's outbox as React state. */
export function useOutboxItems(): OutboxItem[] {
  const outbox = getAppOutbox()
  return useSyncExternalStore(outbox.subscribe, outbox.items, outbox.items)
}
