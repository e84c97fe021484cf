import { useSyncExternalStore } from 'react'

const neverChanges = () => () => {}

/**
 * A value only the browser knows (the clock, what the browser offers), as the page shows it:
 * `prerendered` in the page the server prerendered and while the app hydrates that page, then
 * `read()` once hydrated. Hydration must draw exactly what the server drew; React draws the
 * browser's value right after. `read` must return the same value each call until it changes.
 */
export function useBrowserValue<T>(read: () => T, prerendered: T): T {
  return useSyncExternalStore(neverChanges, read, () => prerendered)
}
