import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { CircleUserRound } from 'lucide-react'
import { toLocaleParam, useLocale } from '../../../lib/locale'
import { useBuyerState } from '../use-buyer-state'

/** The top bar's way to the account: the profile when signed in, sign-in otherwise. */
export function AccountLink({ className }: { className: string }) {
  const { t } = useLingui()
  const locale = useLocale()
  const { buyer } = useBuyerState()
  return buyer ? (
    <Link
      to="/{-$locale}/profile"
      params={{ locale: toLocaleParam(locale) }}
      aria-label={t`โปรไฟล์`}
      className={className}
    >
      <CircleUserRound aria-hidden="true" className="size-6" />
    </Link>
  ) : (
    <Link
      to="/{-$locale}/auth"
      params={{ locale: toLocaleParam(locale) }}
      aria-label={t`เข้าสู่ระบบ`}
      className={className}
    >
      <CircleUserRound aria-hidden="true" className="size-6" />
    </Link>
  )
}
