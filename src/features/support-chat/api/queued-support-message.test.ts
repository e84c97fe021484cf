import { describe, expect, it } from 'vitest'
import type { OutboxItem } from '../../../lib/outbox'
import { agentMessage, supportMessage } from '../support-chat-fixtures'
import { isShownInThread, supportMessageOutboxKind, type QueuedSupportMessage } from './queued-support-message'

function queued(text: string, state: OutboxItem['state']): QueuedSupportMessage {
  return {
    id: 'key-1',
    kind: supportMessageOutboxKind,
    buyerId: 'b'.repeat(24),
    payload: { text, transaction: null, images: [] },
    attachmentKeys: [],
    createdAt: 0,
    state,
    attempts: 0,
    nextAttemptAt: 0,
    refusal: null,
    progress: null,
    deferral: null,
  }
}

describe('isShownInThread', () => {
  it('hides the message being sent once the thread has it as the newest of the shopper', () => {
    const thread = [supportMessage(1, { text: 'ก่อนหน้า' }), supportMessage(2, { text: 'สวัสดีค่ะ' }), agentMessage(3)]
    expect(isShownInThread(queued(' สวัสดีค่ะ ', 'sending'), thread)).toBe(true)
  })

  it('keeps waiting messages, and one whose text is not the newest', () => {
    const thread = [supportMessage(1, { text: 'สวัสดีค่ะ' }), supportMessage(2, { text: 'อีกเรื่อง' })]
    expect(isShownInThread(queued('สวัสดีค่ะ', 'waiting'), thread)).toBe(false)
    expect(isShownInThread(queued('สวัสดีค่ะ', 'sending'), thread)).toBe(false)
    expect(isShownInThread(queued('ใหม่', 'sending'), [])).toBe(false)
  })
})
