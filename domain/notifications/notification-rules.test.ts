import { describe, expect, it } from 'vitest'
import {
  bangkokDayStart,
  notificationKinds,
  notificationLink,
  pushAllowedFrom,
  topicOfKind,
} from './notification-rules'

describe('pushAllowedFrom', () => {
  it('holds reminders and promotions from 21:00 to 08:00 Bangkok time, and nothing else', () => {
    // 20:59 Bangkok: still allowed.
    const beforeQuiet = new Date('2026-11-27T13:59:00Z')
    expect(pushAllowedFrom('reminders', beforeQuiet)).toEqual(beforeQuiet)
    // 21:00 Bangkok: held until 08:00 the next morning (01:00 UTC).
    expect(pushAllowedFrom('promotions', new Date('2026-11-27T14:00:00Z'))).toEqual(new Date('2026-11-28T01:00:00Z'))
    // 03:00 Bangkok (20:00 UTC the day before): held until 08:00 that same Bangkok morning.
    expect(pushAllowedFrom('reminders', new Date('2026-11-27T20:00:00Z'))).toEqual(new Date('2026-11-28T01:00:00Z'))
    // 08:00 Bangkok: allowed again.
    const morning = new Date('2026-11-28T01:00:00Z')
    expect(pushAllowedFrom('reminders', morning)).toEqual(morning)
    // Money and support answers never wait.
    const night = new Date('2026-11-27T18:00:00Z')
    for (const topic of [
      'cashback_approved',
      'cashback_released',
      'withdrawal',
      'proof_reviewed',
      'support',
    ] as const) {
      expect(pushAllowedFrom(topic, night)).toEqual(night)
    }
  })
})

describe('bangkokDayStart', () => {
  it('is midnight in Bangkok (17:00 UTC the day before)', () => {
    expect(bangkokDayStart(new Date('2026-11-27T16:59:00Z'))).toEqual(new Date('2026-11-26T17:00:00Z'))
    expect(bangkokDayStart(new Date('2026-11-27T17:00:00Z'))).toEqual(new Date('2026-11-27T17:00:00Z'))
  })
})

describe('notificationLink', () => {
  it('opens every kind at a page the app knows, in the shopper language', () => {
    const transactionId = 'a'.repeat(24)
    for (const kind of notificationKinds) {
      const link = notificationLink(kind, { transactionId }, 'en')
      expect(link.startsWith('/en')).toBe(true)
      expect(topicOfKind[kind]).toBeDefined()
    }
    expect(notificationLink('cashback_approved', { transactionId }, 'th')).toBe(
      `/?page=CashbackDetail&sub_page_id=${transactionId}`,
    )
    expect(notificationLink('withdrawal_paid', {}, 'en')).toBe('/en?page=Withdrawal')
    expect(notificationLink('support_reply', {}, 'th')).toBe('/chat-support')
    expect(notificationLink('special_cashback_ended', {}, 'th')).toBe('/?page=Promotions')
  })
})
