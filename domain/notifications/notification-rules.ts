import type { CashbackMoneyState } from '../cashback/money-state.ts'
import { pathInLocale, type Locale } from '../locale.ts'
import { pageRedirectTarget, type RedirectPage } from '../redirector.ts'

/**
 * What the app tells a shopper while they are away (issue 16): each kind of notification, the
 * topic a shopper can turn off in /profile, and when a push may go out. The in-app list shows every
 * notification whatever the topics say; the topics decide only what is pushed to their devices.
 */

export const notificationKinds = [
  /** The network approved a purchase: cashback is waiting to be accepted. */
  'cashback_approved',
  /** The 1-day cashback of a high rating released a purchase without waiting for the merchant. */
  'cashback_released',
  'withdrawal_paid',
  /** The money is back in the wallet. */
  'withdrawal_failed',
  /**
   * A security notice: a payout account was added or changed after the first one, and waits 72
   * hours (docs/decisions/024). It opens the support chat, for a shopper who did not make it.
   */
  'payout_account_changed',
  'proof_approved',
  'proof_rejected',
  /** An agent answered in the support chat. */
  'support_reply',
  /** Approved cashback not accepted 3 days after its approval. */
  'cashback_waiting',
  /** The merchant's confirmation was expected by now and has not come. */
  'purchase_overdue',
  /** A withdrawal was expected to be paid by now and is not. */
  'withdrawal_overdue',
  /** The balance is just above the Special Cashback level's amount: a little less ends it. */
  'special_cashback_at_risk',
  /** The balance fell below the level's amount (a reversal, a withdrawal): the bonus ended. */
  'special_cashback_ended',
] as const
export type NotificationKind = (typeof notificationKinds)[number]

export const notificationTopics = [
  'cashback_approved',
  'cashback_released',
  'withdrawal',
  'proof_reviewed',
  'reminders',
  'promotions',
  'support',
] as const
export type NotificationTopic = (typeof notificationTopics)[number]

export const topicOfKind = {
  cashback_approved: 'cashback_approved',
  cashback_released: 'cashback_released',
  withdrawal_paid: 'withdrawal',
  withdrawal_failed: 'withdrawal',
  payout_account_changed: 'withdrawal',
  proof_approved: 'proof_reviewed',
  proof_rejected: 'proof_reviewed',
  support_reply: 'support',
  cashback_waiting: 'reminders',
  purchase_overdue: 'reminders',
  withdrawal_overdue: 'reminders',
  special_cashback_at_risk: 'promotions',
  special_cashback_ended: 'promotions',
} as const satisfies Record<NotificationKind, NotificationTopic>

/**
 * What a purchase's news left its cashback as (domain/cashback/money-state.ts), so the in-app list
 * colours the amount as the cashback screens do: approved green, overdue still coming amber, a
 * refused proof grey and struck through. Like a receipt, it is the state at the time of the news.
 * Other kinds carry no purchase's cashback.
 */
export const moneyStateOfKind: Partial<Record<NotificationKind, CashbackMoneyState>> = {
  cashback_approved: 'to_accept',
  cashback_released: 'to_accept',
  cashback_waiting: 'to_accept',
  proof_approved: 'to_accept',
  purchase_overdue: 'coming',
  proof_rejected: 'not_paid',
}

/** Money news: never held by quiet hours, never counted against the daily limit. */
export const moneyTopics: readonly NotificationTopic[] = [
  'cashback_approved',
  'cashback_released',
  'withdrawal',
  'proof_reviewed',
]

export function isMoneyTopic(topic: NotificationTopic): boolean {
  return moneyTopics.includes(topic)
}

/** Pushes of other topics a buyer gets per Bangkok day at most; further ones stay in the in-app list. */
export const dailyPushLimit = 4

/** A reminder is due this long after the cashback was approved and not accepted. */
export const waitingCashbackReminderDays = 3

/**
 * Quiet hours, Asia/Bangkok (UTC+7 all year, no daylight saving): reminders and promotions wait
 * until 08:00; money news and support answers go out at once.
 */
export const quietHours = { startHour: 21, endHour: 8 } as const
const bangkokOffsetMilliseconds = 7 * 60 * 60 * 1000
const hourMilliseconds = 60 * 60 * 1000

/** When a push of `topic` held at `now` may go out: `now` itself outside quiet hours. */
export function pushAllowedFrom(topic: NotificationTopic, now: Date): Date {
  if (topic !== 'reminders' && topic !== 'promotions') return now
  const bangkok = new Date(now.getTime() + bangkokOffsetMilliseconds)
  const hour = bangkok.getUTCHours()
  if (hour >= quietHours.endHour && hour < quietHours.startHour) return now
  const endDay = Date.UTC(bangkok.getUTCFullYear(), bangkok.getUTCMonth(), bangkok.getUTCDate())
  const daysAhead = hour >= quietHours.startHour ? 1 : 0
  return new Date(
    endDay + daysAhead * 24 * hourMilliseconds + quietHours.endHour * hourMilliseconds - bangkokOffsetMilliseconds,
  )
}

/** The start of the Bangkok day `now` is in, for the daily limit. */
export function bangkokDayStart(now: Date): Date {
  const bangkok = new Date(now.getTime() + bangkokOffsetMilliseconds)
  return new Date(
    Date.UTC(bangkok.getUTCFullYear(), bangkok.getUTCMonth(), bangkok.getUTCDate()) - bangkokOffsetMilliseconds,
  )
}

/** The redirector page (spec section 2) each kind opens, and its `sub_page_id`. */
export function notificationPage(
  kind: NotificationKind,
  subject: { transactionId?: string | null | undefined },
): { page: RedirectPage; subPageId?: string } | undefined {
  switch (kind) {
    case 'cashback_approved':
    case 'cashback_released':
    case 'proof_approved':
    case 'proof_rejected':
    case 'cashback_waiting':
    case 'purchase_overdue':
      return subject.transactionId
        ? { page: 'CashbackDetail', subPageId: subject.transactionId }
        : { page: 'Cashbacks' }
    case 'withdrawal_paid':
    case 'withdrawal_failed':
    case 'withdrawal_overdue':
      return { page: 'Withdrawal' }
    case 'special_cashback_at_risk':
    case 'special_cashback_ended':
      return { page: 'Promotions' }
    case 'support_reply':
    case 'payout_account_changed':
      // The support chat has no redirector page of its own: the link names its route. A shopper
      // who did not change their account talks to support there.
      return undefined
  }
}

/**
 * The link a notification opens, in the shopper's language: a redirector link (`/?page=…`) that
 * the app resolves as every re-engagement link, or the support chat's route.
 */
export function notificationLink(
  kind: NotificationKind,
  subject: { transactionId?: string | null | undefined },
  locale: Locale,
): string {
  const page = notificationPage(kind, subject)
  if (page === undefined) return pathInLocale('/chat-support', locale)
  const query = new URLSearchParams({ page: page.page })
  if (page.subPageId !== undefined) query.set('sub_page_id', page.subPageId)
  // The target must be one the redirector knows; a typo here would open the home page.
  if (pageRedirectTarget(page.page, page.subPageId) === undefined) throw new Error(`No redirector page ${page.page}`)
  return `${pathInLocale('/', locale)}?${query.toString()}`
}
