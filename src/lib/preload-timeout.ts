import { waitAtMost } from './wait-at-most'

/** Spec section 9: "Prefetch timeout 2 s". */
export const preloadTimeoutMs = 2000

/**
 * What a route loader waits for. A navigation waits for its data; a preload on intent (a finger
 * on a link) stops waiting after 2 s, so a slow answer never holds the router. The request itself
 * goes on and fills the cache for when the shopper does tap.
 */
export function awaitLoad<T>(loading: Promise<T>, { preload }: { preload: boolean }): Promise<T | undefined> {
  return preload ? waitAtMost(loading, preloadTimeoutMs) : loading
}
