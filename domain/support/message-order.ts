import type { SupportMessage } from './chat.ts'

/**
 * Messages from pages, the live stream and answers, each sequence once (an `incoming` copy wins:
 * it is the newer read), oldest first. The shopper's app and the console both hold a thread this way.
 */
export function mergeMessages(
  messages: readonly SupportMessage[],
  incoming: readonly SupportMessage[],
): SupportMessage[] {
  if (incoming.length === 0) return [...messages]
  const bySequence = new Map<number, SupportMessage>()
  for (const message of messages) bySequence.set(message.sequence, message)
  for (const message of incoming) bySequence.set(message.sequence, message)
  return [...bySequence.values()].sort((first, second) => first.sequence - second.sequence)
}
