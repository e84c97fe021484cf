import { lazy, Suspense, type ReactNode } from 'react'
import { BuyerStatusWatcher } from '../../features/account/components/buyer-status-watcher'
import { MaintenanceWatcher } from '../../features/app-status/components/maintenance-watcher'
import { useIsDesktop } from './use-is-desktop'
import { OfflineBanner } from './offline-banner'
import { RouteProgressBar } from './route-progress-bar'
import { TopBar } from './top-bar'
import { UpdatePrompt } from './update-prompt'

// Phones never need the desktop screen or its QR encoder: load them only on a desktop.
const DesktopScreen = lazy(() => import('./desktop-screen'))

/** The frame of every page: progress bar, top bar, the page, the update prompt. */
export function AppShell({ children }: { children: ReactNode }) {
  const isDesktop = useIsDesktop()
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
      <main id="main" className="pb-[env(safe-area-inset-bottom)]">
        {children}
      </main>
      <MaintenanceWatcher />
      <BuyerStatusWatcher />
      <UpdatePrompt />
    </div>
  )
}
