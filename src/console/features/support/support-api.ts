import { queryOptions, useQueryClient } from '@tanstack/react-query'
import { useEffect, useEffectEvent } from 'react'
import * as v from 'valibot'
import {
  consoleSupportConversationDetailSchema,
  consoleSupportConversationPageSchema,
  consoleSupportConversationSchema,
} from '#domain/ops/support'
import {
  supportMessagePageSchema,
  supportMessageSchema,
  supportStreamEventSchema,
  type SupportConversationStatus,
  type SupportMessage,
  type SupportMessagePage,
  type SupportStreamEvent,
} from '#domain/support/chat'
import { mergeMessages } from '#domain/support/message-order'
import { postConsoleJson, requestJson } from '../../lib/console-api'

export const supportKeys = {
  all: ['console', 'support'] as const,
  queue: (status: SupportConversationStatus, before: string | undefined) =>
    [...supportKeys.all, 'queue', status, before ?? null] as const,
  conversation: (conversationId: string) => [...supportKeys.all, 'conversation', conversationId] as const,
  messages: (conversationId: string) => [...supportKeys.all, 'conversation', conversationId, 'messages'] as const,
}

/** A page of the queue: the first without `before`, the next with the previous page's `nextBefore`. */
export function conversationQueueQueryOptions(status: SupportConversationStatus, before?: string) {
  return queryOptions({
    queryKey: supportKeys.queue(status, before),
    queryFn: () =>
      requestJson('api/ops/support/conversations', consoleSupportConversationPageSchema, {
        searchParams: { status, limit: 50, ...(before === undefined ? {} : { before }) },
      }),
  })
}

export function conversationQueryOptions(conversationId: string) {
  return queryOptions({
    queryKey: supportKeys.conversation(conversationId),
    queryFn: () =>
      requestJson(`api/ops/support/conversations/${conversationId}`, consoleSupportConversationDetailSchema),
  })
}

/** The newest messages; older ones are read page by page (`readOlderMessages`) and kept on screen. */
export function latestMessagesQueryOptions(conversationId: string) {
  return queryOptions({
    queryKey: supportKeys.messages(conversationId),
    queryFn: () =>
      requestJson(`api/ops/support/conversations/${conversationId}/messages`, supportMessagePageSchema, {
        searchParams: { limit: 50 },
      }),
  })
}

export function readOlderMessages(conversationId: string, before: number): Promise<SupportMessagePage> {
  return requestJson(`api/ops/support/conversations/${conversationId}/messages`, supportMessagePageSchema, {
    searchParams: { before, limit: 50 },
  })
}

export function sendReply(conversationId: string, text: string, actionKey: string): Promise<SupportMessage> {
  return postConsoleJson(
    `api/ops/support/conversations/${conversationId}/messages`,
    supportMessageSchema,
    { text },
    actionKey,
  )
}

export function markConversationRead(conversationId: string, sequence: number) {
  return requestJson(`api/ops/support/conversations/${conversationId}/read`, consoleSupportConversationSchema, {
    method: 'POST',
    json: { sequence },
  })
}

export function setConversationStatus(conversationId: string, status: SupportConversationStatus, actionKey: string) {
  return postConsoleJson(
    `api/ops/support/conversations/${conversationId}/status`,
    consoleSupportConversationSchema,
    { status },
    actionKey,
  )
}

/**
 * The console's live feed of every conversation (`GET /api/ops/support/events`): a new message
 * goes straight into its conversation's messages; the queue and the conversation are read
 * again. The browser's EventSource reconnects by itself; each time it (re)opens everything is
 * read again, since the console's stream does not replay what happened before it opened.
 */
export function useSupportEvents(onEvent?: (event: SupportStreamEvent) => void) {
  const queryClient = useQueryClient()
  const handle = useEffectEvent((event: SupportStreamEvent) => {
    if (event.type === 'message') {
      queryClient.setQueryData(supportKeys.messages(event.conversationId), (page: SupportMessagePage | undefined) =>
        page === undefined ? page : { ...page, data: mergeMessages(page.data, [event.message]) },
      )
    }
    void queryClient.invalidateQueries({ queryKey: [...supportKeys.all, 'queue'] })
    void queryClient.invalidateQueries({ queryKey: supportKeys.conversation(event.conversationId), exact: true })
    onEvent?.(event)
  })
  const refreshAll = useEffectEvent(() => {
    void queryClient.invalidateQueries({ queryKey: supportKeys.all })
  })
  useEffect(() => {
    const source = new EventSource('/api/ops/support/events')
    // The stream tells what happens from the moment it opens: what was written between the
    // screen's loading and this moment, or while it was reconnecting, is read again.
    source.addEventListener('open', () => refreshAll())
    source.addEventListener('message', (message: MessageEvent<string>) => {
      let data: unknown
      try {
        data = JSON.parse(message.data)
      } catch {
        return
      }
      const parsed = v.safeParse(supportStreamEventSchema, data)
      if (parsed.success) handle(parsed.output)
    })
    return () => source.close()
  }, [])
}
