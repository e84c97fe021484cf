/**
 * Query keys of the shopper's support chat. They sit under the account prefix's buyer, so a
 * sign-out (`accountKeys.all` removal) takes them too; invalidate by `supportChatKeys.all(buyerId)`.
 */
export const supportChatKeys = {
  all: (buyerId: string) => ['account', 'support-chat', buyerId] as const,
  /** The summary: unread count (the bubble's badge), the agent's read mark, open or closed. */
  conversation: (buyerId: string) => [...supportChatKeys.all(buyerId), 'conversation'] as const,
  /** The messages held on the phone (`SupportThread`). */
  thread: (buyerId: string) => [...supportChatKeys.all(buyerId), 'thread'] as const,
  /** The purchases the picker lists to attach one (`SupportPurchasePage`s, an infinite query). */
  purchases: (buyerId: string) => [...supportChatKeys.all(buyerId), 'purchases'] as const,
}

/** `api/support/{buyerId}/…` (domain/support/chat.ts); without `rest`, the prefix. */
export function supportPath(buyerId: string, rest: string): string {
  return `api/support/${encodeURIComponent(buyerId)}/${rest}`
}
