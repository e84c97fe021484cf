import type { SupportAttachedTransaction } from '#domain/support/chat'
import type { OutboxItem } from '../../../lib/outbox'

export const supportMessageOutboxKind = 'support-message'

/**
 * A chat message as it waits on the phone: what the shopper wrote, the purchase they attached (all
 * of it, to show in the thread until it is sent) and their pictures' sizes; the pictures' bytes are
 * the item's attachments. The item's id, made when they pressed send, is the message's key.
 */
export type QueuedSupportMessage = OutboxItem & {
  payload: {
    text: string
    transaction: SupportAttachedTransaction | null
    images: { contentType: string; width: number; height: number }[]
  }
}

export function isQueuedSupportMessage(item: OutboxItem): item is QueuedSupportMessage {
  return item.kind === supportMessageOutboxKind
}
