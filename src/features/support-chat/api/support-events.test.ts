import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import type { SupportConversation } from '#domain/support/chat'
import { agentMessage, supportConversation, supportMessage } from '../support-chat-fixtures'
import type { SupportThread } from '../thread'
import { supportChatKeys } from './support-chat-keys'
import { applySupportEvent } from './support-events'

const buyerId = 'b0000000000000000000000b'
const conversationId = 'c0000000000000000000000c'

function setup() {
  const queryClient = new QueryClient()
  queryClient.setQueryData<SupportConversation>(
    supportChatKeys.conversation(buyerId),
    supportConversation({ lastSequence: 2, unreadCount: 0 }),
  )
  queryClient.setQueryData<SupportThread>(supportChatKeys.thread(buyerId), {
    messages: [supportMessage(1), agentMessage(2)],
    hasOlder: false,
  })
  const conversation = () => queryClient.getQueryData<SupportConversation>(supportChatKeys.conversation(buyerId))
  const sequences = () =>
    queryClient.getQueryData<SupportThread>(supportChatKeys.thread(buyerId))?.messages.map((m) => m.sequence)
  return { queryClient, conversation, sequences }
}

describe('applySupportEvent', () => {
  it('shows an agent’s message once and counts it once, however often the stream sends it', () => {
    const { queryClient, conversation, sequences } = setup()
    for (let delivery = 0; delivery < 3; delivery += 1) {
      applySupportEvent(queryClient, buyerId, { type: 'message', conversationId, message: agentMessage(3) })
    }
    expect(sequences()).toEqual([1, 2, 3])
    expect(conversation()).toMatchObject({ lastSequence: 3, unreadCount: 1 })

    applySupportEvent(queryClient, buyerId, { type: 'read', conversationId, reader: 'shopper', sequence: 3 })
    expect(conversation()?.unreadCount).toBe(0)
    applySupportEvent(queryClient, buyerId, { type: 'read', conversationId, reader: 'agent', sequence: 1 })
    expect(conversation()?.agentReadSequence).toBe(1)
  })

  it('leaves a message after a gap out of the thread, and asks for the thread again', () => {
    const { queryClient, sequences } = setup()
    applySupportEvent(queryClient, buyerId, { type: 'message', conversationId, message: agentMessage(5) })
    expect(sequences()).toEqual([1, 2])
    expect(queryClient.getQueryState(supportChatKeys.thread(buyerId))?.isInvalidated).toBe(true)
  })
})
