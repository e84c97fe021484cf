import { mergeMessages } from '#domain/support/message-order'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { agentMessage, supportMessage } from './support-chat-fixtures'
import {
  applyMessageToThread,
  groupByDay,
  isReadByAgent,
  lastSequenceOf,
  withArrivalsDuringFetch,
  withNewerMessages,
  withOlderPage,
} from './thread'

const sequences = (messages: { sequence: number }[]) => messages.map((message) => message.sequence)

describe('mergeMessages', () => {
  it('keeps one message per sequence, oldest first, whatever order and how often they come', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.integer({ min: 1, max: 40 }))), (deliveries) => {
        let messages = mergeMessages([], [])
        for (const delivery of deliveries)
          messages = mergeMessages(
            messages,
            delivery.map((n) => supportMessage(n)),
          )
        const expected = [...new Set(deliveries.flat())].sort((first, second) => first - second)
        expect(sequences(messages)).toEqual(expected)
      }),
    )
  })

  it('takes the newer copy of a message it already has', () => {
    const merged = mergeMessages([supportMessage(1, { text: 'old' })], [supportMessage(1, { text: 'new' })])
    expect(merged.map((message) => message.text)).toEqual(['new'])
  })
})

describe('the thread', () => {
  it('adds older pages before and newer messages after, each once', () => {
    let thread = withNewerMessages(undefined, [supportMessage(31), supportMessage(32)])
    thread = { ...thread, hasOlder: true }
    // The stream replays 32 after a reconnect, and brings 33.
    thread = withNewerMessages(thread, [supportMessage(32), agentMessage(33)])
    expect(sequences(thread.messages)).toEqual([31, 32, 33])
    expect(thread.hasOlder).toBe(true)
    thread = withOlderPage(thread, { data: [supportMessage(29), supportMessage(30)], hasOlder: false })
    expect(sequences(thread.messages)).toEqual([29, 30, 31, 32, 33])
    expect(thread.hasOlder).toBe(false)
    expect(lastSequenceOf(thread)).toBe(33)
    expect(lastSequenceOf(undefined)).toBe(0)
  })

  it('keeps what arrived while a fetch was on its way, and nothing older than the fetch', () => {
    const fetched = { messages: [supportMessage(40), agentMessage(41)], hasOlder: true }
    // Held: an old copy (a gap up to 40) and message 42, which the stream brought during the fetch.
    const held = { messages: [supportMessage(3), agentMessage(42)], hasOlder: false }
    expect(withArrivalsDuringFetch(fetched, held)).toEqual({
      messages: [supportMessage(40), agentMessage(41), agentMessage(42)],
      hasOlder: true,
    })
    expect(withArrivalsDuringFetch(fetched, undefined)).toEqual(fetched)
  })

  it('adds a message that follows the thread, and catches up instead of leaving a hole', () => {
    const thread = { messages: [supportMessage(1), agentMessage(2)], hasOlder: false }
    expect(applyMessageToThread(thread, agentMessage(3)).thread?.messages.map((m) => m.sequence)).toEqual([1, 2, 3])
    expect(applyMessageToThread(thread, agentMessage(2, { text: 'again' }))).toEqual({
      thread: { messages: [supportMessage(1), agentMessage(2, { text: 'again' })], hasOlder: false },
      shouldCatchUp: false,
    })
    expect(applyMessageToThread(thread, agentMessage(5))).toEqual({ thread, shouldCatchUp: true })
    expect(applyMessageToThread(undefined, agentMessage(5))).toEqual({ thread: undefined, shouldCatchUp: false })
  })

  it('marks the shopper’s messages read up to the agent’s read sequence, never the agent’s own', () => {
    expect(isReadByAgent(supportMessage(3), 3)).toBe(true)
    expect(isReadByAgent(supportMessage(4), 3)).toBe(false)
    expect(isReadByAgent(agentMessage(2), 3)).toBe(false)
  })

  it('groups messages by their day in Thailand', () => {
    const days = groupByDay([
      supportMessage(1, { createdAt: '2026-11-21T16:59:00Z' }),
      // 00:01 on 22 November in Bangkok.
      supportMessage(2, { createdAt: '2026-11-21T17:01:00Z' }),
      agentMessage(3, { createdAt: '2026-11-22T09:00:00Z' }),
    ])
    expect(days.map((day) => [day.dayKey, sequences(day.messages)])).toEqual([
      ['2026-11-21', [1]],
      ['2026-11-22', [2, 3]],
    ])
  })
})
