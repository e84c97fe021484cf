import { lazy, Suspense, type ReactNode } from 'react'
import { BuyerStatusWatcher } from '../../features/account/components/buyer-status-watcher'
import { MaintenanceWatcher } from '../../features/app-status/components/maintenance-watcher'
import { isChatBubbleShown } from '../../features/support-chat/chat-bubble-rules'
import { pathWithoutLocale } from '#domain/locale'
import { useRouterState } from '@tanstack/react-router'
import { useBrowserState } from '../../lib/browser-state'
import { BottomNav } from './bottom-nav'
import { showsBottomNavigation } from './top-bar-rules'
import { useIsDesktop } from './use-is-desktop'
import { OfflineBanner } from './offline-banner'
import { RouteProgressBar } from './route-progress-bar'
import { TopBar } from './top-bar'
import { withPartMessages } from '../../lib/i18n'
import { desktopScreenPart, updatePromptPart } from '../../lib/lazy-parts'
import { useWaitingUpdate } from '../../lib/pwa'
import { lazyMemberShell } from './load-member-shell'

// Phones never need the desktop screen or its QR encoder: load them only on a desktop.
const DesktopScreen = lazy(() => withPartMessages(desktopScreenPart, import('./desktop-screen')))
// The chat bubble and the push offer are the member shell's (members only), the update prompt loads
// only once a new version waits: none of them, nor their messages, is part of a visitor's first load.
const ChatBubble = lazyMemberShell('ChatBubble')
const UpdatePrompt = lazy(() =>
  withPartMessages(updatePromptPart, import('./update-prompt')).then((module) => ({ default: module.UpdatePrompt })),
)
const PushOffer = lazyMemberShell('PushOffer')

/** Room below the page for what floats over its end: the bottom navigation, the chat bubble above it. */
const mainPadding = {
  navigationAndBubble: 'pb-[calc(8.5rem+env(safe-area-inset-bottom))]',
  navigation: 'pb-[calc(4.5rem+env(safe-area-inset-bottom))]',
  bubble: 'pb-[calc(5.5rem+env(safe-area-inset-bottom))]',
  none: 'pb-[env(safe-area-inset-bottom)]',
}

/**
 * The frame of every page: progress bar, top bar, the page, the bottom navigation, the chat bubble,
 * the update prompt.
 */
export function AppShell({ children }: { children: ReactNode }) {
  const isDesktop = useIsDesktop()
  const localeFreePath = useRouterState({ select: (state) => pathWithoutLocale(state.location.pathname) })
  const buyerId = useBrowserState((state) => state.buyerId)
  const statusClick = useBrowserState((state) => state.statusClick)
  const pushOfferAnswered = useBrowserState((state) => state.pushOfferAnswered)
  const showNavigation = showsBottomNavigation(localeFreePath)
  const showBubble = isChatBubbleShown(localeFreePath, buyerId !== null)
  const waitingUpdate = useWaitingUpdate()
  if (isDesktop) {
    return (
      <Suspense>
        <DesktopScreen />
      </Suspense>
    )
  }
  return (
    <div className="mx-auto min-h-dvh max-w-[480px] bg-canvas">
      <RouteProgressBar />
      <TopBar />
      <OfflineBanner />
      <main
        id="main"
        className={
          showNavigation
            ? showBubble
              ? mainPadding.navigationAndBubble
              : mainPadding.navigation
            : showBubble
              ? mainPadding.bubble
              : mainPadding.none
        }
      >
        {children}
      </main>
      {showNavigation ? <BottomNav /> : null}
      <Suspense>
        {showBubble && buyerId !== null ? <ChatBubble buyerId={buyerId} isAboveNavigation={showNavigation} /> : null}
        {waitingUpdate ? <UpdatePrompt update={waitingUpdate} /> : null}
        {/* Offered once, after the member's first tap through to a store (their cashback is on its way). */}
        {buyerId !== null && statusClick && !pushOfferAnswered ? <PushOffer buyerId={buyerId} /> : null}
      </Suspense>
      <MaintenanceWatcher />
      <BuyerStatusWatcher />
    </div>
  )
}
