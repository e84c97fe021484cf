/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core'
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching'
import { CacheableResponsePlugin } from 'workbox-cacheable-response'
import { ExpirationPlugin } from 'workbox-expiration'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { CacheFirst, NetworkFirst } from 'workbox-strategies'

declare const self: ServiceWorkerGlobalScope

// The app shell, fonts and icons; the list is injected at build time.
precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()

// The first install takes over the open page at once, so it works offline without a reload. Later
// versions wait in `waiting` until the shopper accepts the update prompt (SKIP_WAITING below).
clientsClaim()

// Every page is the same single-page shell, so any navigation works offline. API calls,
// server-only paths and the operator console (a page and build of its own) are not its pages.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api\//, /^\/cws-api\//, /^\/utils\//, /^\/go\//, /^\/media\//, /^\/demo-store\//, /^\/ops(\/|$)/],
  }),
)

const day = 24 * 60 * 60

// Catalogue answers (lists and details): fresh when the network answers within a few seconds,
// otherwise what was seen last, so browsing keeps working on a train with no signal.
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' && url.origin === self.location.origin && url.pathname.startsWith('/cws-api/'),
  new NetworkFirst({
    cacheName: 'catalogue-api',
    networkTimeoutSeconds: 4,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 7 * day, purgeOnQuotaError: true }),
    ],
  }),
)

// Logos and product pictures never change under the same URL.
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' && url.origin === self.location.origin && url.pathname.startsWith('/media/'),
  new CacheFirst({
    cacheName: 'catalogue-images',
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 800, maxAgeSeconds: 30 * day, purgeOnQuotaError: true }),
    ],
  }),
)

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data: unknown = event.data
  if (typeof data === 'object' && data !== null && 'type' in data && data.type === 'SKIP_WAITING') {
    void self.skipWaiting()
  }
})
