import { and, count, desc, eq, isNull, lt, or } from 'drizzle-orm'
import type { Notification, NotificationListResponse, NotificationSettings } from '#domain/contracts/notifications'
import { notificationTopics, type NotificationTopic } from '#domain/notifications/notification-rules'
import type { Database } from '#server/db/database'
import { notificationPreferences, notifications, pushSubscriptions } from '#server/db/schema'
import { ApiError } from '#server/http/api-error'

/** What the notification routes and the push worker read (domain/contracts/notifications.ts). */

function toNotification(row: typeof notifications.$inferSelect): Notification {
  return {
    _id: row.id,
    kind: row.kind,
    values: row.values,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  }
}

/** The in-app list, newest first, from after `before`; 400 for a `before` that is not the buyer's. */
export async function listNotifications(
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

/** The topics the buyer turned off for pushes (none until they turn one off). */
export async function readMutedTopics(database: Database, buyerId: string): Promise<NotificationTopic[]> {
  const [preferences] = await database
    .select({ mutedTopics: notificationPreferences.mutedTopics })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.buyerId, buyerId))
  return preferences?.mutedTopics ?? []
}

export async function readNotificationSettings(
  database: Database,
  buyerId: string,
  applicationServerKey: string,
): Promise<NotificationSettings> {
  const muted = new Set(await readMutedTopics(database, buyerId))
  const [devices] = await database
    .select({ total: count() })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.buyerId, buyerId))
  return {
    topics: Object.fromEntries(notificationTopics.map((topic) => [topic, !muted.has(topic)])) as Record<
      NotificationTopic,
      boolean
    >,
    applicationServerKey,
    deviceCount: devices?.total ?? 0,
  }
}
