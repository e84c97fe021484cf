import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, createRoute, createRouter, Outlet, redirect } from '@tanstack/react-router'
import { isApiError } from '../lib/api-client'
import { ConsoleLayout } from './components/console-layout'
import { ConsoleErrorScreen, ConsoleNotFound, ConsolePending } from './components/console-status'
import { meQueryOptions } from './features/session/session-api'
import { SignInScreen } from './features/session/sign-in-screen'
import { todayQueryOptions } from './features/today/today-api'
import { TodayScreen } from './features/today/today-screen'

/**
 * The console's routes, in code (the shopper app's are file-based under src/routes; the console
 * is small and its own build). Everything but sign-in sits under `signedIn`, which loads the
 * operator or sends the browser to sign-in.
 */
const rootRoute = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  component: Outlet,
  errorComponent: ConsoleErrorScreen,
  notFoundComponent: ConsoleNotFound,
})

const signInRoute = createRoute({ getParentRoute: () => rootRoute, path: 'sign-in', component: SignInScreen })

export const signedInRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'signed-in',
  beforeLoad: async ({ context }) => {
    try {
      return { operator: await context.queryClient.query(meQueryOptions) }
    } catch (error) {
      if (isApiError(error, 'operator_unauthenticated')) throw redirect({ to: '/sign-in' })
      throw error
    }
  },
  component: function SignedIn() {
    const { operator } = signedInRoute.useRouteContext()
    return <ConsoleLayout operator={operator} />
  },
})

const todayRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/',
  loader: ({ context }) => context.queryClient.query(todayQueryOptions),
  component: TodayScreen,
})

const routeTree = rootRoute.addChildren([signInRoute, signedInRoute.addChildren([todayRoute])])

export function createConsoleRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    basepath: '/ops',
    context: { queryClient },
    defaultPreload: 'intent',
    defaultPendingComponent: ConsolePending,
    defaultErrorComponent: ConsoleErrorScreen,
    scrollRestoration: true,
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createConsoleRouter>
  }
}
