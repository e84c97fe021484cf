import type { SupportAttachedTransaction, SupportMessage } from '#domain/support/chat'
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

/**
 * Whether the message being sent is already in the thread: the live stream (or the answer's
 * merge) can show it a moment before the outbox hears its answer and lets the item go, and the
 * shopper must not see it twice meanwhile. Only the item being sent can be there, and it is the
 * shopper's newest message with the same text, purchase and number of pictures.
 */
export function isShownInThread(item: QueuedSupportMessage, messages: readonly SupportMessage[]): boolean {
  if (item.state !== 'sending') return false
  const newest = messages.filter((message) => message.author === 'shopper').at(-1)
  return (
    newest !== undefined &&
    newest.text === item.payload.text.trim() &&
    (newest.transaction?.id ?? null) === (item.payload.transaction?.id ?? null) &&
    newest.attachments.length === item.payload.images.length
  )
}
