import { queryOptions } from '@tanstack/react-query'
import { supportConversationSchema, type SupportConversation } from '#domain/support/chat'
import { requestJson } from '../../../lib/api-client'
import { mergeFetchedConversation } from '../conversation-state'
import { supportChatKeys, supportPath } from './support-chat-keys'

/** `GET /api/support/{buyerId}/conversation`: kept live by the event stream in between. */
export function conversationQueryOptions(buyerId: string) {
  return queryOptions({
    queryKey: supportChatKeys.conversation(buyerId),
    queryFn: async ({ client, queryKey }) =>
      mergeFetchedConversation(
        client.getQueryData<SupportConversation>(queryKey),
        await requestJson(supportPath(buyerId, 'conversation'), supportConversationSchema),
      ),
  })
}
