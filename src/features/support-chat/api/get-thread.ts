import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { supportMessagePageSchema } from '#domain/support/chat'
import { requestJson } from '../../../lib/api-client'
import {
  emptyThread,
  lastSequenceOf,
  withArrivalsDuringFetch,
  withNewerMessages,
  withOlderPage,
  type SupportThread,
} from '../thread'
import { supportChatKeys, supportPath } from './support-chat-keys'

/** Messages per page the screen shows first and adds when scrolled to the top. */
export const supportPageSize = 30
/** The largest page the server gives (`supportLimitQuerySchema`), for catching up. */
const catchUpPageSize = 100
/** Past this many catch-up pages, the latest page is quicker than the gap. */
const maxCatchUpPages = 5

function fetchMessagePage(buyerId: string, query: { before?: number; after?: number; limit: number }) {
  const searchParams: Record<string, string> = { limit: String(query.limit) }
  if (query.before !== undefined) searchParams.before = String(query.before)
  if (query.after !== undefined) searchParams.after = String(query.after)
  return requestJson(supportPath(buyerId, 'messages'), supportMessagePageSchema, { searchParams })
}

/**
 * The latest page the first time; after that only what came after the newest message held (the
 * phone keeps the thread, and older pages the shopper loaded stay). Merged at the end with what
 * the event stream added meanwhile, so an answer that arrives late loses nothing.
 */
async function fetchThread(buyerId: string, held: SupportThread | undefined): Promise<SupportThread> {
  if (held !== undefined && lastSequenceOf(held) > 0) {
    let thread = held
    for (let page = 0; page < maxCatchUpPages; page += 1) {
      const newer = await fetchMessagePage(buyerId, { after: lastSequenceOf(thread), limit: catchUpPageSize })
      thread = withNewerMessages(thread, newer.data)
      if (newer.data.length < catchUpPageSize) return thread
    }
  }
  const latest = await fetchMessagePage(buyerId, { limit: supportPageSize })
  return { messages: latest.data, hasOlder: latest.hasOlder }
}

export function threadQueryOptions(buyerId: string) {
  return queryOptions({
    queryKey: supportChatKeys.thread(buyerId),
    queryFn: async ({ client, queryKey }) => {
      const fetched = await fetchThread(buyerId, client.getQueryData<SupportThread>(queryKey))
      return withArrivalsDuringFetch(fetched, client.getQueryData<SupportThread>(queryKey))
    },
    // Saved on the phone: what was said stays readable offline, and the chat opens at once.
    staleTime: 0,
  })
}

/** Adds the page before the oldest message held (`?before=`). */
export async function loadOlderMessages(queryClient: QueryClient, buyerId: string): Promise<void> {
  const key = supportChatKeys.thread(buyerId)
  const oldest = queryClient.getQueryData<SupportThread>(key)?.messages[0]?.sequence
  if (oldest === undefined) return
  const page = await fetchMessagePage(buyerId, { before: oldest, limit: supportPageSize })
  queryClient.setQueryData<SupportThread>(key, (thread) => withOlderPage(thread ?? emptyThread, page))
}

export function useLoadOlderMessages(buyerId: string) {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: () => loadOlderMessages(queryClient, buyerId) })
}
