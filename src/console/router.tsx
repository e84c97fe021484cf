import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, createRoute, createRouter, Outlet, redirect } from '@tanstack/react-router'
import { cashbackStatuses } from '#domain/contracts/cashback'
import { withdrawalStatuses, type WithdrawalStatus } from '#domain/contracts/withdrawal'
import { supportConversationStatuses, type SupportConversationStatus } from '#domain/support/chat'
import { isApiError } from '../lib/api-client'
import { ConsoleLayout } from './components/console-layout'
import { ConsoleErrorScreen, ConsoleNotFound, ConsolePending } from './components/console-status'
import { meQueryOptions } from './features/session/session-api'
import { SignInScreen } from './features/session/sign-in-screen'
import { todayQueryOptions } from './features/today/today-api'
import { TodayScreen } from './features/today/today-screen'
import { reviewListQueryOptions } from './features/review/review-api'
import { ReviewScreen } from './features/review/review-screen'
import { buyerQueryOptions, buyerSearchQueryOptions } from './features/buyers/buyers-api'
import { BuyerScreen } from './features/buyers/buyer-screen'
import { BuyersScreen } from './features/buyers/buyers-screen'
import { unmatchedConversionsQueryOptions } from './features/conversions/conversions-api'
import { ConversionsScreen } from './features/conversions/conversions-screen'
import { proofQueueQueryOptions, proofReviewQueryOptions } from './features/proofs/proofs-api'
import { ProofReviewScreen } from './features/proofs/proof-review-screen'
import { ProofsScreen } from './features/proofs/proofs-screen'
import {
  transactionListQueryOptions,
  transactionQueryOptions,
  type TransactionFilters,
} from './features/transactions/transactions-api'
import { TransactionScreen } from './features/transactions/transaction-screen'
import { TransactionsScreen } from './features/transactions/transactions-screen'
import {
  conversationQueryOptions,
  conversationQueueQueryOptions,
  latestMessagesQueryOptions,
} from './features/support/support-api'
import { ConversationScreen } from './features/support/conversation-screen'
import { SupportQueueScreen } from './features/support/support-queue-screen'
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
  component: function Today() {
    return <TodayScreen role={todayRoute.useRouteContext().operator.role} />
  },
})

/** A search parameter as text, or `undefined` when absent or not text. */
function textParameter(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined
}

const supportRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'support',
  validateSearch: (search: Record<string, unknown>): { status: SupportConversationStatus; before?: string } => ({
    status: supportConversationStatuses.find((status) => status === search['status']) ?? 'open',
    before: textParameter(search['before']),
  }),
  loaderDeps: ({ search }) => ({ status: search.status, before: search.before }),
  loader: ({ context, deps }) => context.queryClient.query(conversationQueueQueryOptions(deps.status, deps.before)),
  component: function Support() {
    const { status, before } = supportRoute.useSearch()
    return <SupportQueueScreen status={status} before={before} />
  },
})

const conversationRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'support/$conversationId',
  loader: ({ context, params }) =>
    Promise.all([
      context.queryClient.query(conversationQueryOptions(params.conversationId)),
      context.queryClient.query(latestMessagesQueryOptions(params.conversationId)),
    ]),
  component: function Conversation() {
    const { conversationId } = conversationRoute.useParams()
    return <ConversationScreen key={conversationId} conversationId={conversationId} />
  },
})

const buyersRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'buyers',
  validateSearch: (search: Record<string, unknown>): { q?: string; offset?: number } => ({
    q: textParameter(search['q']),
    offset:
      typeof search['offset'] === 'number' && Number.isSafeInteger(search['offset']) && search['offset'] > 0
        ? search['offset']
        : undefined,
  }),
  loaderDeps: ({ search }) => ({ q: search.q ?? '', offset: search.offset ?? 0 }),
  loader: ({ context, deps }) => context.queryClient.query(buyerSearchQueryOptions(deps)),
  component: function Buyers() {
    const search = buyersRoute.useSearch()
    return <BuyersScreen q={search.q ?? ''} offset={search.offset ?? 0} />
  },
})

const buyerRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'buyers/$buyerId',
  loader: ({ context, params }) => context.queryClient.query(buyerQueryOptions(params.buyerId)),
  component: function Buyer() {
    const { buyerId } = buyerRoute.useParams()
    return <BuyerScreen key={buyerId} buyerId={buyerId} />
  },
})

const transactionsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'transactions',
  validateSearch: (search: Record<string, unknown>): TransactionFilters => ({
    status: cashbackStatuses.find((status) => status === search['status']),
    merchant: textParameter(search['merchant']),
    network: textParameter(search['network']),
    from: textParameter(search['from']),
    to: textParameter(search['to']),
    overdue: search['overdue'] === true || undefined,
    before: textParameter(search['before']),
  }),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.query(transactionListQueryOptions(deps)),
  component: function Transactions() {
    const filters = transactionsRoute.useSearch()
    return <TransactionsScreen key={JSON.stringify(filters)} filters={filters} />
  },
})

const transactionRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'transactions/$transactionId',
  loader: ({ context, params }) => context.queryClient.query(transactionQueryOptions(params.transactionId)),
  component: function Transaction() {
    const { transactionId } = transactionRoute.useParams()
    return <TransactionScreen key={transactionId} transactionId={transactionId} />
  },
})

const conversionsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'conversions',
  loader: ({ context }) => context.queryClient.query(unmatchedConversionsQueryOptions(0)),
  component: ConversionsScreen,
})

const proofsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'proofs',
  loader: ({ context }) => context.queryClient.query(proofQueueQueryOptions),
  component: ProofsScreen,
})

const proofReviewRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'proofs/$transactionId',
  loader: ({ context, params }) => context.queryClient.query(proofReviewQueryOptions(params.transactionId)),
  component: function ProofReview() {
    const { transactionId } = proofReviewRoute.useParams()
    return <ProofReviewScreen key={transactionId} transactionId={transactionId} />
  },
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

const reviewRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'review',
  loader: ({ context }) => context.queryClient.query(reviewListQueryOptions),
  component: ReviewScreen,
})

const routeTree = rootRoute.addChildren([
  signInRoute,
  signedInRoute.addChildren([
    todayRoute,
    supportRoute,
    conversationRoute,
    buyersRoute,
    buyerRoute,
    reviewRoute,
    transactionsRoute,
    transactionRoute,
    conversionsRoute,
    proofsRoute,
    proofReviewRoute,
    withdrawalsRoute,
    withdrawalRoute,
    settingsRoute,
    operatorsRoute,
    auditRoute,
  ]),
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
