import * as v from 'valibot'
import { localeSchema } from '../locale.ts'
import { notificationKinds, notificationTopics, type NotificationTopic } from '../notifications/notification-rules.ts'
import { recordIdSchema } from '../validation/record-id.ts'
import { textSchema } from '../validation/text.ts'

/**
 * Notifications (issue 16; domain/notifications/notification-rules.ts). Guarded like the buyer
 * calls (`/api/buyers/{buyerId}/…`, only one's own):
 *
 * - `GET …/notifications?before=&limit=` → `NotificationListResponse`, newest first.
 * - `POST …/notifications/read` with `NotificationReadRequest` → 204: marks them read (all of the
 *   buyer's when `all` is true).
 * - `GET …/notification-settings` → `NotificationSettings`; `PATCH` with `NotificationSettingsUpdate`
 *   → `NotificationSettings`.
 * - `PUT …/push-subscriptions` with `PushSubscriptionRequest` → 204: this device receives pushes
 *   (a subscription of another account on the same device moves to this one). It is bound to the
 *   session: signing out removes it. `POST …/push-subscriptions/removal` with `{ endpoint }` → 204.
 */

export const notificationIdSchema = recordIdSchema

const satangSchema = v.pipe(v.number(), v.integer(), v.minValue(0))
const nameSchema = v.pipe(textSchema(), v.maxLength(200))

/** What each kind says, beyond its kind: the words are the app's (Lingui), the values these. */
export const notificationValuesSchema = v.object({
  /** The merchant's name in both languages, as it was then (like a receipt). */
  merchantName: v.optional(v.object({ th: nameSchema, en: nameSchema })),
  /**
   * Cashback for purchase news, the amount paid out (net of the fee) for withdrawals, the level's
   * minimum balance for Special Cashback.
   */
  amount: v.optional(satangSchema),
  /** A promotion's bonus, in percent of the base cashback. */
  bonusPercent: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(100))),
  transactionId: v.optional(recordIdSchema),
  withdrawalId: v.optional(recordIdSchema),
})
export type NotificationValues = v.InferOutput<typeof notificationValuesSchema>

/** The page it opens comes from `notificationLink` (domain/notifications/notification-rules.ts). */
export const notificationSchema = v.object({
  _id: notificationIdSchema,
  kind: v.picklist(notificationKinds),
  values: notificationValuesSchema,
  createdAt: v.pipe(v.string(), v.isoTimestamp()),
  readAt: v.nullable(v.pipe(v.string(), v.isoTimestamp())),
})
export type Notification = v.InferOutput<typeof notificationSchema>

export const notificationListPageSize = 20

export const notificationListQuerySchema = v.object({
  /** The `_id` of the last notification already shown: the next page starts after it. */
  before: v.optional(notificationIdSchema),
  limit: v.optional(
    v.pipe(v.string(), v.digits(), v.transform(Number), v.minValue(1), v.maxValue(50)),
    String(notificationListPageSize),
  ),
})

export const notificationListResponseSchema = v.object({
  data: v.array(notificationSchema),
  /** Whether older ones follow (ask again with `before` = the last `_id`). */
  hasMore: v.boolean(),
  unreadCount: v.pipe(v.number(), v.integer(), v.minValue(0)),
})
export type NotificationListResponse = v.InferOutput<typeof notificationListResponseSchema>

export const notificationReadRequestSchema = v.union([
  v.strictObject({ ids: v.pipe(v.array(notificationIdSchema), v.minLength(1), v.maxLength(100)) }),
  v.strictObject({ all: v.literal(true) }),
])
export type NotificationReadRequest = v.InferOutput<typeof notificationReadRequestSchema>

export const notificationTopicSettingsSchema = v.object(
  Object.fromEntries(notificationTopics.map((topic) => [topic, v.boolean()])) as Record<
    NotificationTopic,
    v.BooleanSchema<undefined>
  >,
)
export type NotificationTopicSettings = v.InferOutput<typeof notificationTopicSettingsSchema>

export const notificationSettingsSchema = v.object({
  topics: notificationTopicSettingsSchema,
  /** The server's VAPID public key (base64url), for `pushManager.subscribe`. */
  applicationServerKey: v.string(),
  /** How many of this buyer's devices receive pushes. */
  deviceCount: v.pipe(v.number(), v.integer(), v.minValue(0)),
})
export type NotificationSettings = v.InferOutput<typeof notificationSettingsSchema>

export const notificationSettingsUpdateSchema = v.strictObject({
  topics: v.pipe(
    v.strictObject(
      Object.fromEntries(notificationTopics.map((topic) => [topic, v.optional(v.boolean())])) as Record<
        NotificationTopic,
        v.OptionalSchema<v.BooleanSchema<undefined>, undefined>
      >,
    ),
  ),
})
export type NotificationSettingsUpdate = v.InferOutput<typeof notificationSettingsUpdateSchema>

/** Push services answer at an https URL; nothing longer than a real one. */
export const pushEndpointSchema = v.pipe(textSchema(), v.maxLength(1000), v.url(), v.startsWith('https://'))

const base64UrlSchema = (bytes: { min: number; max: number }) =>
  v.pipe(
    textSchema(),
    v.regex(/^[A-Za-z0-9_-]+={0,2}$/, 'Expected base64url'),
    // base64 carries 6 bits a character.
    v.minLength(Math.floor((bytes.min * 4) / 3)),
    v.maxLength(Math.ceil((bytes.max * 4) / 3) + 2),
  )

export const pushSubscriptionRequestSchema = v.strictObject({
  endpoint: pushEndpointSchema,
  keys: v.object({
    /** The device's P-256 public key, uncompressed (65 bytes). */
    p256dh: base64UrlSchema({ min: 65, max: 65 }),
    /** The 16-byte authentication secret. */
    auth: base64UrlSchema({ min: 16, max: 16 }),
  }),
  /** The language the device shows the app in: pushes to it are written in it. */
  locale: localeSchema,
})
export type PushSubscriptionRequest = v.InferOutput<typeof pushSubscriptionRequestSchema>

export const pushSubscriptionRemovalSchema = v.strictObject({ endpoint: pushEndpointSchema })

/**
 * What a push carries (encrypted to the device): the service worker words it in `locale` with the
 * app's own messages and opens `link` when it is tapped.
 */
export const pushPayloadSchema = v.object({
  notificationId: notificationIdSchema,
  kind: v.picklist(notificationKinds),
  values: notificationValuesSchema,
  locale: localeSchema,
  link: v.pipe(v.string(), v.startsWith('/')),
  /** Approved cashback waiting to be accepted, for the app icon's badge. */
  badgeCount: v.pipe(v.number(), v.integer(), v.minValue(0)),
})
export type PushPayload = v.InferOutput<typeof pushPayloadSchema>
