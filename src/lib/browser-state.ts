import { useSyncExternalStore } from 'react'
import * as v from 'valibot'
import { localeSchema } from '#domain/locale'

/**
 * What the app keeps in the browser between visits (spec section 4): language, country,
 * statusClick, the buyer record and the buyer id. One typed module, read and written through
 * valibot so a value written by an older version can never break start-up.
 */
const storageKey = 'ngernkhuen.state'

const storedBuyerSchema = v.object({
  buyerId: v.string(),
  firstName: v.nullable(v.string()),
  lastName: v.nullable(v.string()),
  status: v.picklist(['active', 'suspended']),
})

const browserStateSchema = v.object({
  language: v.optional(localeSchema, 'th'),
  country: v.optional(v.string(), 'Thailand'),
  /** Whether the shopper has tapped through a tracked link since the last reset (spec: statusClick). */
  statusClick: v.optional(v.boolean(), false),
  buyerId: v.optional(v.nullable(v.string()), null),
  buyer: v.optional(v.nullable(storedBuyerSchema), null),
  /**
   * The shopper answered our offer to turn on notifications (either way): it is not shown again
   * by itself; /profile and the wallet still offer it.
   */
  pushOfferAnswered: v.optional(v.boolean(), false),
  /** How many times the app started on this phone: installing is offered from the second on. */
  appStarts: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0)), 0),
})

export type BrowserState = v.InferOutput<typeof browserStateSchema>
export type StoredBuyer = v.InferOutput<typeof storedBuyerSchema>

function parseStoredState(raw: string | null): BrowserState {
  let json: unknown
  try {
    json = raw === null ? {} : JSON.parse(raw)
  } catch {
    json = {}
  }
  const result = v.safeParse(browserStateSchema, json)
  return result.success ? result.output : v.parse(browserStateSchema, {})
}

export function readBrowserState(storage: Pick<Storage, 'getItem'> = localStorage): BrowserState {
  try {
    return parseStoredState(storage.getItem(storageKey))
  } catch {
    // Storage can be unavailable (private mode, blocked cookies): start with the defaults.
    return parseStoredState(null)
  }
}

/** The state of a phone the app has never run on. */
const firstVisitState: BrowserState = parseStoredState(null)

const listeners = new Set<() => void>()
let snapshot: BrowserState | undefined

export function updateBrowserState(
  change: Partial<BrowserState>,
  storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage,
): BrowserState {
  const next = { ...readBrowserState(storage), ...change }
  try {
    storage.setItem(storageKey, JSON.stringify(next))
  } catch {
    // Quota or privacy settings: the state lives for this visit only.
  }
  snapshot = next
  for (const listener of listeners) listener()
  return next
}

/** Calls `listener` after every write in this tab; returns the unsubscribe. */
export function onBrowserStateWrite(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Keeps React's copy current: writes in this tab call the listeners, other tabs' send `storage`. */
function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  const onStorage = (event: StorageEvent) => {
    if (event.key !== storageKey) return
    snapshot = readBrowserState()
    listener()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

/**
 * One value of the stored state as React state (`select` returns a field, never a new object):
 * updates on every write, in this tab and in others, and only renders again when that value
 * changed. A prerendered page is drawn for a first visit, and the app hydrates it as drawn, with
 * the defaults; a component whose value is the same on this phone (a visitor's `buyerId`) is not
 * drawn again after hydrating.
 */
export function useBrowserState<Value>(select: (state: BrowserState) => Value): Value {
  return useSyncExternalStore(
    subscribe,
    () => select((snapshot ??= readBrowserState())),
    () => select(firstVisitState),
  )
}
