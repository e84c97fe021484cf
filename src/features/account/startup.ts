import type { QueryClient } from '@tanstack/react-query'
import { isApiError } from '../../lib/api-client'
import { readBrowserState } from '../../lib/browser-state'
import { balanceQueryOptions, buyerQueryOptions, unacceptedCountQueryOptions } from './api/buyer-state'
import { rememberBuyer } from './api/remember-buyer'

/**
 * Spec section 4's start-up, in order: (1) the language is restored before this runs (main.tsx
 * applies the remembered one to the URL); (2) fetch the buyer by the stored id; (3) sync the
 * balance; (4) restore statusClick (read from the stored state, see `useBrowserState`); (5) count
 * approved-but-unaccepted cashback. A failed step leaves its value empty or 0 and the app runs on.
 *
 * Offline, a step that fails for want of a network keeps the copy saved on the device (the
 * persisted query cache) rather than blanking it: the shopper is still signed in on a train.
 * A session that is gone (401/403) forgets the stored buyer. Every step asks the server even when a
 * copy restored from the device is fresh by the cache's clock: money may have moved while the app
 * was closed.
 */
export async function runStartupSequence(queryClient: QueryClient): Promise<void> {
  const { buyerId } = readBrowserState()
  if (!buyerId) return

  try {
    const buyer = await queryClient.query({ ...buyerQueryOptions(buyerId), staleTime: 0 })
    rememberBuyer(buyer)
  } catch (error) {
    if (
      isApiError(error, 'unauthenticated') ||
      isApiError(error, 'forbidden') ||
      isApiError(error, 'buyer_not_found')
    ) {
      rememberBuyer(null)
      return
    }
  }

  await queryClient.query({ ...balanceQueryOptions(buyerId), staleTime: 0 }).catch(() => undefined)
  await queryClient.query({ ...unacceptedCountQueryOptions(buyerId), staleTime: 0 }).catch(() => undefined)
}
