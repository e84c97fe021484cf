import { describe, expect, it } from 'vitest'
import type { NotificationSettings } from '#domain/contracts/notifications'
import { rollbackTopic, topicUpdate, withTopic } from './notification-settings-state'

const settings: NotificationSettings = {
  topics: {
    cashback_approved: true,
    cashback_released: true,
    withdrawal: true,
    proof_reviewed: true,
    reminders: true,
    promotions: false,
    support: true,
  },
  applicationServerKey: 'key',
  deviceCount: 1,
}

describe('topicUpdate', () => {
  it('names the one topic switched, nothing else', () => {
    expect(topicUpdate('promotions', true)).toEqual({ topics: { promotions: true } })
  })
})

describe('withTopic', () => {
  it('switches one topic and keeps the rest', () => {
    const next = withTopic(settings, 'reminders', false)
    expect(next?.topics).toEqual({ ...settings.topics, reminders: false })
    expect(settings.topics.reminders).toBe(true)
    expect(withTopic(undefined, 'reminders', false)).toBeUndefined()
  })
})

describe('rollbackTopic', () => {
  it('puts back the value a failed switch replaced, keeping topics switched meanwhile', () => {
    const optimistic = withTopic(withTopic(settings, 'promotions', true), 'support', false)
    expect(rollbackTopic(optimistic, 'promotions', true, false)?.topics).toEqual({
      ...settings.topics,
      support: false,
    })
  })

  it('leaves a topic that already shows something else (a later switch or answer)', () => {
    const switchedBack = withTopic(settings, 'promotions', false)
    expect(rollbackTopic(switchedBack, 'promotions', true, false)).toBe(switchedBack)
    expect(rollbackTopic(undefined, 'promotions', true, false)).toBeUndefined()
  })
})
