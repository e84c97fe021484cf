import { infiniteQueryOptions } from '@tanstack/react-query'
import { supportPurchasePageSchema } from '#domain/support/chat'
import { requestJson } from '../../../lib/api-client'
import { supportChatKeys, supportPath } from './support-chat-keys'

/** Purchases the picker shows at a time. */
const purchasePageSize = 20

/**
 * `GET /api/support/{buyerId}/purchases`: the shopper's purchases, newest order first, a page at a
 * time. The same for every shopper: suspended ones too may list them here (not under /cashback).
 */
export function supportPurchasesQueryOptions(buyerId: string) {
  return infiniteQueryOptions({
    queryKey: supportChatKeys.purchases(buyerId),
    queryFn: ({ pageParam }) =>
      requestJson(supportPath(buyerId, 'purchases'), supportPurchasePageSchema, {
        searchParams: {
          limit: String(purchasePageSize),
          ...(pageParam === null ? {} : { before: pageParam }),
        },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextBefore,
  })
}
