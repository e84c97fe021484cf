import { lazy, Suspense, type ReactNode } from 'react'
import { BuyerStatusWatcher } from '../../features/account/components/buyer-status-watcher'
import { MaintenanceWatcher } from '../../features/app-status/components/maintenance-watcher'
import { pathWithoutLocale } from '#domain/locale'
import { useRouterState } from '@tanstack/react-router'
import { BottomNav } from './bottom-nav'
import { topBarControls } from './top-bar-rules'
import { useIsDesktop } from './use-is-desktop'
import { OfflineBanner } from './offline-banner'
import { RouteProgressBar } from './route-progress-bar'
import { TopBar } from './top-bar'
import { UpdatePrompt } from './update-prompt'

// Phones never need the desktop screen or its QR encoder: load them only on a desktop.
const DesktopScreen = lazy(() => import('./desktop-screen'))

/** The frame of every page: progress bar, top bar, the page, the bottom navigation, the update prompt. */
export function AppShell({ children }: { children: ReactNode }) {
  const isDesktop = useIsDesktop()
  const localeFreePath = useRouterState({ select: (state) => pathWithoutLocale(state.location.pathname) })
  // The same screens that hide the top bar's navigation (ban, sign-in) hide the bottom one.
  const { showHome: showNavigation } = topBarControls(localeFreePath, false)
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
          showNavigation ? 'pb-[calc(4.5rem+env(safe-area-inset-bottom))]' : 'pb-[env(safe-area-inset-bottom)]'
        }
      >
        {children}
      </main>
      {showNavigation ? <BottomNav /> : null}
      <MaintenanceWatcher />
      <BuyerStatusWatcher />
      <UpdatePrompt />
    </div>
  )
}
