import { onlineManager, QueryClient } from '@tanstack/react-query'

export const queryCacheMaxAgeMs = 7 * 24 * 60 * 60 * 1000

export function createQueryClient(): QueryClient {
  // TanStack Query assumes "online" until an `offline` event arrives, so an app opened with no
  // network would think it is online. `navigator.onLine === false` is reliable (true is not).
  if (typeof navigator !== 'undefined' && !navigator.onLine) onlineManager.setOnline(false)
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        // Kept as long as the persisted cache, so what was seen stays browsable offline.
        gcTime: queryCacheMaxAgeMs,
        // The HTTP client already retries (spec: 3 times, and a GET answered 503 database_unavailable
        // after `Retry-After`); a second retry loop here would multiply them.
        retry: false,
      },
    },
  })
}
