/**
 * A bounded least-recently-used cache with a time-to-live, for catalogue answers that are the
 * same for every shopper. Concurrent misses of one key share a single load, so a burst of
 * requests after a change costs one query, not one per request. `clear` (on a catalogue change)
 * also makes loads that started before it not store their now-stale result.
 */
export type ResponseCache<Value> = {
  /** `isKept` false: the value answers this load (and the ones sharing it) but is not stored. */
  getOrLoad(key: string, load: () => Promise<Value>, isKept?: (value: Value) => boolean): Promise<Value>
  clear(): void
  readonly size: number
}

export function createResponseCache<Value>(options: {
  maxEntries: number
  timeToLiveMilliseconds: number
  now?: () => number
}): ResponseCache<Value> {
  const now = options.now ?? Date.now
  // A Map iterates in insertion order; re-inserting on every hit keeps the oldest use first.
  const entries = new Map<string, { value: Value; expiresAt: number }>()
  const loading = new Map<string, Promise<Value>>()
  let generation = 0

  function remember(key: string, value: Value): void {
    entries.delete(key)
    entries.set(key, { value, expiresAt: now() + options.timeToLiveMilliseconds })
    while (entries.size > options.maxEntries) {
      const oldestKey = entries.keys().next().value
      if (oldestKey === undefined) break
      entries.delete(oldestKey)
    }
  }

  return {
    async getOrLoad(key, load, isKept) {
      const entry = entries.get(key)
      if (entry !== undefined) {
        if (entry.expiresAt > now()) {
          entries.delete(key)
          entries.set(key, entry)
          return entry.value
        }
        entries.delete(key)
      }
      const pending = loading.get(key)
      if (pending !== undefined) return pending

      const startedInGeneration = generation
      const tracked = load()
        .then((value) => {
          if (startedInGeneration === generation && (isKept?.(value) ?? true)) remember(key, value)
          return value
        })
        .finally(() => {
          if (loading.get(key) === tracked) loading.delete(key)
        })
      loading.set(key, tracked)
      return tracked
    },
    clear() {
      generation += 1
      entries.clear()
      loading.clear()
    },
    get size() {
      return entries.size
    },
  }
}
