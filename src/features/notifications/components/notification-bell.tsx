import { useLingui } from '@lingui/react/macro'
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useRouterState } from '@tanstack/react-router'
import { Bell } from 'lucide-react'
import { useEffect } from 'react'
import { toLocaleParam, useLocale } from '../../../lib/locale'
import { notificationListQueryOptions } from '../api/get-notifications'
import { notificationKeys } from '../api/notification-keys'
import { badgeText, unreadCountOf } from '../notification-list-state'

/**
 * The top bar's way into /notifications, with the unread count. The count is the newest page's,
 * asked again when the app comes back to the front and on a screen change once 30 s old: no
 * polling (a push that arrives meanwhile shows itself).
 */
export function NotificationBell({ buyerId, className }: { buyerId: string; className: string }) {
  const { t } = useLingui()
  const locale = useLocale()
  const queryClient = useQueryClient()
  const query = useInfiniteQuery(notificationListQueryOptions(buyerId))
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const count = unreadCountOf(query.data)
  const badge = badgeText(count)

  // The bar stays mounted across screens, so a screen change alone would not ask again.
  useEffect(() => {
    void queryClient.refetchQueries(
      { queryKey: notificationKeys.list(buyerId), stale: true, type: 'active' },
      // A fetch under way (the first one, at mount) already brings what this would.
      { cancelRefetch: false },
    )
  }, [queryClient, buyerId, pathname])

  return (
    <Link
      to="/{-$locale}/notifications"
      params={{ locale: toLocaleParam(locale) }}
      aria-label={count > 0 ? t`การแจ้งเตือน ยังไม่ได้อ่าน ${count} รายการ` : t`การแจ้งเตือน`}
      className={`relative ${className}`}
    >
      <Bell aria-hidden="true" className="size-6" />
      {badge ? (
        <span
          aria-hidden="true"
          className="absolute top-1 right-0.5 min-w-5 rounded-full bg-danger-600 px-1 text-center text-[0.6875rem] leading-[1.5] font-bold text-white"
        >
          {badge}
        </span>
      ) : null}
    </Link>
  )
}
