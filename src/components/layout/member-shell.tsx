import type { QueryClient } from '@tanstack/react-query'
import type { AnyRouter } from '@tanstack/react-router'
import { lazy } from 'react'
import { NotificationBell } from '../../features/notifications/components/notification-bell'
import { followServiceWorkerNews, keepPushSubscriptionCurrent } from '../../features/notifications/start-notifications'
import { registerProofSender } from '../../features/proofs/api/proof-outbox'
import { startSupportChatLive } from '../../features/support-chat/api/support-events'
import { registerSupportMessageSender } from '../../features/support-chat/api/support-message-outbox'
import { registerWithdrawalSender } from '../../features/withdrawal/api/withdrawal-outbox'
import { startAppOutbox } from '../../lib/outbox'
import { OutboxIndicator } from './outbox-indicator'

export { ChatBubble } from '../../features/support-chat/components/chat-bubble'
export { MemberHome } from '../../features/home/components/member-home'

/**
 * What only a signed-in member's phone runs, one lazy part (src/components/layout/load-member-shell.ts)
 * with messages of its own (src/lib/lazy-parts.ts): a visitor's first load carries neither its code
 * nor its words, and a member's loads them after the first render. The app shell and the top bar
 * render its pieces where they belong; `startMemberWork` is the background work.
 */

// Offered once, after the first tap through to a store: most starts never show it, so it stays a
// part of its own, inside this one (its messages are still in this part's catalog).
const LazyPushOffer = lazy(() =>
  import('../../features/notifications/components/push-offer').then((module) => ({ default: module.PushOffer })),
)

export function PushOffer({ buyerId }: { buyerId: string }) {
  return <LazyPushOffer buyerId={buyerId} />
}

/** The top bar's member buttons: what waits in the outbox, and the bell where `showBell`. */
export function MemberTopBarItems({
  buyerId,
  showBell,
  className,
}: {
  buyerId: string
  showBell: boolean
  className: string
}) {
  return (
    <>
      <OutboxIndicator className={className} />
      {showBell ? <NotificationBell buyerId={buyerId} className={className} /> : null}
    </>
  )
}

/**
 * The outbox that sends what was confirmed offline (now, and whenever the device is back online),
 * the support chat's live stream (the bubble's unread count), and what the service worker tells
 * this window about pushes.
 */
export function startMemberWork(queryClient: QueryClient, router: AnyRouter): void {
  registerWithdrawalSender(queryClient)
  registerProofSender(queryClient)
  registerSupportMessageSender(queryClient)
  startAppOutbox()
  startSupportChatLive(queryClient)
  if ('serviceWorker' in navigator) {
    followServiceWorkerNews(router, queryClient)
    keepPushSubscriptionCurrent(router)
  }
}
