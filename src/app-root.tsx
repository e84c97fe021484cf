import { I18nProvider } from '@lingui/react'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { StrictMode, useEffect } from 'react'
import { firstRenderMark } from './lib/first-render-mark'
import { i18n } from './lib/i18n'
import type { createAppRouter } from './router'

/** The whole app; the same tree renders in the browser (src/main.tsx) and at build time (src/prerender.tsx). */
export function AppRoot({
  queryClient,
  router,
  onFirstRender,
}: {
  queryClient: QueryClient
  router: ReturnType<typeof createAppRouter>
  /** Once the first render is on screen. */
  onFirstRender?: () => void
}) {
  useEffect(() => {
    performance.mark(firstRenderMark)
    onFirstRender?.()
    // Runs once: the app is rendered once, with one callback, for its whole life.
  }, [onFirstRender])
  return (
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </I18nProvider>
    </StrictMode>
  )
}
