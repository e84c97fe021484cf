import { I18nProvider } from '@lingui/react'
import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { isApiError } from '../lib/api-client'
import { activateConsoleLocale, i18n, rememberedConsoleLocale } from './lib/console-i18n'
import { createConsoleRouter } from './router'
import './console.css'

async function start() {
  await activateConsoleLocale(rememberedConsoleLocale())
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      // A session that ended while the console was open (idle timeout, signed out elsewhere):
      // back to sign-in rather than an error on every panel.
      onError: (error) => {
        if (isApiError(error, 'operator_unauthenticated')) {
          queryClient.clear()
          void router.navigate({ to: '/sign-in' })
        }
      },
    }),
    defaultOptions: { queries: { staleTime: 10_000, retry: false } },
  })
  const router = createConsoleRouter(queryClient)
  const container = document.getElementById('console')
  if (container === null) throw new Error('no #console element')
  createRoot(container).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </I18nProvider>
    </StrictMode>,
  )
}

void start()
