import { and, asc, desc, eq, notInArray, sql } from 'drizzle-orm'
import type { NotificationTopicSettings, PushSubscriptionRequest } from '#domain/contracts/notifications'
import { notificationTopics } from '#domain/notifications/notification-rules'
import type { Database } from '#server/db/database'
import { createRecordId } from '#server/db/record-id'
import { notificationPreferences, pushSubscriptions } from '#server/db/schema'

/** What a buyer chose: the topics pushed to them, and the devices that receive pushes. */

/** Devices a buyer receives pushes on at most; a new one beyond replaces the oldest. */
export const maxPushDevicesPerBuyer = 10

/** Turns the named topics on or off; topics left out keep their setting. */
export async function updateMutedTopics(
  database: Database,
  buyerId: string,
  topics: Partial<NotificationTopicSettings>,
  now: Date,
): Promise<void> {
  const turnedOff = notificationTopics.filter((topic) => topics[topic] === false)
  const turnedOn = notificationTopics.filter((topic) => topics[topic] === true)
  await database.transaction(async (tx) => {
    await tx.insert(notificationPreferences).values({ buyerId, mutedTopics: [], updatedAt: now }).onConflictDoNothing()
    // One statement, so two devices changing different topics at once both count.
    await tx
      .update(notificationPreferences)
      .set({
        mutedTopics: sql`array(select distinct topic from unnest(${notificationPreferences.mutedTopics} || ${sql.param(turnedOff)}::text[]) as topic where topic <> all(${sql.param(turnedOn)}::text[]) order by topic)`,
        updatedAt: now,
      })
      .where(eq(notificationPreferences.buyerId, buyerId))
  })
}

/**
 * This device receives the buyer's pushes: an endpoint already known (this device, or another
 * account's on it) is updated and moves to the buyer, bound to the session that sent it (signing
 * out removes it). Beyond `maxPushDevicesPerBuyer`, the least recently seen go.
 */
export async function savePushDevice(
  database: Database,
  input: { buyerId: string; sessionTokenHash: string; request: PushSubscriptionRequest; now: Date },
): Promise<void> {
  const { buyerId, sessionTokenHash, request, now } = input
  await database.transaction(async (tx) => {
    const device = {
      buyerId,
      sessionTokenHash,
      p256dh: request.keys.p256dh,
      auth: request.keys.auth,
      locale: request.locale,
      updatedAt: now,
    }
    await tx
      .insert(pushSubscriptions)
      .values({ id: createRecordId(), endpoint: request.endpoint, createdAt: now, ...device })
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: device })
    const kept = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.buyerId, buyerId))
      .orderBy(desc(pushSubscriptions.updatedAt), asc(pushSubscriptions.id))
      .limit(maxPushDevicesPerBuyer)
    await tx
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.buyerId, buyerId), notInArray(pushSubscriptions.id, kept)))
  })
}

/** Stops pushes to the device; an endpoint that is not the buyer's (or no longer known) changes nothing. */
export async function removePushDevice(database: Database, buyerId: string, endpoint: string): Promise<void> {
  await database
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.buyerId, buyerId), eq(pushSubscriptions.endpoint, endpoint)))
}
