import { describe, expect, it } from 'vitest'
import type { Notification } from '#domain/contracts/notifications'
import { badgeText, markReadInList, unreadCountOf, type NotificationListData } from './notification-list-state'

const readAt = '2026-03-02T05:00:00.000Z'

function notification(id: string, isRead: boolean): Notification {
  return {
    _id: id.padStart(24, '0'),
    kind: 'cashback_approved',
    values: { amount: 1000 },
    createdAt: '2026-03-01T05:00:00.000Z',
    readAt: isRead ? '2026-03-01T06:00:00.000Z' : null,
  }
}

function list(...pages: Notification[][]): NotificationListData {
  const unreadCount = pages.flat().filter((item) => item.readAt === null).length
  return {
    pages: pages.map((data, index) => ({ data, hasMore: index < pages.length - 1, unreadCount })),
    pageParams: pages.map((_, index) => (index === 0 ? null : `${index}`)),
  }
}

describe('markReadInList', () => {
  it('marks the named unread ones read and lowers the count on every page by as many', () => {
    const data = list([notification('a1', false), notification('a2', true)], [notification('b1', false)])
    const next = markReadInList(data, { ids: ['a1'.padStart(24, '0'), 'a2'.padStart(24, '0')] }, readAt)
    expect(next?.pages.map((page) => page.data.map((item) => item.readAt))).toEqual([
      [readAt, '2026-03-01T06:00:00.000Z'],
      [null],
    ])
    expect(next?.pages.map((page) => page.unreadCount)).toEqual([1, 1])
    expect(unreadCountOf(next)).toBe(1)
    expect(next?.pageParams).toEqual(data.pageParams)
  })

  it('marks all read, including unread ones on pages not loaded (the count goes to 0)', () => {
    const data = list([notification('a1', false)])
    const first = data.pages[0]
    if (first) first.unreadCount = 7
    const next = markReadInList(data, { all: true }, readAt)
    expect(next?.pages[0]?.data[0]?.readAt).toBe(readAt)
    expect(unreadCountOf(next)).toBe(0)
  })

  it('never takes the count below 0, and leaves the cached list untouched', () => {
    const data = list([notification('a1', false)])
    const first = data.pages[0]
    if (first) first.unreadCount = 0
    const next = markReadInList(data, { ids: ['a1'.padStart(24, '0')] }, readAt)
    expect(unreadCountOf(next)).toBe(0)
    expect(data.pages[0]?.data[0]?.readAt).toBeNull()
  })

  it('has nothing to change before the list has loaded', () => {
    expect(markReadInList(undefined, { all: true }, readAt)).toBeUndefined()
    expect(unreadCountOf(undefined)).toBe(0)
  })
})

describe('badgeText', () => {
  it('shows nothing for none, the number up to 9, then 9+', () => {
    expect(badgeText(0)).toBeUndefined()
    expect(badgeText(1)).toBe('1')
    expect(badgeText(9)).toBe('9')
    expect(badgeText(10)).toBe('9+')
    expect(badgeText(250)).toBe('9+')
  })
})
