import type { ReactNode } from 'react'
import { MaintenanceWatcher } from '../../features/app-status/components/maintenance-watcher'
import { DesktopScreen, useIsDesktop } from './desktop-screen'
import { RouteProgressBar } from './route-progress-bar'
import { TopBar } from './top-bar'
import { UpdatePrompt } from './update-prompt'

/** The frame of every page: progress bar, top bar, the page, the update prompt. */
export function AppShell({ children }: { children: ReactNode }) {
  const isDesktop = useIsDesktop()
  if (isDesktop) return <DesktopScreen />
  return (
    <div className="mx-auto min-h-dvh max-w-[480px] bg-canvas">
      <RouteProgressBar />
      {/* Buyer state arrives with sign-in (accounts issue); until then no buyer is ever loaded. */}
      <TopBar isBuyerLoaded={false} />
      <main id="main" className="pb-[env(safe-area-inset-bottom)]">
        {children}
      </main>
      <MaintenanceWatcher />
      <UpdatePrompt />
    </div>
  )
}
