import { Workbox } from 'workbox-window'
import { setUpdateState } from './pwa'

const updateCheckIntervalMs = 60 * 60 * 1000

/**
 * Registers the service worker. A new version waits until the shopper accepts the update prompt:
 * reloading behind their back could throw away a half-filled form. Loaded after the first paint
 * (src/main.tsx): nothing on the first screen needs the worker.
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
  workbox
    .register()
    .then(() => {
      setInterval(() => void workbox.update(), updateCheckIntervalMs)
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') void workbox.update()
      })
    })
    // A browser that refuses workers (a private window, a policy) runs the app without offline use.
    .catch(() => undefined)
}
