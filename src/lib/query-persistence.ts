import {
  persistQueryClientRestore,
  persistQueryClientSubscribe,
  type PersistedClient,
  type Persister,
} from '@tanstack/query-persist-client-core'
import { defaultShouldDehydrateQuery, type QueryClient } from '@tanstack/react-query'
import { createStore, del, get, set } from 'idb-keyval'
import { queryCacheMaxAgeMs } from './query-client'

/** Bump when a cached response's shape changes, so an old cache is dropped instead of misread. */
const queryCacheVersion = '4'
const persistThrottleMs = 1000

const queryCacheStore = createStore('ngernkhuen-query-cache', 'keyval')
const persistedClientKey = 'query-client'

/**
 * Stores the cache as structured clones in IndexedDB (not JSON), so binary values survive; writes
 * are throttled because every cache event asks for one.
 */
function createIndexedDbPersister(): Persister {
  let pending: PersistedClient | undefined
  let timer: ReturnType<typeof setTimeout> | undefined
  return {
    persistClient(client) {
      pending = client
      timer ??= setTimeout(() => {
        timer = undefined
        if (pending) void set(persistedClientKey, pending, queryCacheStore)
      }, persistThrottleMs)
    },
    restoreClient: () => get<PersistedClient>(persistedClientKey, queryCacheStore),
    removeClient: () => del(persistedClientKey, queryCacheStore),
  }
}

/**
 * Restores the persisted cache before the first render (loaders do not wait for it), then keeps
 * it up to date. Storage failures (private mode, quota) only cost the offline cache, never the app.
 */
export async function restoreAndPersistQueryCache(queryClient: QueryClient): Promise<void> {
  const persister = createIndexedDbPersister()
  const options = {
    queryClient,
    persister,
    maxAge: queryCacheMaxAgeMs,
    buster: queryCacheVersion,
    dehydrateOptions: {
      // A query whose last try failed offline still holds its last good data: keep saving it, or
      // one offline navigation would drop the saved session and the next offline start would
      // lose every member page.
      shouldDehydrateQuery: (query: Parameters<typeof defaultShouldDehydrateQuery>[0]) =>
        (defaultShouldDehydrateQuery(query) || query.state.data !== undefined) && query.meta?.persist !== false,
    },
  }
  try {
    await persistQueryClientRestore(options)
    persistQueryClientSubscribe(options)
  } catch (error) {
    console.warn('The offline cache is not available', error)
  }
}
