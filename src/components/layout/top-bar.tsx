import { useLingui } from '@lingui/react/macro'
import { Link, useNavigate, useRouter, useRouterState } from '@tanstack/react-router'
import { ChevronLeft, House } from 'lucide-react'
import { Suspense } from 'react'
import { pathWithoutLocale } from '#domain/locale'
import { useBuyerState } from '../../features/account/use-buyer-state'
import { LanguageSwitch } from '../../features/language/components/language-switch'
import { toLocaleParam, useLocale } from '../../lib/locale'
import { useBrowserState } from '../../lib/browser-state'
import { ThaiText } from '../ui/thai-text'
import { lazyMemberShell } from './load-member-shell'
import { backAction, topBarControls } from './top-bar-rules'

// The outbox count (IndexedDB, the senders) and the bell with its list query are a member's, in the
// member shell: a visitor's first load carries none of them, a member's count and bell appear once loaded.
const MemberTopBarItems = lazyMemberShell('MemberTopBarItems')

const iconButton =
  'inline-flex size-touch items-center justify-center rounded-full text-ink hover:bg-canvas active:bg-brand-50'

export function TopBar() {
  const { t } = useLingui()
  const router = useRouter()
  const navigate = useNavigate()
  const locale = useLocale()
  const localeFreePath = useRouterState({ select: (state) => pathWithoutLocale(state.location.pathname) })
  const isBuyerLoaded = useBuyerState().buyer !== undefined
  const buyerId = useBrowserState((state) => state.buyerId)
  const { showBack, showHome } = topBarControls(localeFreePath, isBuyerLoaded)

  function goBack() {
    const action = backAction(localeFreePath, router.history.canGoBack())
    if (action.kind === 'history') router.history.back()
    else void navigate({ to: '/{-$locale}/home', params: { locale: toLocaleParam(locale) } })
  }

  const wordmark = (
    <span className="text-lg font-bold tracking-tight text-brand-700">
      <ThaiText>{t`เงินคืน`}</ThaiText>
    </span>
  )

  return (
    <header className="sticky top-0 z-20 bg-surface/95 pt-[env(safe-area-inset-top)] shadow-bar backdrop-blur">
      <div className="mx-auto flex h-14 max-w-[480px] items-center gap-1 px-2">
        {showBack ? (
          <button type="button" onClick={goBack} aria-label={t`ย้อนกลับ`} className={iconButton}>
            <ChevronLeft aria-hidden="true" className="size-6" />
          </button>
        ) : null}
        {/* At 360 px in English, with the outbox and the bell, the wordmark gives way rather than the buttons. */}
        <div className="min-w-0 truncate px-2">
          {showHome ? (
            <Link to="/{-$locale}/home" params={{ locale: toLocaleParam(locale) }} className="rounded-md">
              {wordmark}
            </Link>
          ) : (
            wordmark
          )}
        </div>
        <div className="ml-auto flex items-center gap-1">
          {/* A prerendered page has no outbox: what waits on a phone appears once the app runs, for a member.
              No bell where the shopper must not wander off (sign-in, a suspended account). */}
          {import.meta.env.SSR || buyerId === null ? null : (
            <Suspense>
              <MemberTopBarItems buyerId={buyerId} showBell={showHome} className={iconButton} />
            </Suspense>
          )}
          <LanguageSwitch />
          {showHome ? (
            <Link
              to="/{-$locale}/home"
              params={{ locale: toLocaleParam(locale) }}
              aria-label={t`หน้าแรก`}
              className={iconButton}
            >
              <House aria-hidden="true" className="size-6" />
            </Link>
          ) : null}
        </div>
      </div>
    </header>
  )
}
