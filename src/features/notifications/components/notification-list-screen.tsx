import { useLingui } from '@lingui/react/macro'
import { useInfiniteQuery } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import {
  BadgeCheck,
  Banknote,
  BanknoteX,
  Bell,
  CheckCheck,
  Clock,
  FileCheck,
  FileX,
  Hourglass,
  MessageCircle,
  ShieldAlert,
  Store,
  TrendingDown,
  Zap,
  type LucideIcon,
} from 'lucide-react'
import type { MouseEvent } from 'react'
import type { Notification } from '#domain/contracts/notifications'
import { formatDateTime } from '#domain/dates'
import { formatThb } from '#domain/money'
import { moneyStateOfKind, notificationLink, type NotificationKind } from '#domain/notifications/notification-rules'
import { Button, ButtonLink } from '../../../components/ui/button'
import { EmptyState } from '../../../components/ui/empty-state'
import { FormAlert } from '../../../components/ui/form-alert'
import { ListError } from '../../../components/ui/list-error'
import { LoadMore } from '../../../components/ui/load-more'
import { Skeleton } from '../../../components/ui/skeleton'
import { moneyStateTones } from '../../../components/ui/money-state'
import { ThaiText } from '../../../components/ui/thai-text'
import { isApiError } from '../../../lib/api-client'
import { toLocaleParam, useLocale } from '../../../lib/locale'
import { notificationListQueryOptions } from '../api/get-notifications'
import { unreadCountOf } from '../notification-list-state'
import { notificationTarget } from '../notification-target'
import { describeNotification } from '../notification-texts'
import { useMarkNotificationsRead } from '../use-mark-notifications-read'

const money = 'bg-brand-50 text-brand-700'
const waiting = 'bg-cashback-50 text-cashback-700'
const failed = 'bg-danger-50 text-danger-700'
const notPaid = 'bg-canvas text-ink-muted'

/**
 * Money news is green, what waits on the shopper amber, what went wrong red, cashback that will not
 * be paid grey (as the cashback screens draw it), the chat neutral.
 */
const kindIcons: Record<NotificationKind, { icon: LucideIcon; tone: string }> = {
  cashback_approved: { icon: BadgeCheck, tone: money },
  cashback_released: { icon: Zap, tone: money },
  cashback_waiting: { icon: Hourglass, tone: waiting },
  purchase_overdue: { icon: Clock, tone: waiting },
  withdrawal_overdue: { icon: Clock, tone: waiting },
  withdrawal_paid: { icon: Banknote, tone: money },
  withdrawal_failed: { icon: BanknoteX, tone: failed },
  payout_account_changed: { icon: ShieldAlert, tone: waiting },
  proof_approved: { icon: FileCheck, tone: money },
  proof_rejected: { icon: FileX, tone: notPaid },
  special_cashback_at_risk: { icon: TrendingDown, tone: waiting },
  special_cashback_ended: { icon: TrendingDown, tone: failed },
  support_reply: { icon: MessageCircle, tone: 'bg-canvas text-ink' },
}

/** /notifications: everything the app told the shopper, newest first, whatever was pushed. */
export function NotificationListScreen({ buyerId }: { buyerId: string }) {
  const { t } = useLingui()
  // Opening the list always asks the server: what the bell counted may be older.
  const query = useInfiniteQuery({ ...notificationListQueryOptions(buyerId), refetchOnMount: 'always' })
  const markRead = useMarkNotificationsRead(buyerId)
  const hasUnread = unreadCountOf(query.data) > 0
  // Only "all" is reported here: a single item's mark is retried by the next tap or visit.
  const markAllError = markRead.isError && 'all' in markRead.variables

  return (
    <div className="space-y-4 px-4 pt-4 pb-10">
      <div className="flex items-center justify-between gap-2">
        <h1 className="text-xl font-bold">
          <ThaiText>{t`การแจ้งเตือน`}</ThaiText>
        </h1>
        {hasUnread ? (
          <Button
            variant="ghost"
            className="-mr-2 text-sm"
            disabled={markRead.isPending}
            onClick={() => markRead.mutate({ all: true })}
          >
            <CheckCheck aria-hidden="true" className="size-4" />
            {t`อ่านทั้งหมดแล้ว`}
          </Button>
        ) : null}
      </div>
      {markAllError ? (
        <FormAlert>
          {isApiError(markRead.error, 'network')
            ? t`ไม่มีการเชื่อมต่ออินเทอร์เน็ต ลองอีกครั้งเมื่อออนไลน์`
            : t`ทำรายการไม่สำเร็จ กรุณาลองอีกครั้ง`}
        </FormAlert>
      ) : null}
      <NotificationList
        buyerId={buyerId}
        onOpen={(notification) => {
          if (notification.readAt === null) markRead.mutate({ ids: [notification._id] })
        }}
      />
    </div>
  )
}

function NotificationList({ buyerId, onOpen }: { buyerId: string; onOpen: (notification: Notification) => void }) {
  const { t } = useLingui()
  const locale = useLocale()
  const query = useInfiniteQuery(notificationListQueryOptions(buyerId))
  if (query.isPending) {
    return (
      <div aria-busy="true" className="space-y-2">
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} className="h-24 rounded-card" />
        ))}
      </div>
    )
  }
  if (query.isError) return <ListError onRetry={() => void query.refetch()} />
  const notifications = query.data.pages.flatMap((page) => page.data)
  if (notifications.length === 0) {
    return (
      <EmptyState icon={Bell} title={t`ยังไม่มีการแจ้งเตือน`}>
        <p>
          <ThaiText>{t`เมื่อเงินคืนได้รับการอนุมัติ ถอนเงินสำเร็จ หรือทีมงานตอบกลับ เราจะแจ้งคุณที่นี่`}</ThaiText>
        </p>
        <ButtonLink
          to="/{-$locale}/merchants"
          params={{ locale: toLocaleParam(locale) }}
          variant="secondary"
          className="mt-4"
        >
          <Store aria-hidden="true" className="size-4" />
          <ThaiText>{t`ดูร้านค้าทั้งหมด`}</ThaiText>
        </ButtonLink>
      </EmptyState>
    )
  }
  return (
    <section aria-label={t`รายการแจ้งเตือน`}>
      <ul className="space-y-2">
        {notifications.map((notification) => (
          <NotificationItem key={notification._id} notification={notification} onOpen={onOpen} />
        ))}
      </ul>
      <LoadMore
        hasMore={query.hasNextPage}
        isLoading={query.isFetchingNextPage}
        onLoadMore={() => void query.fetchNextPage()}
      />
    </section>
  )
}

/** A click the browser should handle itself: a new tab or window, a download. */
function isModifiedClick(event: MouseEvent): boolean {
  return event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey
}

function NotificationItem({
  notification,
  onOpen,
}: {
  notification: Notification
  onOpen: (notification: Notification) => void
}) {
  const { t, i18n } = useLingui()
  const locale = useLocale()
  const router = useRouter()
  const { title, body } = describeNotification(i18n, notification, locale)
  const href = notificationTarget(notificationLink(notification.kind, notification.values, locale))
  const { icon: Icon, tone } = kindIcons[notification.kind]
  const isUnread = notification.readAt === null
  const createdAt = new Date(notification.createdAt)
  const moneyState = moneyStateOfKind[notification.kind]
  const cashbackAmount = notification.values.amount

  return (
    <li>
      <a
        href={href}
        onClick={(event) => {
          onOpen(notification)
          if (isModifiedClick(event)) return
          event.preventDefault()
          void router.navigate({ href })
        }}
        className="flex min-h-touch gap-3 rounded-card bg-surface p-4 shadow-card"
      >
        <span className={`flex size-10 shrink-0 items-center justify-center rounded-full ${tone}`}>
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="flex items-start gap-2">
            <span className={`flex-1 ${isUnread ? 'font-bold text-ink' : 'font-medium text-ink'}`}>
              <ThaiText>{title}</ThaiText>
            </span>
            {isUnread ? (
              <span className="mt-2 size-2.5 shrink-0 rounded-full bg-brand-600">
                <span className="sr-only">{t`ยังไม่ได้อ่าน`}</span>
              </span>
            ) : null}
          </span>
          <span className="mt-0.5 block text-sm text-ink-muted">
            <ThaiText>{body}</ThaiText>
          </span>
          <time dateTime={notification.createdAt} className="mt-1 block text-xs text-ink-muted">
            {formatDateTime(createdAt, locale)}
          </time>
        </span>
        {moneyState !== undefined && cashbackAmount !== undefined ? (
          // The news's amount in its state's colours, with no state words: the purchase may have
          // moved on since (an approval long accepted), and the text says what happened then.
          <span
            data-money-state={moneyState}
            className={`shrink-0 font-semibold ${moneyStateTones[moneyState].amount}`}
          >
            {formatThb(cashbackAmount, locale)}
          </span>
        ) : null}
      </a>
    </li>
  )
}
