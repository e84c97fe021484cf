import { queryOptions } from '@tanstack/react-query'
import {
  notificationSettingsSchema,
  type NotificationSettingsUpdate,
  type PushSubscriptionRequest,
} from '#domain/contracts/notifications'
import { requestJson, requestNoContent } from '../../../lib/api-client'
import { notificationKeys, notificationsPath } from './notification-keys'

/** Which topics are pushed, the key to subscribe with and how many devices receive pushes. */
export function notificationSettingsQueryOptions(buyerId: string) {
  return queryOptions({
    queryKey: notificationKeys.settings(buyerId),
    queryFn: () => requestJson(notificationsPath(buyerId, 'notification-settings'), notificationSettingsSchema),
    staleTime: 60_000,
  })
}

export function updateNotificationTopics(buyerId: string, update: NotificationSettingsUpdate) {
  return requestJson(notificationsPath(buyerId, 'notification-settings'), notificationSettingsSchema, {
    method: 'patch',
    json: update,
  })
}

export async function savePushSubscription(buyerId: string, subscription: PushSubscriptionRequest): Promise<void> {
  await requestNoContent(notificationsPath(buyerId, 'push-subscriptions'), { method: 'put', json: subscription })
}

export async function removePushSubscription(buyerId: string, endpoint: string): Promise<void> {
  await requestNoContent(notificationsPath(buyerId, 'push-subscriptions/removal'), {
    method: 'post',
    json: { endpoint },
  })
}
