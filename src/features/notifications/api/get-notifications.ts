import { infiniteQueryOptions } from '@tanstack/react-query'
import {
  notificationListPageSize,
  notificationListResponseSchema,
  type NotificationReadRequest,
} from '#domain/contracts/notifications'
import { requestJson, requestNoContent } from '../../../lib/api-client'
import { notificationKeys, notificationsPath } from './notification-keys'

/**
 * The in-app list behind the bell, newest first, a page at a time. Its first page also carries the
 * unread count the bell shows.
 */
export function notificationListQueryOptions(buyerId: string) {
  return infiniteQueryOptions({
    queryKey: notificationKeys.list(buyerId),
    queryFn: ({ pageParam }) =>
      requestJson(notificationsPath(buyerId, 'notifications'), notificationListResponseSchema, {
        searchParams: {
          limit: String(notificationListPageSize),
          ...(pageParam === null ? {} : { before: pageParam }),
        },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => (lastPage.hasMore ? (lastPage.data.at(-1)?._id ?? null) : null),
    // The bell asks again on every screen change and when the app comes back to the front.
    staleTime: 30_000,
  })
}

export async function markNotificationsRead(buyerId: string, which: NotificationReadRequest): Promise<void> {
  await requestNoContent(notificationsPath(buyerId, 'notifications/read'), { method: 'post', json: which })
}
