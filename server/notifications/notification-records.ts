import { eq, sql } from 'drizzle-orm'
import type { NotificationValues } from '#domain/contracts/notifications'
import { pushAllowedFrom, topicOfKind, type NotificationKind } from '#domain/notifications/notification-rules'
import type { Database } from '#server/db/database'
import { createRecordId } from '#server/db/record-id'
import { merchants, notifications } from '#server/db/schema'
import { publishEvent } from '#server/events/event-channel'

/**
 * The one way a notification is written (issue 16): call it with the transaction of the change it
 * tells of, so the row (the in-app list's item and the push outbox's) commits with the change or
 * not at all. `reasonKey` says what it is about (`approved:<transactionId>`): the same reason
 * twice writes nothing, so a replayed postback or a second reminder round never tells twice.
 * The push worker is woken on commit (`notifications.created`); its timer is the fallback.
 */
export async function recordNotification(
  tx: Database,
  input: { buyerId: string; kind: NotificationKind; reasonKey: string; values: NotificationValues; now: Date },
): Promise<void> {
  const inserted = await tx
    .insert(notifications)
    .values({
      id: createRecordId(),
      buyerId: input.buyerId,
      kind: input.kind,
      reasonKey: input.reasonKey,
      values: input.values,
      createdAt: input.now,
      pushStatus: 'pending',
      // Reminders written during quiet hours wait for the morning from the start.
      pushDueAt: pushAllowedFrom(topicOfKind[input.kind], input.now),
    })
    .onConflictDoNothing({ target: [notifications.buyerId, notifications.reasonKey] })
    .returning({ id: notifications.id })
  if (inserted.length > 0) await publishEvent(tx, 'notifications.created', { buyerId: input.buyerId })
}

/** The merchant's names as a notification shows them (the names at the time, like a receipt). */
async function merchantNameOf(tx: Database, merchantId: string): Promise<NotificationValues['merchantName']> {
  const [merchant] = await tx
    .select({ th: merchants.nameTh, en: merchants.nameEn })
    .from(merchants)
    .where(eq(merchants.id, merchantId))
  return merchant
}

/** For a purchase's news: its merchant, cashback and id. */
export async function purchaseNotificationValues(
  tx: Database,
  purchase: { id: string; merchantId: string; cashbackAmount: number },
): Promise<NotificationValues> {
  const merchantName = await merchantNameOf(tx, purchase.merchantId)
  return {
    transactionId: purchase.id,
    amount: purchase.cashbackAmount,
    ...(merchantName === undefined ? {} : { merchantName }),
  }
}

/** Marks a buyer's notifications read; `ids` outside the buyer's own are ignored. */
export async function markNotificationsRead(
  database: Database,
  buyerId: string,
  which: { ids: readonly string[] } | { all: true },
  now: Date,
): Promise<void> {
  const chosen =
    'all' in which
      ? sql`true`
      : sql`${notifications.id} in (${sql.join(
          which.ids.map((id) => sql`${id}`),
          sql`, `,
        )})`
  await database
    .update(notifications)
    .set({ readAt: now })
    .where(sql`${notifications.buyerId} = ${buyerId} and ${notifications.readAt} is null and ${chosen}`)
}
