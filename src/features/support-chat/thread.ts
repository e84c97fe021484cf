import { mergeMessages } from '#domain/support/message-order'
import { displayDayKey } from '#domain/dates'
import type { SupportMessage, SupportMessagePage } from '#domain/support/chat'

/**
 * The part of the shopper's conversation the app holds: oldest first, one message per `sequence`.
 * Pages, the catch-up after a lost connection, the event stream and the outbox's answers all add
 * to it, in any order and any number of times; a message is shown once whichever brought it.
 */
export type SupportThread = {
  messages: SupportMessage[]
  /** Whether the server has messages older than the first one held (loaded with `before`). */
  hasOlder: boolean
}

export const emptyThread: SupportThread = { messages: [], hasOlder: false }

/** The newest sequence held; 0 for none. */
export function lastSequenceOf(thread: SupportThread | undefined): number {
  return thread?.messages.at(-1)?.sequence ?? 0
}

/** The thread with newer messages (a catch-up page, an event, a sent message); `hasOlder` unchanged. */
export function withNewerMessages(
  thread: SupportThread | undefined,
  incoming: readonly SupportMessage[],
): SupportThread {
  const current = thread ?? emptyThread
  return { messages: mergeMessages(current.messages, incoming), hasOlder: current.hasOlder }
}

/** The thread with a page asked for `before` its first message: that page says whether more are older. */
export function withOlderPage(thread: SupportThread | undefined, page: SupportMessagePage): SupportThread {
  const current = thread ?? emptyThread
  return { messages: mergeMessages(current.messages, page.data), hasOlder: page.hasOlder }
}

/**
 * A thread fetched from the server, with what arrived while it was on its way (events, sent
 * messages newer than its last one). Nothing older is taken from the copy held: a fetch that
 * started again from the latest page did so because the held copy was too far behind.
 */
export function withArrivalsDuringFetch(fetched: SupportThread, held: SupportThread | undefined): SupportThread {
  const last = lastSequenceOf(fetched)
  return withNewerMessages(fetched, held?.messages.filter((message) => message.sequence > last) ?? [])
}

/**
 * The thread after a message arrived outside a page (the event stream, the outbox's answer): added
 * when it follows what is held; when messages between are missing it is left out and the thread
 * caught up instead (`shouldCatchUp`), so the screen never shows a conversation with a hole in it.
 * No thread held (the chat never opened on this phone): nothing to add, the screen loads it.
 */
export function applyMessageToThread(
  thread: SupportThread | undefined,
  message: SupportMessage,
): { thread: SupportThread | undefined; shouldCatchUp: boolean } {
  if (thread === undefined) return { thread, shouldCatchUp: false }
  if (message.sequence > lastSequenceOf(thread) + 1) return { thread, shouldCatchUp: true }
  return { thread: withNewerMessages(thread, [message]), shouldCatchUp: false }
}

/** Whether the agent has read a message of the shopper's ("read" under it). */
export function isReadByAgent(message: SupportMessage, agentReadSequence: number): boolean {
  return message.author === 'shopper' && message.sequence <= agentReadSequence
}

export type SupportThreadDay = { dayKey: string; messages: SupportMessage[] }

/** Messages in runs of one Thai calendar day each (the day separators), in order. */
export function groupByDay(messages: readonly SupportMessage[]): SupportThreadDay[] {
  const days: SupportThreadDay[] = []
  for (const message of messages) {
    const dayKey = displayDayKey(new Date(message.createdAt))
    const current = days.at(-1)
    if (current?.dayKey === dayKey) current.messages.push(message)
    else days.push({ dayKey, messages: [message] })
  }
  return days
}
