import * as v from 'valibot'

/**
 * Every topic of the event channel (server/events/event-channel.ts) and the shape of its payload,
 * in one place. A notification is text any database user could send, so a payload is validated
 * on arrival like a request body. Payloads stay small (an id, a key): an event says *what*
 * changed, and whoever cares reads the rows. PostgreSQL refuses a NOTIFY payload of 8000 bytes or
 * more, and `publishEvent` refuses it first.
 *
 * To add a topic: one entry here, then
 * `publishEvent` in the transaction that makes the change and `subscribe` where it is used.
 */
export const eventTopicSchemas = {
  /**
   * Merchants or products were written (`changeCatalogue`). Catalogue lists, totals, details and
   * the media pictures drawn from names and categories start over.
   */
  'catalogue.changed': v.strictObject({}),
  /**
   * Catalogue pictures were made (server/pictures/picture-worker.ts): products and merchants now
   * answer with them, so catalogue lists, totals and details start over as on `catalogue.changed`
   * (the picture worker itself does not look for new pictures then, as it does on a change).
   */
  'pictures.made': v.strictObject({}),
  /** A row of `app_settings` was written (`writeSetting`): maintenance, fixed rates, holidays. */
  'settings.changed': v.strictObject({ key: v.pipe(v.string(), v.maxLength(100)) }),
  /**
   * A support conversation changed (server/support/support-service.ts): a message was written
   * (`sequence` is its number), a read marker moved or the status changed (`sequence` is then the
   * conversation's last). Each process's open chat streams re-read the conversation from there
   * (server/support/support-live.ts): the event names the change, the rows hold it.
   */
  'support.changed': v.strictObject({
    conversationId: v.pipe(v.string(), v.regex(/^[0-9a-f]{24}$/)),
    buyerId: v.pipe(v.string(), v.regex(/^[0-9a-f]{24}$/)),
    change: v.picklist(['message', 'read', 'status']),
    sequence: v.pipe(v.number(), v.integer(), v.minValue(0)),
  }),
  /**
   * A notification was written for a buyer (server/notifications/notification-records.ts): the
   * push worker of some process sends it now instead of at its next round.
   */
  'notifications.created': v.strictObject({ buyerId: v.pipe(v.string(), v.regex(/^[0-9a-f]{24}$/)) }),
} as const

export type EventTopic = keyof typeof eventTopicSchemas

export type EventPayload<Topic extends EventTopic> = v.InferOutput<(typeof eventTopicSchemas)[Topic]>

export function isEventTopic(topic: string): topic is EventTopic {
  return Object.hasOwn(eventTopicSchemas, topic)
}
