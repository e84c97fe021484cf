import type { SupportConversation, SupportStreamEvent } from '#domain/support/chat'

/**
 * The shopper's conversation summary (the bubble's unread count, the "read" marks, open or closed)
 * kept up to date from the event stream between fetches. A message counts once: the stream replays
 * after a reconnect, and a message at or below `lastSequence` is one already counted.
 */
export type ConversationUpdate = {
  conversation: SupportConversation | undefined
  /** The event cannot be applied exactly from what is held: ask the server for the summary. */
  shouldRefetch: boolean
}

export function applyEventToConversation(
  conversation: SupportConversation | undefined,
  event: SupportStreamEvent,
): ConversationUpdate {
  if (conversation === undefined) return { conversation, shouldRefetch: true }
  switch (event.type) {
    case 'message': {
      const { sequence, author } = event.message
      if (sequence <= conversation.lastSequence) return { conversation, shouldRefetch: false }
      return {
        conversation: {
          ...conversation,
          // The first message makes the conversation; the shopper's next one opens it again.
          id: event.conversationId,
          status: author === 'shopper' ? 'open' : (conversation.status ?? 'open'),
          lastSequence: sequence,
          unreadCount: author === 'agent' ? conversation.unreadCount + 1 : conversation.unreadCount,
        },
        // A gap (a message between the last held and this one never arrived) may hide an unread one.
        shouldRefetch: sequence > conversation.lastSequence + 1,
      }
    }
    case 'read': {
      if (event.reader === 'agent') {
        return {
          conversation: {
            ...conversation,
            agentReadSequence: Math.max(conversation.agentReadSequence, event.sequence),
          },
          shouldRefetch: false,
        }
      }
      // The shopper read (here or on another device) up to `sequence`: everything, or only the server knows.
      if (event.sequence >= conversation.lastSequence) {
        return { conversation: { ...conversation, unreadCount: 0 }, shouldRefetch: false }
      }
      return { conversation, shouldRefetch: true }
    }
    case 'status':
      return { conversation: { ...conversation, status: event.status }, shouldRefetch: false }
  }
}

/**
 * What the cache keeps when a fetched summary arrives: the fetched one, unless events applied
 * while it was on its way are newer (it would count a message as unread twice, or not at all).
 */
export function mergeFetchedConversation(
  current: SupportConversation | undefined,
  fetched: SupportConversation,
): SupportConversation {
  if (current === undefined || fetched.lastSequence >= current.lastSequence) return fetched
  return { ...current, agentReadSequence: Math.max(current.agentReadSequence, fetched.agentReadSequence) }
}
