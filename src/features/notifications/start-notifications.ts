import type { QueryClient } from '@tanstack/react-query'
import type { AnyRouter } from '@tanstack/react-router'
import { localeOfPath, type Locale } from '#domain/locale'
import { readBrowserState } from '../../lib/browser-state'
import { accountKeys } from '../account/api/account-keys'
import { isOpenLinkMessage, isPushReceivedMessage } from './open-notification-link'
import { refreshPushSubscription } from './push-device'

/**
 * What the service worker tells this window (src/features/notifications/open-notification-link.ts):
 * a push arrived (the shopper's data changed: the bell, balances and lists ask again), or a tapped
 * push found this window open (the router goes to its link without a reload).
 */
export function followServiceWorkerNews(router: AnyRouter, queryClient: QueryClient): void {
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent) => {
    if (isPushReceivedMessage(event.data)) void queryClient.invalidateQueries({ queryKey: accountKeys.all })
    if (isOpenLinkMessage(event.data)) void router.navigate({ href: event.data.link })
  })
}

/**
 * Keeps the server's copy of this device's subscription current: at start (a browser may renew a
 * subscription by itself) and whenever the shopper changes language (pushes are worded in it).
 */
export function keepPushSubscriptionCurrent(router: AnyRouter): void {
  let sentFor: { buyerId: string; locale: Locale } | undefined
  const refresh = () => {
    const { buyerId } = readBrowserState()
    if (buyerId === null) return
    const locale = localeOfPath(router.state.location.pathname)
    if (sentFor?.buyerId === buyerId && sentFor.locale === locale) return
    sentFor = { buyerId, locale }
    refreshPushSubscription(buyerId, locale).catch(() => {
      // Offline or signed out meanwhile: the next page change tries again.
      sentFor = undefined
    })
  }
  refresh()
  router.subscribe('onResolved', refresh)
}
