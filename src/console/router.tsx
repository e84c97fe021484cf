import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, createRoute, createRouter, Outlet, redirect } from '@tanstack/react-router'
import { withdrawalStatuses, type WithdrawalStatus } from '#domain/contracts/withdrawal'
import { isApiError } from '../lib/api-client'
import { ConsoleLayout } from './components/console-layout'
import { ConsoleErrorScreen, ConsoleNotFound, ConsolePending } from './components/console-status'
import { meQueryOptions } from './features/session/session-api'
import { SignInScreen } from './features/session/sign-in-screen'
import { todayQueryOptions } from './features/today/today-api'
import { TodayScreen } from './features/today/today-screen'
import { AuditScreen } from './features/audit/audit-screen'
import { operatorListQueryOptions } from './features/operators/operators-api'
import { OperatorsScreen } from './features/operators/operators-screen'
import { settingsQueryOptions } from './features/settings/settings-api'
import { SettingsScreen } from './features/settings/settings-screen'
import { WithdrawalDetailScreen } from './features/withdrawals/withdrawal-detail-screen'
import { withdrawalDetailQueryOptions, withdrawalListQueryOptions } from './features/withdrawals/withdrawals-api'
import { WithdrawalsScreen } from './features/withdrawals/withdrawals-screen'

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

const withdrawalsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'withdrawals',
  validateSearch: (search: Record<string, unknown>): { status: WithdrawalStatus } => ({
    status: withdrawalStatuses.find((status) => status === search['status']) ?? 'requested',
  }),
  loaderDeps: ({ search }) => ({ status: search.status }),
  loader: ({ context, deps }) => context.queryClient.query(withdrawalListQueryOptions(deps.status)),
  component: function Withdrawals() {
    return <WithdrawalsScreen status={withdrawalsRoute.useSearch().status} />
  },
})

const withdrawalRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'withdrawals/$id',
  loader: ({ context, params }) => context.queryClient.query(withdrawalDetailQueryOptions(params.id)),
  component: function Withdrawal() {
    return <WithdrawalDetailScreen id={withdrawalRoute.useParams().id} />
  },
})

const settingsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'settings',
  loader: ({ context }) => context.queryClient.query(settingsQueryOptions),
  component: SettingsScreen,
})

const operatorsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'operators',
  loader: ({ context }) => context.queryClient.query(operatorListQueryOptions),
  component: function Operators() {
    return <OperatorsScreen me={operatorsRoute.useRouteContext().operator} />
  },
})

const auditRoute = createRoute({ getParentRoute: () => signedInRoute, path: 'audit', component: AuditScreen })

const routeTree = rootRoute.addChildren([
  signInRoute,
  signedInRoute.addChildren([todayRoute, withdrawalsRoute, withdrawalRoute, settingsRoute, operatorsRoute, auditRoute]),
])

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
