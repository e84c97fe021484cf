import { useLingui } from '@lingui/react/macro'
import { Link, useRouterState } from '@tanstack/react-router'
import { CircleUserRound, House, ReceiptText, Store, Wallet, type LucideIcon } from 'lucide-react'
import { pathWithoutLocale } from '#domain/locale'
import { useBuyerState } from '../../features/account/use-buyer-state'
import { useAppBadge } from '../../features/notifications/use-app-badge'
import { useBrowserState } from '../../lib/browser-state'
import { toLocaleParam, useLocale } from '../../lib/locale'

type Destination =
  | '/{-$locale}/home'
  | '/{-$locale}/merchants'
  | '/{-$locale}/cashback'
  | '/{-$locale}/wallet'
  | '/{-$locale}/profile'
  | '/{-$locale}/auth'

/**
 * The app's main sections, one thumb-reach away. The cashback tab carries the count of approved
 * cashback waiting for Accept (spec section 3's client state), so it is seen from every page.
 */
export function BottomNav() {
  const { t } = useLingui()
  const locale = useLocale()
  const { buyer, unacceptedCount } = useBuyerState()
  const isSignedIn = useBrowserState((state) => state.buyerId !== null)
  // The icon's number is the same count; until a member's state loads, the number pushes set stays.
  useAppBadge(isSignedIn && buyer === undefined ? undefined : unacceptedCount)
  const section = useRouterState({
    select: (state) => `/${pathWithoutLocale(state.location.pathname).split('/')[1] ?? ''}`,
  })
  const items: { to: Destination; section: string; label: string; icon: LucideIcon; badge?: number }[] = [
    { to: '/{-$locale}/home', section: '/home', label: t`หน้าแรก`, icon: House },
    { to: '/{-$locale}/merchants', section: '/merchants', label: t`ร้านค้า`, icon: Store },
    {
      to: '/{-$locale}/cashback',
      section: '/cashback',
      label: t({ message: 'เงินคืน', context: 'cashback, not the brand' }),
      icon: ReceiptText,
      badge: unacceptedCount,
    },
    { to: '/{-$locale}/wallet', section: '/wallet', label: t`กระเป๋าเงิน`, icon: Wallet },
    buyer
      ? { to: '/{-$locale}/profile', section: '/profile', label: t`ฉัน`, icon: CircleUserRound }
      : { to: '/{-$locale}/auth', section: '/auth', label: t`เข้าสู่ระบบ`, icon: CircleUserRound },
  ]

  return (
    <nav
      aria-label={t`เมนูหลัก`}
      className="fixed inset-x-0 bottom-0 z-20 mx-auto max-w-[480px] border-t border-line bg-surface/95 pb-[env(safe-area-inset-bottom)] backdrop-blur"
    >
      <ul className="grid grid-cols-5">
        {items.map((item) => {
          const isCurrent = section === item.section
          const Icon = item.icon
          const badgeCount = item.badge ?? 0
          return (
            <li key={item.section}>
              <Link
                to={item.to}
                params={{ locale: toLocaleParam(locale) }}
                aria-current={isCurrent ? 'page' : undefined}
                className={`flex min-h-14 flex-col items-center justify-center gap-0.5 px-1 text-[0.6875rem] leading-[1.5] font-medium ${
                  isCurrent ? 'text-brand-700' : 'text-ink-muted hover:text-ink'
                }`}
              >
                <span className="relative">
                  <Icon aria-hidden="true" className="size-6" strokeWidth={isCurrent ? 2.25 : 1.75} />
                  {badgeCount > 0 ? (
                    <span
                      aria-label={t`รอกดรับ ${badgeCount} รายการ`}
                      className="absolute -top-1.5 -right-2.5 min-w-5 rounded-full bg-cashback-600 px-1 text-center text-[0.6875rem] leading-[1.5] font-bold text-white"
                    >
                      {badgeCount}
                    </span>
                  ) : null}
                </span>
                <span className="max-w-full truncate">{item.label}</span>
              </Link>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
