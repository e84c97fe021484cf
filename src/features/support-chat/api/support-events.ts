import type { QueryClient } from '@tanstack/react-query'
import * as v from 'valibot'
import { supportStreamEventSchema, type SupportConversation, type SupportStreamEvent } from '#domain/support/chat'
import { isApiError } from '../../../lib/api-client'
import { onBrowserStateWrite, readBrowserState } from '../../../lib/browser-state'
import { applyEventToConversation } from '../conversation-state'
import { lastSequenceOf, type SupportThread } from '../thread'
import { conversationQueryOptions } from './get-conversation'
import { supportChatKeys, supportPath } from './support-chat-keys'
import { showSupportMessage } from './support-message-outbox'

/** A page hidden this long closes its stream (battery, the server's connections); showing it reopens. */
const hiddenGraceMilliseconds = 60_000

/** Reopening a stream the server closed: 2 s, 4 s … up to a minute. */
function reopenDelayMilliseconds(attempt: number): number {
  return Math.min(2_000 * 2 ** attempt, 60_000)
}

/** Applies one stream event to the cached summary and thread. */
export function applySupportEvent(queryClient: QueryClient, buyerId: string, event: SupportStreamEvent): void {
  const conversationKey = supportChatKeys.conversation(buyerId)
  const update = applyEventToConversation(queryClient.getQueryData<SupportConversation>(conversationKey), event)
  if (update.conversation !== undefined) queryClient.setQueryData(conversationKey, update.conversation)
  if (update.shouldRefetch) void refreshConversation(queryClient, buyerId)
  if (event.type === 'message') showSupportMessage(queryClient, buyerId, event.message)
}

function refreshConversation(queryClient: QueryClient, buyerId: string): Promise<SupportConversation | undefined> {
  return queryClient.query({ ...conversationQueryOptions(buyerId), staleTime: 0 }).catch((error: unknown) => {
    if (isApiError(error, 'unauthenticated') || isApiError(error, 'forbidden')) throw error
    return queryClient.getQueryData<SupportConversation>(supportChatKeys.conversation(buyerId))
  })
}

function parseStreamEvent(data: unknown): SupportStreamEvent | undefined {
  if (typeof data !== 'string') return undefined
  try {
    const result = v.safeParse(supportStreamEventSchema, JSON.parse(data))
    return result.success ? result.output : undefined
  } catch {
    return undefined
  }
}

let isStarted = false

/**
 * Keeps the signed-in shopper's chat live on every screen (the bubble's count, the thread): one
 * `EventSource` on `GET /api/support/{buyerId}/events`, same origin, the session cookie its
 * credential. Started once the app is idle (src/main.tsx) or when the chat opens, whichever is
 * first; it follows sign-in and sign-out.
 *
 * The stream starts after the newest message the phone holds (`?after=`) and the browser resumes
 * it after a dropped connection by itself, from `Last-Event-ID`, so nothing is lost; what arrives
 * twice is merged by sequence. Read marks and status changes are not replayed: after a resumed
 * connection the summary is asked for again. A stream the server ended (a restart, an expired
 * session) is opened again after a pause, unless the session is gone.
 */
export function startSupportChatLive(queryClient: QueryClient): void {
  if (isStarted) return
  isStarted = true
  let buyerId: string | null = null
  let source: EventSource | undefined
  let reopenTimer: ReturnType<typeof setTimeout> | undefined
  let hiddenTimer: ReturnType<typeof setTimeout> | undefined
  let reopenAttempts = 0
  /** Bumped on every open and close: a slow open that is no longer wanted stops there. */
  let generation = 0

  function close() {
    generation += 1
    source?.close()
    source = undefined
    clearTimeout(reopenTimer)
    reopenTimer = undefined
  }

  async function open() {
    close()
    const openedFor = buyerId
    const opening = generation
    if (openedFor === null || document.visibilityState === 'hidden') return
    // The summary first: the badge is right at once, and replayed messages it counted are not counted again.
    let conversation: SupportConversation | undefined
    try {
      conversation = await refreshConversation(queryClient, openedFor)
    } catch {
      return // Signed out or another buyer: the next sign-in opens it again.
    }
    if (opening !== generation) return
    const thread = queryClient.getQueryData<SupportThread>(supportChatKeys.thread(openedFor))
    // A thread held on the phone is caught up from its newest message, so it never has a hole;
    // without one, from the newest the summary counted (or, knowing nothing, from now).
    const after = thread === undefined ? conversation?.lastSequence : lastSequenceOf(thread)
    const path = `/${supportPath(openedFor, 'events')}`
    const stream = new EventSource(after === undefined ? path : `${path}?after=${String(after)}`)
    source = stream
    let hasDropped = false
    const onEvent = (message: MessageEvent) => {
      const event = parseStreamEvent(message.data)
      if (event !== undefined) applySupportEvent(queryClient, openedFor, event)
    }
    // The server names no events (each `data` says its type), so all arrive as `message`.
    stream.addEventListener('message', onEvent)
    stream.addEventListener('open', () => {
      reopenAttempts = 0
      if (hasDropped) void refreshConversation(queryClient, openedFor).catch(() => undefined)
      hasDropped = false
    })
    stream.addEventListener('error', () => {
      hasDropped = true
      // CONNECTING: the browser is resuming it. CLOSED: the server refused or ended it for good.
      if (stream.readyState !== EventSource.CLOSED || source !== stream) return
      source = undefined
      clearTimeout(reopenTimer)
      reopenTimer = setTimeout(() => void open(), reopenDelayMilliseconds(reopenAttempts))
      reopenAttempts += 1
    })
  }

  function follow() {
    const current = readBrowserState().buyerId
    const isHealthy = source !== undefined || reopenTimer !== undefined
    if (current === buyerId && (isHealthy || current === null)) return
    buyerId = current
    reopenAttempts = 0
    void open()
  }

  onBrowserStateWrite(follow)
  window.addEventListener('storage', follow)
  window.addEventListener('online', () => {
    if (source === undefined && buyerId !== null) void open()
  })
  document.addEventListener('visibilitychange', () => {
    clearTimeout(hiddenTimer)
    if (document.visibilityState === 'hidden') {
      hiddenTimer = setTimeout(close, hiddenGraceMilliseconds)
    } else if (source === undefined && buyerId !== null) {
      void open()
    }
  })
  follow()
}
