import type { InfiniteData } from '@tanstack/react-query'
import type { NotificationListResponse, NotificationReadRequest } from '#domain/contracts/notifications'

/** The cached pages of `notificationListQueryOptions` (the cache types its page params `unknown`). */
export type NotificationListData = InfiniteData<NotificationListResponse>

/** The unread count the server sent with the newest page: the bell's number. */
export function unreadCountOf(data: NotificationListData | undefined): number {
  return data?.pages[0]?.unreadCount ?? 0
}

/** A count badge stays two characters wide: past 9 the exact number is in the label, not the dot. */
export function badgeText(count: number): string | undefined {
  if (count <= 0) return undefined
  return count > 9 ? '9+' : String(count)
}

/**
 * The list as it reads once `which` is marked read, before the server answers: the bell and the
 * dots change at the tap, and the refetch after the request brings the server's own word.
 */
export function markReadInList(
  data: NotificationListData | undefined,
  which: NotificationReadRequest,
  readAt: string,
): NotificationListData | undefined {
  if (data === undefined) return undefined
  const ids = 'ids' in which ? new Set(which.ids) : undefined
  let newlyRead = 0
  const pages = data.pages.map((page) => ({
    ...page,
    data: page.data.map((notification) => {
      if (notification.readAt !== null || (ids !== undefined && !ids.has(notification._id))) return notification
      newlyRead += 1
      return { ...notification, readAt }
    }),
  }))
  // Every page carries the count as it was when it was fetched; they all say the same after this.
  const unreadCount = (count: number) => (ids === undefined ? 0 : Math.max(0, count - newlyRead))
  return { ...data, pages: pages.map((page) => ({ ...page, unreadCount: unreadCount(page.unreadCount) })) }
}
