import type { SupportConversation, SupportMessage } from '#domain/support/chat'

/** Test data for the chat's unit tests (not shipped: only tests import it). */
export function supportMessage(sequence: number, overrides: Partial<SupportMessage> = {}): SupportMessage {
  return {
    id: sequence.toString(16).padStart(24, '0'),
    sequence,
    author: 'shopper',
    agentName: null,
    text: `message ${sequence}`,
    transaction: null,
    attachments: [],
    createdAt: new Date(Date.UTC(2026, 10, 22, 3, sequence)).toISOString(),
    ...overrides,
  }
}

export function agentMessage(sequence: number, overrides: Partial<SupportMessage> = {}): SupportMessage {
  return supportMessage(sequence, { author: 'agent', agentName: 'Ploy', ...overrides })
}

export function supportConversation(overrides: Partial<SupportConversation> = {}): SupportConversation {
  return {
    id: 'c0000000000000000000000c',
    status: 'open',
    lastSequence: 0,
    unreadCount: 0,
    agentReadSequence: 0,
    ...overrides,
  }
}
