import { setUpdateState } from './pwa'

const updateCheckIntervalMs = 60 * 60 * 1000

/**
 * Registers the service worker. A new version waits until the shopper accepts the update prompt:
 * reloading behind their back could throw away a half-filled form. Loaded after the first paint
 * (src/main.tsx): nothing on the first screen needs the worker. The browser's own API, not
 * workbox-window: what it did here (register, notice a waiting version, send SKIP_WAITING, reload
 * once the new version controls the page) is a few lines, and every first load carried its 2 KiB.
 */
export function registerServiceWorker(): void {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return
  const { serviceWorker } = navigator
  /** A version is installed and waits while an older one controls the page: offer it. */
  const offer = (waiting: ServiceWorker) => {
    if (serviceWorker.controller === null) return
    setUpdateState({
      applyUpdate() {
        serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true })
        waiting.postMessage({ type: 'SKIP_WAITING' })
      },
    })
  }
  void serviceWorker.register('/sw.js', { scope: '/' }).then((registration) => {
    // Installed on an earlier visit and still waiting.
    if (registration.waiting !== null) offer(registration.waiting)
    registration.addEventListener('updatefound', () => {
      const installing = registration.installing
      installing?.addEventListener('statechange', () => {
        if (installing.state === 'installed') offer(installing)
      })
    })
    // Offline the check fails; the next one tries again.
    const checkForUpdate = () => void registration.update().catch(() => undefined)
    setInterval(checkForUpdate, updateCheckIntervalMs)
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') checkForUpdate()
    })
  })
}
