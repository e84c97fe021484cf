import { and, asc, count, desc, eq, isNull, lt, notInArray, or, sql } from 'drizzle-orm'
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
  type Notification,
  type NotificationListResponse,
  type NotificationSettings,
} from '#domain/contracts/notifications'
import { notificationTopics, type NotificationTopic } from '#domain/notifications/notification-rules'
import { requireOwnBuyer, signedInBuyer } from '#server/auth/session-middleware'
import { hashSessionToken } from '#server/auth/sessions'
import { buyerIdParamSchema, memberErrorResponses } from '#server/buyers/buyer-routes'
import type { Database } from '#server/db/database'
import { createRecordId } from '#server/db/record-id'
import { notificationPreferences, notifications, pushSubscriptions } from '#server/db/schema'
import { ApiError } from '#server/http/api-error'
import type { AppEnvironment } from '#server/http/app-environment'
import { errorResponseDescription, jsonResponse } from '#server/http/openapi-responses'
import { validateRequest } from '#server/http/validation'
import { markNotificationsRead } from '#server/notifications/notification-records'
import { isAllowedPushEndpoint, type PushEndpointPolicy, type VapidKeys } from '#server/notifications/push-settings'

/** Devices a buyer receives pushes on at most; a new one beyond replaces the oldest. */
export const maxPushDevicesPerBuyer = 10

export type NotificationRoutesOptions = {
  database: Database
  now: () => Date
  /** The keys pushes are signed with; browsers subscribe with the public one. */
  vapidKeys: () => Promise<VapidKeys>
  endpointPolicy: PushEndpointPolicy
}

function toNotification(row: typeof notifications.$inferSelect): Notification {
  return {
    _id: row.id,
    kind: row.kind,
    values: row.values,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  }
}

async function listNotifications(
  database: Database,
  buyerId: string,
  query: { before?: string | undefined; limit: number },
): Promise<NotificationListResponse> {
  const ofBuyer = eq(notifications.buyerId, buyerId)
  let after = undefined
  if (query.before !== undefined) {
    const [cursor] = await database
      .select({ createdAt: notifications.createdAt, id: notifications.id })
      .from(notifications)
      .where(and(ofBuyer, eq(notifications.id, query.before)))
    // Another buyer's id, or one that is gone, is no place to continue from.
    if (cursor === undefined) throw new ApiError(400, 'invalid_request', 'Unknown `before` notification')
    after = or(
      lt(notifications.createdAt, cursor.createdAt),
      and(eq(notifications.createdAt, cursor.createdAt), lt(notifications.id, cursor.id)),
    )
  }
  const rows = await database
    .select()
    .from(notifications)
    .where(and(ofBuyer, after))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(query.limit + 1)
  const [unread] = await database
    .select({ total: count() })
    .from(notifications)
    .where(and(ofBuyer, isNull(notifications.readAt)))
  return {
    data: rows.slice(0, query.limit).map(toNotification),
    hasMore: rows.length > query.limit,
    unreadCount: unread?.total ?? 0,
  }
}

async function readSettings(
  database: Database,
  buyerId: string,
  applicationServerKey: string,
): Promise<NotificationSettings> {
  const [preferences] = await database
    .select({ mutedTopics: notificationPreferences.mutedTopics })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.buyerId, buyerId))
  const [devices] = await database
    .select({ total: count() })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.buyerId, buyerId))
  const muted = new Set(preferences?.mutedTopics ?? [])
  return {
    topics: Object.fromEntries(notificationTopics.map((topic) => [topic, !muted.has(topic)])) as Record<
      NotificationTopic,
      boolean
    >,
    applicationServerKey,
    deviceCount: devices?.total ?? 0,
  }
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
        return c.json(await readSettings(database, buyer.id, (await vapidKeys()).publicKey))
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
        const { topics } = c.req.valid('json')
        const turnedOff = notificationTopics.filter((topic) => topics[topic] === false)
        const turnedOn = notificationTopics.filter((topic) => topics[topic] === true)
        await database.transaction(async (tx) => {
          await tx
            .insert(notificationPreferences)
            .values({ buyerId: buyer.id, mutedTopics: [], updatedAt: now() })
            .onConflictDoNothing()
          // One statement, so two devices changing different topics at once both count.
          await tx
            .update(notificationPreferences)
            .set({
              mutedTopics: sql`array(select distinct topic from unnest(${notificationPreferences.mutedTopics} || ${sql.param(turnedOff)}::text[]) as topic where topic <> all(${sql.param(turnedOn)}::text[]) order by topic)`,
              updatedAt: now(),
            })
            .where(eq(notificationPreferences.buyerId, buyer.id))
        })
        return c.json(await readSettings(database, buyer.id, (await vapidKeys()).publicKey))
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
        const time = now()
        const sessionTokenHash = hashSessionToken(sessionTokenOf(c.get('sessionToken')))
        await database.transaction(async (tx) => {
          const device = {
            buyerId: buyer.id,
            sessionTokenHash,
            p256dh: request.keys.p256dh,
            auth: request.keys.auth,
            locale: request.locale,
            updatedAt: time,
          }
          await tx
            .insert(pushSubscriptions)
            .values({ id: createRecordId(), endpoint: request.endpoint, createdAt: time, ...device })
            .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: device })
          const kept = tx
            .select({ id: pushSubscriptions.id })
            .from(pushSubscriptions)
            .where(eq(pushSubscriptions.buyerId, buyer.id))
            .orderBy(desc(pushSubscriptions.updatedAt), asc(pushSubscriptions.id))
            .limit(maxPushDevicesPerBuyer)
          await tx
            .delete(pushSubscriptions)
            .where(and(eq(pushSubscriptions.buyerId, buyer.id), notInArray(pushSubscriptions.id, kept)))
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
        await database
          .delete(pushSubscriptions)
          .where(
            and(eq(pushSubscriptions.buyerId, buyer.id), eq(pushSubscriptions.endpoint, c.req.valid('json').endpoint)),
          )
        return c.body(null, 204)
      },
    )
}
