import type { QueryClient } from '@tanstack/react-query'
import { startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { coldLoadLocaleRedirect, localeCookieName, localeOfPath, parseLocale } from '#domain/locale'
import { loadMemberShell } from './components/layout/load-member-shell'
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
  // The tree TanStack Router draws on a server, and after hydrating a page a server drew (its own
  // `hydrate()` sets this): without it the browser's tree has one boundary more than the
  // prerendered page's, and hydrating that page fails. Every page then renders the same tree.
  router.ssr = { manifest: undefined }

  const container = document.getElementById('app')
  if (!container) throw new Error('index.html has no #app element')
  // A page the server sent prerendered (src/prerender.tsx, server/static/page-shells.ts) is
  // already painted, as a first visit to it looks.
  const prerendered = container.querySelector<HTMLElement>(':scope > [data-prerendered]')
  // A phone that kept lists from earlier visits (the saved query cache) draws them at once: its
  // first render is not the prerendered page, so it replaces that page rather than hydrate it.
  const isDrawnAsPrerendered = prerendered !== null && queryClient.getQueryCache().getAll().length === 0
  // The first render waits for the route's code and data: it hydrates or replaces the painted page
  // with the finished one, never with a blank one while a chunk loads.
  if (prerendered !== null) await router.load()
  const app = (
    <AppRoot
      queryClient={queryClient}
      router={router}
      // The prerendered page stayed inert until the app could take what is typed and tapped in it,
      // and hidden on a desktop, which gets its own screen once the app runs.
      onFirstRender={() => {
        prerendered?.removeAttribute('inert')
        prerendered?.removeAttribute('data-prerendered')
      }}
    />
  )
  // The first render is a transition: React renders it in slices between which the browser stays
  // responsive to the shopper (no long task). Hydrating keeps the painted page's elements and only
  // attaches the app to them; rendering over a page builds, lays out and paints it all again.
  if (prerendered !== null && isDrawnAsPrerendered) {
    startTransition(() => {
      hydrateRoot(prerendered, app)
    })
  } else {
    const root = createRoot(container)
    startTransition(() => root.render(app))
  }
  // After the first render: the shell never waits on the network (spec section 4 start-up). Only
  // a member has one: a visitor's first load does not carry its code.
  if (readBrowserState().buyerId !== null) {
    void import('./features/account/startup').then(({ runStartupSequence }) => runStartupSequence(queryClient))
  }
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
