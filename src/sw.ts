/// <reference lib="webworker" />
import { setupI18n } from '@lingui/core'
import * as v from 'valibot'
import { clientsClaim } from 'workbox-core'
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching'
import { CacheableResponsePlugin } from 'workbox-cacheable-response'
import { ExpirationPlugin } from 'workbox-expiration'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { CacheFirst, NetworkFirst } from 'workbox-strategies'
import { pushPayloadSchema, type PushPayload } from '#domain/contracts/notifications'
import { sharedLinkPath } from '#domain/links/shop-links'
import { messages as englishPushMessages } from '../locales/en/push.po'
import { messages as thaiPushMessages } from '../locales/th/push.po'
import { describeNotification, describeUnreadablePush } from './features/notifications/notification-texts'
import { keepSharedPictures, sharedPicturesField, shareTargetPath } from './features/proofs/shared-pictures'
import { openNotificationLink, type PushReceivedMessage } from './features/notifications/open-notification-link'

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

// Pictures shared from the phone's gallery (the manifest's share target): kept on the phone, then
// the app asks which purchase they prove (src/features/proofs/shared-pictures.ts). A link or text
// shared without pictures (a product from a shop's app) opens paste-a-link with it. A 303 turns the
// share's POST into the app page's GET.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname === shareTargetPath,
  async ({ request }) => {
    const form = await request.formData()
    const pictures = form.getAll(sharedPicturesField)
    const hasPictures = pictures.some((value) => value instanceof File && value.size > 0)
    const linkPath = sharedLinkPath((name) => {
      const value = form.get(name)
      return typeof value === 'string' ? value : undefined
    })
    if (!hasPictures && linkPath !== undefined) return Response.redirect(linkPath, 303)
    const kept = await keepSharedPictures(pictures)
    return Response.redirect(`${shareTargetPath}?pictures=${kept}`, 303)
  },
  'POST',
)

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

// Logos and product pictures: the made ones (`/media/pictures/{content hash}/…`) never change under
// their URL, and the drawn placeholders only when a name or category does.
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

// Pushes (issue 16). The server sends what happened; the words are the app's, in the language of
// the device that subscribed (src/features/notifications/notification-texts.ts).
const pushI18n = setupI18n({ messages: { th: thaiPushMessages, en: englishPushMessages } })

async function showPush(payload: PushPayload): Promise<void> {
  pushI18n.activate(payload.locale)
  const { title, body } = describeNotification(pushI18n, payload, payload.locale)
  await self.registration.showNotification(title, {
    body,
    lang: payload.locale,
    icon: '/icons/icon-192.png',
    badge: '/icons/badge-96.png',
    // The same notification delivered twice (the worker retried) replaces itself.
    tag: payload.notificationId,
    data: { link: payload.link },
  })
  // An open app shows the news at once (the bell, the lists) instead of at its next refetch.
  for (const client of await self.clients.matchAll({ type: 'window' })) {
    client.postMessage({ type: 'PUSH_RECEIVED' } satisfies PushReceivedMessage)
  }
  // The app icon counts cashback waiting to be accepted, where the platform has a badge.
  if ('setAppBadge' in navigator) {
    await (payload.badgeCount > 0 ? navigator.setAppBadge(payload.badgeCount) : navigator.clearAppBadge()).catch(
      () => undefined,
    )
  }
}

self.addEventListener('push', (event: PushEvent) => {
  let json: unknown
  try {
    json = event.data?.json()
  } catch {
    json = undefined
  }
  const parsed = v.safeParse(pushPayloadSchema, json)
  event.waitUntil(parsed.success ? showPush(parsed.output) : showUnreadablePush())
})

/** Browsers require a notification for every push; one we cannot read still says who it is from. */
async function showUnreadablePush(): Promise<void> {
  pushI18n.activate(self.navigator.language.startsWith('en') ? 'en' : 'th')
  const { title, body } = describeUnreadablePush(pushI18n)
  await self.registration.showNotification(title, {
    body,
    icon: '/icons/icon-192.png',
    badge: '/icons/badge-96.png',
    data: { link: '/' },
  })
}

const notificationDataSchema = v.object({ link: v.string() })

self.addEventListener('notificationclick', (event: NotificationEvent) => {
  event.notification.close()
  const data = v.safeParse(notificationDataSchema, event.notification.data)
  event.waitUntil(openNotificationLink(self.clients, self.location.origin, data.success ? data.output.link : '/'))
})
