import { Hono } from 'hono'
import { describeRoute } from 'hono-openapi'
import {
  notificationListQuerySchema,
  notificationListResponseSchema,
  notificationReadRequestSchema,
  notificationSettingsSchema,
  notificationSettingsUpdateSchema,
  pushSubscriptionRemovalSchema,
  pushSubscriptionRequestSchema,
} from '#domain/contracts/notifications'
import { requireOwnBuyer, signedInBuyer } from '#server/auth/session-middleware'
import { hashSessionToken } from '#server/auth/sessions'
import { buyerIdParamSchema, memberErrorResponses } from '#server/buyers/buyer-routes'
import type { Database } from '#server/db/database'
import { ApiError } from '#server/http/api-error'
import type { AppEnvironment } from '#server/http/app-environment'
import { errorResponseDescription, jsonResponse } from '#server/http/openapi-responses'
import { validateRequest } from '#server/http/validation'
import { listNotifications, readNotificationSettings } from '#server/notifications/notification-queries'
import { markNotificationsRead } from '#server/notifications/notification-records'
import { removePushDevice, savePushDevice, updateMutedTopics } from '#server/notifications/notification-settings'
import { isAllowedPushEndpoint, type PushEndpointPolicy, type VapidKeys } from '#server/notifications/push-settings'

export type NotificationRoutesOptions = {
  database: Database
  now: () => Date
  /** The keys pushes are signed with; browsers subscribe with the public one. */
  vapidKeys: () => Promise<VapidKeys>
  endpointPolicy: PushEndpointPolicy
}

/** The signed-in session's token; `requireOwnBuyer` has made sure there is one. */
function sessionTokenOf(token: string | undefined): string {
  if (token === undefined) throw new Error('a member route ran without a session token')
  return token
}

/**
 * The in-app notification list, the push topics of /profile and this device's push
 * subscription (domain/contracts/notifications.ts). Guarded like the buyer routes.
 */
export function notificationRoutes(options: NotificationRoutesOptions) {
  const { database, now, vapidKeys, endpointPolicy } = options
  return new Hono<AppEnvironment>()
    .get(
      '/buyers/:buyerId/notifications',
      describeRoute({
        summary: "The buyer's notifications, newest first",
        description: 'Every notification, whether it was pushed or not; `unreadCount` counts all unread.',
        tags: ['Notifications'],
        responses: {
          200: jsonResponse('A page of notifications', notificationListResponseSchema),
          400: errorResponseDescription('A bad `limit` or `before` (`invalid_request`)'),
          ...memberErrorResponses,
        },
      }),
      requireOwnBuyer(),
      validateRequest('param', buyerIdParamSchema),
      validateRequest('query', notificationListQuerySchema),
      async (c) => {
        const buyer = signedInBuyer(c.get('buyer'))
        return c.json(await listNotifications(database, buyer.id, c.req.valid('query')))
      },
    )
    .post(
      '/buyers/:buyerId/notifications/read',
      describeRoute({
        summary: 'Mark notifications read',
        description:
          "`{ ids }` (the buyer's own; others are ignored) or `{ all: true }`. Marking again changes nothing.",
        tags: ['Notifications'],
        responses: {
          204: { description: 'Marked' },
          400: errorResponseDescription('A malformed body (`invalid_request`)'),
          ...memberErrorResponses,
        },
      }),
      requireOwnBuyer(),
      validateRequest('param', buyerIdParamSchema),
      validateRequest('json', notificationReadRequestSchema),
      async (c) => {
        const buyer = signedInBuyer(c.get('buyer'))
        await markNotificationsRead(database, buyer.id, c.req.valid('json'), now())
        return c.body(null, 204)
      },
    )
    .get(
      '/buyers/:buyerId/notification-settings',
      describeRoute({
        summary: 'Which topics are pushed, and the key to subscribe with',
        tags: ['Notifications'],
        responses: { 200: jsonResponse('The settings', notificationSettingsSchema), ...memberErrorResponses },
      }),
      requireOwnBuyer(),
      validateRequest('param', buyerIdParamSchema),
      async (c) => {
        const buyer = signedInBuyer(c.get('buyer'))
        return c.json(await readNotificationSettings(database, buyer.id, (await vapidKeys()).publicKey))
      },
    )
    .patch(
      '/buyers/:buyerId/notification-settings',
      describeRoute({
        summary: 'Turn push topics on or off',
        description: 'Topics left out keep their setting.',
        tags: ['Notifications'],
        responses: {
          200: jsonResponse('The settings', notificationSettingsSchema),
          400: errorResponseDescription('An unknown topic or a malformed body (`invalid_request`)'),
          ...memberErrorResponses,
        },
      }),
      requireOwnBuyer(),
      validateRequest('param', buyerIdParamSchema),
      validateRequest('json', notificationSettingsUpdateSchema),
      async (c) => {
        const buyer = signedInBuyer(c.get('buyer'))
        await updateMutedTopics(database, buyer.id, c.req.valid('json').topics, now())
        return c.json(await readNotificationSettings(database, buyer.id, (await vapidKeys()).publicKey))
      },
    )
    .put(
      '/buyers/:buyerId/push-subscriptions',
      describeRoute({
        summary: 'Receive pushes on this device',
        description:
          "The browser's push subscription. An endpoint already known (this device, or another account's on " +
          'it) is updated and moves to this buyer. It is bound to the session: signing out removes it. In ' +
          'production the endpoint must be a browser push service (`push_endpoint_not_allowed`).',
        tags: ['Notifications'],
        responses: {
          204: { description: 'Subscribed' },
          400: errorResponseDescription('A malformed subscription (`invalid_request`), or `push_endpoint_not_allowed`'),
          ...memberErrorResponses,
        },
      }),
      requireOwnBuyer(),
      validateRequest('param', buyerIdParamSchema),
      validateRequest('json', pushSubscriptionRequestSchema),
      async (c) => {
        const buyer = signedInBuyer(c.get('buyer'))
        const request = c.req.valid('json')
        if (!isAllowedPushEndpoint(request.endpoint, endpointPolicy)) {
          throw new ApiError(400, 'push_endpoint_not_allowed', 'The endpoint is not a browser push service')
        }
        await savePushDevice(database, {
          buyerId: buyer.id,
          sessionTokenHash: hashSessionToken(sessionTokenOf(c.get('sessionToken'))),
          request,
          now: now(),
        })
        return c.body(null, 204)
      },
    )
    .post(
      '/buyers/:buyerId/push-subscriptions/removal',
      describeRoute({
        summary: 'Stop pushes to this device',
        description: "Removing an endpoint that is not the buyer's (or no longer known) changes nothing.",
        tags: ['Notifications'],
        responses: {
          204: { description: 'Removed' },
          400: errorResponseDescription('A malformed body (`invalid_request`)'),
          ...memberErrorResponses,
        },
      }),
      requireOwnBuyer(),
      validateRequest('param', buyerIdParamSchema),
      validateRequest('json', pushSubscriptionRemovalSchema),
      async (c) => {
        const buyer = signedInBuyer(c.get('buyer'))
        await removePushDevice(database, buyer.id, c.req.valid('json').endpoint)
        return c.body(null, 204)
      },
    )
}
