import { describe, expect, it } from 'vitest'
import type { SupportStreamEvent } from '#domain/support/chat'
import { applyEventToConversation, mergeFetchedConversation } from './conversation-state'
import { agentMessage, supportConversation, supportMessage } from './support-chat-fixtures'

const conversationId = 'c0000000000000000000000c'

function messageEvent(message: ReturnType<typeof supportMessage>): SupportStreamEvent {
  return { type: 'message', conversationId, message }
}

describe('applyEventToConversation', () => {
  it('counts an agent’s new message as unread once, even when the stream replays it', () => {
    let conversation = supportConversation({ lastSequence: 4, unreadCount: 1 })
    for (const event of [messageEvent(agentMessage(5)), messageEvent(agentMessage(5)), messageEvent(agentMessage(4))]) {
      conversation = applyEventToConversation(conversation, event).conversation ?? conversation
    }
    expect(conversation).toMatchObject({ lastSequence: 5, unreadCount: 2 })
  })

  it('does not count the shopper’s own messages, and a message opens a closed conversation', () => {
    const closed = supportConversation({ status: 'closed', lastSequence: 2 })
    const { conversation } = applyEventToConversation(closed, messageEvent(supportMessage(3)))
    expect(conversation).toMatchObject({ status: 'open', lastSequence: 3, unreadCount: 0 })
  })

  it('makes the conversation from its first message', () => {
    const none = supportConversation({ id: null, status: null })
    const { conversation } = applyEventToConversation(none, messageEvent(supportMessage(1)))
    expect(conversation).toMatchObject({ id: conversationId, status: 'open', lastSequence: 1 })
  })

  it('asks the server when a message skips a sequence (one may be missing) or nothing is held yet', () => {
    const conversation = supportConversation({ lastSequence: 2 })
    expect(applyEventToConversation(conversation, messageEvent(agentMessage(4))).shouldRefetch).toBe(true)
    expect(applyEventToConversation(conversation, messageEvent(agentMessage(3))).shouldRefetch).toBe(false)
    expect(applyEventToConversation(undefined, messageEvent(agentMessage(3)))).toEqual({
      conversation: undefined,
      shouldRefetch: true,
    })
  })

  it('clears the unread count when the shopper read everything, elsewhere too', () => {
    const conversation = supportConversation({ lastSequence: 6, unreadCount: 2 })
    const read = (sequence: number) =>
      applyEventToConversation(conversation, { type: 'read', conversationId, reader: 'shopper', sequence })
    expect(read(6)).toEqual({ conversation: { ...conversation, unreadCount: 0 }, shouldRefetch: false })
    // Read up to an earlier message: how many are left is the server's to say.
    expect(read(5)).toEqual({ conversation, shouldRefetch: true })
  })

  it('moves the agent’s read mark forward only, and follows the status', () => {
    const conversation = supportConversation({ lastSequence: 6, agentReadSequence: 5 })
    const readTo = (sequence: number) =>
      applyEventToConversation(conversation, { type: 'read', conversationId, reader: 'agent', sequence }).conversation
    expect(readTo(6)?.agentReadSequence).toBe(6)
    expect(readTo(3)?.agentReadSequence).toBe(5)
    expect(
      applyEventToConversation(conversation, { type: 'status', conversationId, status: 'closed' }).conversation?.status,
    ).toBe('closed')
  })
})

describe('mergeFetchedConversation', () => {
  it('takes the fetched summary unless events already went further', () => {
    const fetched = supportConversation({ lastSequence: 5, unreadCount: 1, agentReadSequence: 4 })
    expect(mergeFetchedConversation(undefined, fetched)).toBe(fetched)
    expect(mergeFetchedConversation(supportConversation({ lastSequence: 5 }), fetched)).toBe(fetched)
    const newer = supportConversation({ lastSequence: 6, unreadCount: 2, agentReadSequence: 3 })
    expect(mergeFetchedConversation(newer, fetched)).toEqual({ ...newer, agentReadSequence: 4 })
  })
})
