import { createFileRoute, notFound } from '@tanstack/react-router'
import * as v from 'valibot'
import { requireMember } from '../../../features/account/require-member'
import { transactionQueryOptions } from '../../../features/cashback/api/get-transactions'
import {
  TransactionDetailScreen,
  TransactionNotFoundScreen,
} from '../../../features/cashback/components/transaction-detail-screen'
import { TransactionDetailSkeleton } from '../../../features/cashback/components/transaction-detail-skeleton'
import { isApiError } from '../../../lib/api-client'
import { awaitLoad } from '../../../lib/preload-timeout'

/** `shared`: opened from /share-target, with pictures shared from the gallery for its proof. */
const searchSchema = v.object({ shared: v.optional(v.fallback(v.boolean(), false)) })

export const Route = createFileRoute('/{-$locale}/cashback/$id')({
  validateSearch: searchSchema,
  beforeLoad: (options) => requireMember(options),
  loader: async ({ context, params, preload }) => {
    try {
      // A saved copy shows at once (also offline); the screen asks the server again on mount.
      // Offline with no saved copy, the request fails at once (the error screen comes back by
      // itself with the network) instead of waiting, paused, for a signal.
      await awaitLoad(
        context.queryClient.query({
          ...transactionQueryOptions(context.buyer.buyerId, params.id),
          staleTime: 'static',
          networkMode: 'offlineFirst',
        }),
        { preload },
      )
    } catch (error) {
      if (isApiError(error, 'transaction_not_found') || isApiError(error, 'invalid_request')) throw notFound()
      throw error
    }
  },
  pendingComponent: TransactionDetailSkeleton,
  notFoundComponent: TransactionNotFoundScreen,
  component: TransactionRoute,
})

function TransactionRoute() {
  const { buyer } = Route.useRouteContext()
  const { id } = Route.useParams()
  const { shared } = Route.useSearch()
  return <TransactionDetailScreen buyerId={buyer.buyerId} transactionId={id} takesSharedPictures={shared === true} />
}
