import { useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useRouter } from '@tanstack/react-router'
import {
  BookOpen,
  ChevronRight,
  FileText,
  Footprints,
  LifeBuoy,
  LogOut,
  MessageCircle,
  MonitorSmartphone,
  Pencil,
  Star,
  Wallet,
  type LucideIcon,
} from 'lucide-react'
import { useState } from 'react'
import type { Buyer } from '#domain/contracts/buyer'
import { formatThb } from '#domain/money'
import { pathInLocale } from '#domain/locale'
import { Button, ButtonLink } from '../../../components/ui/button'
import { FormAlert } from '../../../components/ui/form-alert'
import { Skeleton } from '../../../components/ui/skeleton'
import { ThaiText } from '../../../components/ui/thai-text'
import { useRatingText } from '../../cashback/use-rating-text'
import { LanguageSwitch } from '../../language/components/language-switch'
import { NotificationSettingsSection } from '../../notifications/components/notification-settings-section'
import { toLocaleParam, useLocale } from '../../../lib/locale'
import { accountKeys } from '../api/account-keys'
import { profileQueryOptions } from '../api/profile'
import { signOut } from '../api/session'
import { useBuyerState } from '../use-buyer-state'

export function ProfileScreen({ buyer }: { buyer: Buyer }) {
  const { t } = useLingui()
  const locale = useLocale()
  const router = useRouter()
  const queryClient = useQueryClient()
  const { balance, unacceptedCount } = useBuyerState()
  const ratingText = useRatingText(buyer.buyerId)
  const [signOutError, setSignOutError] = useState<string>()
  // Offline or failing, the screen just shows no pending change (the stored identifiers still sign in).
  const pendingIdentifiers = useQuery(profileQueryOptions(buyer.buyerId)).data?.pendingIdentifiers ?? []
  const fullName = [buyer.firstName, buyer.lastName].filter(Boolean).join(' ')
  const initials = (buyer.firstName?.[0] ?? buyer.email?.[0] ?? '•').toUpperCase()
  const count = unacceptedCount

  async function signOutOf(everywhere: boolean) {
    setSignOutError(undefined)
    try {
      await signOut({ everywhere })
      queryClient.removeQueries({ queryKey: accountKeys.all })
      await router.navigate({ href: pathInLocale('/home', locale), replace: true })
    } catch {
      setSignOutError(t`ออกจากระบบไม่สำเร็จ กรุณาตรวจสอบการเชื่อมต่อแล้วลองอีกครั้ง`)
    }
  }

  return (
    <div className="space-y-4 px-4 pt-4 pb-10">
      <section className="flex items-center gap-4 rounded-card bg-surface p-4 shadow-card">
        <span
          aria-hidden="true"
          className="flex size-16 shrink-0 items-center justify-center rounded-full bg-brand-600 text-2xl font-bold text-white"
        >
          {initials}
        </span>
        <div className="min-w-0">
          <h1 className="truncate text-xl font-bold">{fullName || t`สมาชิกแอปเงินคืน`}</h1>
          {buyer.email ? <p className="truncate text-sm text-ink-muted">{buyer.email}</p> : null}
          {buyer.phone ? <p className="text-sm text-ink-muted">{buyer.phone}</p> : null}
          {pendingIdentifiers.map((pending) => (
            <p key={pending.kind} className="truncate text-sm text-ink-muted">
              {pending.identifier}{' '}
              <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs text-brand-700">{t`รอการยืนยัน`}</span>
            </p>
          ))}
        </div>
      </section>

      <section aria-label={t`กระเป๋าเงินและเรตติ้ง`} className="grid grid-cols-2 gap-3">
        <div className="rounded-card bg-surface p-4 shadow-card">
          <p className="flex items-center gap-1.5 text-sm text-ink-muted">
            <Wallet aria-hidden="true" className="size-4" />
            <ThaiText>{t`ยอดเงินคืน`}</ThaiText>
          </p>
          <p className="mt-1 text-xl font-bold">{formatThb(balance, locale, { alwaysShowSatang: true })}</p>
        </div>
        <div className="rounded-card bg-surface p-4 shadow-card">
          <p className="flex items-center gap-1.5 text-sm text-ink-muted">
            <Star aria-hidden="true" className="size-4" />
            <ThaiText>{t`เรตติ้ง`}</ThaiText>
          </p>
          {ratingText === undefined ? (
            <Skeleton className="mt-2 h-6 w-16" />
          ) : (
            <p className="mt-1 text-xl font-bold">{ratingText}</p>
          )}
        </div>
      </section>
      {count > 0 ? (
        <p className="rounded-xl bg-cashback-50 px-3 py-2 text-sm text-cashback-700">
          <ThaiText>{t`มีเงินคืนที่อนุมัติแล้วรอให้คุณกดรับ ${count} รายการ`}</ThaiText>
        </p>
      ) : null}

      <section className="space-y-2 rounded-card bg-surface p-4 shadow-card">
        <div className="flex items-center justify-between">
          <span className="text-sm font-medium">{t`ภาษา`}</span>
          <LanguageSwitch />
        </div>
        <ButtonLink
          to="/{-$locale}/profile/edit/{-$id}"
          params={{ locale: toLocaleParam(locale), id: buyer.buyerId }}
          variant="secondary"
          className="w-full"
        >
          <Pencil aria-hidden="true" className="size-4" />
          {t`แก้ไขข้อมูลส่วนตัว`}
        </ButtonLink>
      </section>

      <NotificationSettingsSection buyerId={buyer.buyerId} />

      <nav aria-label={t`ช่วยเหลือ`} className="divide-y divide-line rounded-card bg-surface px-4 shadow-card">
        <HelpRow to="/{-$locale}/howto" icon={Footprints} label={t`รับเงินคืนใน 3 ขั้นตอน`} />
        <HelpRow to="/{-$locale}/tutorial" icon={BookOpen} label={t`คู่มือการใช้งาน`} />
        <HelpRow to="/{-$locale}/support" icon={LifeBuoy} label={t`ช่วยเหลือและคำถามที่พบบ่อย`} />
        <HelpRow to="/{-$locale}/chat-support" icon={MessageCircle} label={t`แชทกับทีมงาน`} />
        <HelpRow to="/{-$locale}/support" hash="terms" icon={FileText} label={t`เงื่อนไขการใช้งาน`} />
      </nav>

      <section className="space-y-2">
        {signOutError ? <FormAlert>{signOutError}</FormAlert> : null}
        <Button variant="secondary" className="w-full" onClick={() => void signOutOf(false)}>
          <LogOut aria-hidden="true" className="size-4" />
          {t`ออกจากระบบ`}
        </Button>
        <Button variant="ghost" className="w-full" onClick={() => void signOutOf(true)}>
          <MonitorSmartphone aria-hidden="true" className="size-4" />
          {t`ออกจากระบบทุกอุปกรณ์`}
        </Button>
      </section>
    </div>
  )
}

/** A row of the profile's help menu: the how-to, the tutorials, help with the FAQ, the chat and the terms. */
function HelpRow({
  to,
  hash,
  icon: Icon,
  label,
}: {
  to: '/{-$locale}/howto' | '/{-$locale}/tutorial' | '/{-$locale}/support' | '/{-$locale}/chat-support'
  /** A section of the page (the terms of /support). */
  hash?: string
  icon: LucideIcon
  label: string
}) {
  const locale = useLocale()
  return (
    <Link
      to={to}
      params={{ locale: toLocaleParam(locale) }}
      {...(hash === undefined ? {} : { hash })}
      className="flex min-h-touch items-center gap-3 py-2"
    >
      <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <span className="flex-1 font-medium">
        <ThaiText>{label}</ThaiText>
      </span>
      <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-ink-muted" />
    </Link>
  )
}
