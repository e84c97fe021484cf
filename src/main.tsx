import type { QueryClient } from '@tanstack/react-query'
import { startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { coldLoadLocaleRedirect, localeCookieName, localeOfPath, parseLocale } from '#domain/locale'
import { loadMemberShell } from './components/layout/load-member-shell'
import { runStartupSequence } from './features/account/startup'
import { preloadErrorContract } from './lib/api-client'
import { onBrowserStateWrite, readBrowserState, updateBrowserState } from './lib/browser-state'
import { listenForChunkPreloadErrors } from './lib/chunk-reload'
import { AppRoot } from './app-root'
import { activateLocale } from './lib/i18n'
import { captureInstallPrompt } from './lib/install-prompt'
import { createQueryClient } from './lib/query-client'
import { restoreAndPersistQueryCache } from './lib/query-persistence'
import { createAppRouter } from './router'
import './styles.css'

type AppRouter = ReturnType<typeof createAppRouter>

function readLocaleCookie() {
  const cookie = document.cookie.split('; ').find((entry) => entry.startsWith(`${localeCookieName}=`))
  return parseLocale(cookie?.slice(localeCookieName.length + 1))
}

/**
 * The server redirects a cold load to the remembered language, but a page served by the service
 * worker (offline, or any load after the first) never reaches it: apply the same rule here.
 */
function applyRememberedLocale() {
  const target = coldLoadLocaleRedirect(window.location.pathname, readLocaleCookie() ?? readBrowserState().language)
  if (target) window.history.replaceState(null, '', target + window.location.search + window.location.hash)
}

async function start() {
  applyRememberedLocale()
  updateBrowserState({ appStarts: readBrowserState().appStarts + 1 })
  captureInstallPrompt()
  listenForChunkPreloadErrors()

  const queryClient = createQueryClient()
  // I18nProvider renders nothing until a language is active, and the router lives inside it.
  await Promise.all([
    activateLocale(localeOfPath(window.location.pathname), window.location.pathname),
    restoreAndPersistQueryCache(queryClient),
  ])
  const router = createAppRouter(queryClient)

  const container = document.getElementById('app')
  if (!container) throw new Error('index.html has no #app element')
  // A page the server sent prerendered (src/prerender.tsx) is already painted: the first render
  // waits for the route's code and data, so it replaces that paint with the finished page, not
  // with a blank one while a chunk loads.
  const isPrerendered = container.hasChildNodes()
  if (isPrerendered) await router.load()
  const root = createRoot(container)
  // The first render is a transition: React renders it in slices between which the browser stays
  // responsive to the shopper (no long task), and shows it whole once done: over a prerendered
  // page it swaps it in, on an empty one (a detail page, a member's page) it paints it.
  startTransition(() => root.render(<AppRoot queryClient={queryClient} router={router} />))
  // After the first render: the shell never waits on the network (spec section 4 start-up).
  void runStartupSequence(queryClient)
  void startBackgroundWork(queryClient, router)
}

/** Resolves once the browser has nothing more urgent to do (at most 2 s on), so first-paint work goes first. */
function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    if ('requestIdleCallback' in window) requestIdleCallback(() => resolve(), { timeout: 2000 })
    else setTimeout(resolve, 0)
  })
}

/**
 * What the first screen does not draw loads after it, when the browser is idle: the service worker,
 * the API's error contract (read when an answer fails), and for a member the member shell's background work (src/components/layout/member-shell.tsx):
 * the outbox that sends what was confirmed offline, the support chat's live stream, push news.
 */
async function startBackgroundWork(queryClient: QueryClient, router: AppRouter) {
  await whenIdle()
  preloadErrorContract()
  const { registerServiceWorker } = await import('./lib/register-service-worker')
  registerServiceWorker()
  whenSignedIn(() => {
    void loadMemberShell().then((shell) => shell.startMemberWork(queryClient, router))
  })
}

/**
 * Runs `start` once someone is signed in on this phone: now, or when they sign in. The outbox holds
 * a member's withdrawals and proofs (sent with their session), so a visitor never loads its code.
 */
function whenSignedIn(start: () => void) {
  if (readBrowserState().buyerId !== null) {
    start()
    return
  }
  const stop = onBrowserStateWrite(() => {
    if (readBrowserState().buyerId === null) return
    stop()
    start()
  })
}

void start()
