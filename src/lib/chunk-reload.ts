/**
 * After a deploy, an open tab may ask for page chunks that no longer exist. Reloading fetches the
 * new index.html; the guard stops a reload loop when the chunk is missing for another reason
 * (spec section 4: at most once per 60 seconds).
 */
export const chunkReloadIntervalMs = 60_000
const lastReloadKey = 'ngernkhuen.chunk-reload-at'

const chunkErrorPatterns = [
  /Failed to fetch dynamically imported module/i,
  /Importing a module script failed/i,
  /error loading dynamically imported module/i,
  /Unable to preload CSS/i,
]

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error)
  return chunkErrorPatterns.some((pattern) => pattern.test(message))
}

/** Whether a reload is allowed now, recording it when it is. */
export function claimChunkReload(storage: Pick<Storage, 'getItem' | 'setItem'>, now: number): boolean {
  const lastReloadAt = Number(storage.getItem(lastReloadKey) ?? 0)
  if (now - lastReloadAt < chunkReloadIntervalMs) return false
  storage.setItem(lastReloadKey, String(now))
  return true
}

/** Reloads the page for a failed chunk if the guard allows; returns whether it did. */
export function reloadForChunkError(): boolean {
  if (!claimChunkReload(sessionStorage, Date.now())) return false
  window.location.reload()
  return true
}

/** Vite reports failed preloads of dynamic imports with this event. */
export function listenForChunkPreloadErrors(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadForChunkError()) event.preventDefault()
  })
}
