import { describe, expect, it } from 'vitest'
import { notificationLink } from '#domain/notifications/notification-rules'
import { notificationTarget } from './notification-target'

describe('notificationTarget', () => {
  it('opens the redirector page itself, in the link’s language', () => {
    const id = '123456789012345678901234'
    expect(notificationTarget(notificationLink('cashback_approved', { transactionId: id }, 'th'))).toBe(
      `/cashback/${id}`,
    )
    expect(notificationTarget(notificationLink('proof_rejected', { transactionId: id }, 'en'))).toBe(
      `/en/cashback/${id}`,
    )
    expect(notificationTarget(notificationLink('withdrawal_paid', {}, 'en'))).toBe('/en/withdrawal')
    expect(notificationTarget(notificationLink('cashback_waiting', {}, 'th'))).toBe('/cashback')
  })

  it('keeps a link that names a route as it is', () => {
    expect(notificationTarget(notificationLink('support_reply', {}, 'th'))).toBe('/chat-support')
    expect(notificationTarget(notificationLink('support_reply', {}, 'en'))).toBe('/en/chat-support')
  })

  it('leaves a page the redirector does not know to the app (it opens home)', () => {
    expect(notificationTarget('/en?page=Nowhere')).toBe('/en?page=Nowhere')
  })

  it('stays on this origin whatever the link says', () => {
    expect(notificationTarget('//evil.example/phish')).toBe('/phish')
  })
})
