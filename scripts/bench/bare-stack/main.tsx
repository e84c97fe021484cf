import { i18n, type Messages } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createRouter, RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { routeTree } from './routeTree.gen'
import './styles.css'

// The app's start-up, minus the app: the locale's catalog first, then one render.
const catalogLoaders: Record<'th' | 'en', () => Promise<{ messages: Messages }>> = {
  th: () => import('./locales/th/messages.po'),
  en: () => import('./locales/en/messages.po'),
}

const router = createRouter({ routeTree, defaultPreload: 'intent', scrollRestoration: true })

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router
  }
}

async function start() {
  const locale = window.location.pathname.startsWith('/en') ? 'en' : 'th'
  const { messages } = await catalogLoaders[locale]()
  i18n.loadAndActivate({ locale, messages })
  document.documentElement.lang = locale

  const container = document.getElementById('app')
  if (!container) throw new Error('index.html has no #app element')
  createRoot(container).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={new QueryClient()}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </I18nProvider>
    </StrictMode>,
  )
}

void start()
