/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core'
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'

declare const self: ServiceWorkerGlobalScope

// The app shell, fonts and icons; the list is injected at build time.
precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()

// The first install takes over the open page at once, so it works offline without a reload. Later
// versions wait in `waiting` until the shopper accepts the update prompt (SKIP_WAITING below).
clientsClaim()

// Every page is the same single-page shell, so any navigation works offline. API calls and
// server-only paths are not pages.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api\//, /^\/cws-api\//, /^\/utils\//, /^\/go\//],
  }),
)

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data: unknown = event.data
  if (typeof data === 'object' && data !== null && 'type' in data && data.type === 'SKIP_WAITING') {
    void self.skipWaiting()
  }
})
