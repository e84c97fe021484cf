import { useSyncExternalStore } from 'react'
import { Workbox } from 'workbox-window'

type UpdateState = { applyUpdate: () => void } | undefined

let updateState: UpdateState
const listeners = new Set<() => void>()

function setUpdateState(next: UpdateState) {
  updateState = next
  for (const listener of listeners) listener()
}

const updateCheckIntervalMs = 60 * 60 * 1000

/**
 * Registers the service worker. A new version waits until the shopper accepts the update prompt:
 * reloading behind their back could throw away a half-filled form.
 */
export function registerServiceWorker(): void {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return
  const workbox = new Workbox('/sw.js', { scope: '/' })
  workbox.addEventListener('waiting', () => {
    setUpdateState({
      applyUpdate() {
        workbox.addEventListener('controlling', () => window.location.reload())
        workbox.messageSkipWaiting()
      },
    })
  })
  void workbox.register().then(() => {
    setInterval(() => void workbox.update(), updateCheckIntervalMs)
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') void workbox.update()
    })
  })
}

/** The pending update, if a new version is installed and waiting. */
export function useWaitingUpdate(): UpdateState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => updateState,
  )
}

export function dismissUpdate(): void {
  setUpdateState(undefined)
}
