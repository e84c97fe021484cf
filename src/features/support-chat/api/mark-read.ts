import { useMutation, useQueryClient } from '@tanstack/react-query'
import { supportConversationSchema, type SupportConversation } from '#domain/support/chat'
import { requestJson } from '../../../lib/api-client'
import { mergeFetchedConversation } from '../conversation-state'
import { supportChatKeys, supportPath } from './support-chat-keys'

/**
 * `POST /api/support/{buyerId}/read`: the shopper has seen the agents' messages up to `sequence`
 * (the badge clears, the agent sees "read"). Repeating it changes nothing, so it needs no key.
 */
export function useMarkRead(buyerId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (sequence: number) =>
      requestJson(supportPath(buyerId, 'read'), supportConversationSchema, { method: 'post', json: { sequence } }),
    onSuccess: (conversation) => {
      queryClient.setQueryData<SupportConversation>(supportChatKeys.conversation(buyerId), (current) =>
        mergeFetchedConversation(current, conversation),
      )
    },
  })
}
