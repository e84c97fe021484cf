import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { Link, Outlet, useNavigate } from '@tanstack/react-router'
import { Languages, LogOut } from 'lucide-react'
import { useState } from 'react'
import { canActAs, type Operator, type OperatorRole } from '#domain/ops/operator'
import { Button } from '../../components/ui/button'
import { consoleSections } from '../console-nav'
import { signOutOperator } from '../features/session/session-api'
import { activateConsoleLocale } from '../lib/console-i18n'

export function useRoleLabel() {
  const { t } = useLingui()
  return (role: OperatorRole): string => {
    switch (role) {
      case 'support':
        return t`ฝ่ายดูแลลูกค้า`
      case 'finance':
        return t`ฝ่ายการเงิน`
      case 'admin':
        return t`ผู้ดูแลระบบ`
    }
  }
}

/** The signed-in console: side bar of the sections this operator's role may use, and the page. */
export function ConsoleLayout({ operator }: { operator: Operator }) {
  const { t, i18n } = useLingui()
  const roleLabel = useRoleLabel()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [isSigningOut, setIsSigningOut] = useState(false)
  const sections = consoleSections.filter((section) => canActAs(operator.role, section.roles))
  const otherLocale = i18n.locale === 'th' ? 'en' : 'th'

  async function signOut(everywhere: boolean) {
    setIsSigningOut(true)
    try {
      await signOutOperator(everywhere)
    } finally {
      queryClient.clear()
      setIsSigningOut(false)
      await navigate({ to: '/sign-in' })
    }
  }

  return (
    <div className="min-h-dvh bg-canvas lg:grid lg:grid-cols-[15rem_1fr]">
      <aside className="border-b border-line bg-surface lg:min-h-dvh lg:border-r lg:border-b-0">
        <div className="flex items-center justify-between gap-2 px-5 py-4">
          <p className="text-lg font-bold text-brand-700">
            <Trans>คอนโซลเงินคืน</Trans>
          </p>
        </div>
        <nav aria-label={t`ส่วนของคอนโซล`} className="overflow-x-auto px-3 pb-3">
          <ul className="flex gap-1 lg:flex-col">
            {sections.map((section) => (
              <li key={section.to}>
                <Link
                  to={section.to}
                  activeOptions={{ exact: section.to === '/' }}
                  className="flex min-h-touch items-center gap-3 rounded-xl px-3 text-sm font-medium whitespace-nowrap text-ink hover:bg-canvas data-[status=active]:bg-brand-50 data-[status=active]:text-brand-800"
                >
                  <section.icon aria-hidden="true" className="size-5 shrink-0" />
                  {i18n._(section.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <div className="min-w-0">
        <header className="flex flex-wrap items-center justify-end gap-2 border-b border-line bg-surface px-5 py-2">
          <p className="mr-auto text-sm">
            <span className="font-semibold">{operator.name}</span>{' '}
            <span className="text-ink-muted">
              · {roleLabel(operator.role)} · {operator.email}
            </span>
          </p>
          <Button
            variant="ghost"
            onClick={() => void activateConsoleLocale(otherLocale)}
            aria-label={otherLocale === 'en' ? 'EN, English' : 'ไทย, ภาษาไทย'}
          >
            <Languages aria-hidden="true" className="size-4" />
            {otherLocale === 'en' ? 'EN' : 'ไทย'}
          </Button>
          <Button variant="ghost" disabled={isSigningOut} onClick={() => void signOut(true)}>
            <Trans>ออกจากทุกอุปกรณ์</Trans>
          </Button>
          <Button variant="secondary" disabled={isSigningOut} onClick={() => void signOut(false)}>
            <LogOut aria-hidden="true" className="size-4" />
            <Trans>ออกจากระบบ</Trans>
          </Button>
        </header>
        <main className="mx-auto max-w-6xl p-5 lg:p-8">
          <Outlet />
        </main>
      </div>
    </div>
  )
}
