import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { BadgePercent, ChevronRight, Gift, ShoppingBag, Wallet } from 'lucide-react'
import type { LucideIcon } from 'lucide-react'
import { lazy, Suspense, type ReactNode } from 'react'
import { ThaiText } from '../../../components/ui/thai-text'
import { withPartMessages } from '../../../lib/i18n'
import { useInstallOption } from '../../../lib/install-prompt'
import { installCardPart } from '../../../lib/lazy-parts'
import { toLocaleParam, useLocale } from '../../../lib/locale'
import { greetingPeriod } from '../greeting'
import { useBrowserValue } from '../../../lib/use-browser-value'

const InstallAppCard = lazy(() =>
  withPartMessages(installCardPart, import('./install-app-card')).then((module) => ({
    default: module.InstallAppCard,
  })),
)

/**
 * The home screen; the catalogue's sections (search, top merchants, categories) come in as
 * `catalogue`, and the paste-a-link card (near the top, where GoGoCash has it) as `pasteLink`.
 * A member's home (`memberHome`: their money and purchases, src/features/home/components/member-home.tsx)
 * takes the place of the visitor's welcome and of the 3-step explainer, which it shows itself
 * until the first purchase.
 */
export function HomeScreen({
  catalogue,
  pasteLink,
  memberHome,
}: {
  catalogue: ReactNode
  pasteLink?: ReactNode
  memberHome?: ReactNode
}) {
  return (
    <div className="space-y-6 px-4 pt-5 pb-10">
      {memberHome ?? <Greeting />}
      {pasteLink}
      <PromotionsLink />
      {catalogue}
      {memberHome === undefined ? <HowItWorks /> : null}
      <InstallCard />
    </div>
  )
}

/** "Good morning" by the clock in Thailand; a plain hello in the prerendered page, built once for any hour. */
export function useGreetingText(): string {
  const { t } = useLingui()
  const period = useBrowserValue(() => greetingPeriod(new Date()), undefined)
  if (period === undefined) return t`สวัสดี`
  return period === 'morning' ? t`สวัสดีตอนเช้า` : period === 'afternoon' ? t`สวัสดีตอนบ่าย` : t`สวัสดีตอนเย็น`
}

/** What holds the member home's place while its code loads: the size of its wallet card. */
export function MemberHomeSkeleton() {
  return <div aria-hidden="true" className="h-52 rounded-card bg-brand-700 shadow-card" />
}

function Greeting() {
  const { t } = useLingui()
  const greeting = useGreetingText()
  return (
    <section className="overflow-hidden rounded-card bg-gradient-to-br from-brand-600 to-brand-800 p-5 text-white shadow-card">
      <p className="text-sm text-brand-100">{greeting}</p>
      <h1 className="mt-1 text-2xl font-bold text-balance">
        <ThaiText>{t`ช้อปผ่านแอปเงินคืน ได้เงินคืนทุกออเดอร์`}</ThaiText>
      </h1>
      <p className="mt-2 text-sm text-brand-50">
        <ThaiText>{t`เลือกร้านค้าพาร์ทเนอร์ ช้อปตามปกติ แล้วรับเงินคืนเข้ากระเป๋าเงินของคุณ`}</ThaiText>
      </p>
    </section>
  )
}

/** The way to /promotions (the bonuses and referral), one tap from home. */
function PromotionsLink() {
  const { t } = useLingui()
  const locale = useLocale()
  return (
    <Link
      to="/{-$locale}/promotions"
      params={{ locale: toLocaleParam(locale) }}
      className="flex min-h-touch items-center gap-3 rounded-card bg-cashback-50 p-4 text-cashback-700 shadow-card"
    >
      <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-white">
        <Gift aria-hidden="true" className="size-5" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-bold">{t`โปรโมชันและชวนเพื่อน`}</span>
        <span className="block text-sm">
          <ThaiText>{t`โบนัสสมาชิกใหม่ เงินคืน x2 สัปดาห์แรก Special Cashback และสมาชิกพรีเมียม`}</ThaiText>
        </span>
      </span>
      <ChevronRight aria-hidden="true" className="size-5 shrink-0" />
    </Link>
  )
}

export function HowItWorks() {
  const { t } = useLingui()
  const locale = useLocale()
  const steps: { icon: LucideIcon; title: string; body: string }[] = [
    {
      icon: ShoppingBag,
      title: t`เลือกร้านค้า`,
      body: t`ดูอัตราเงินคืนของร้านค้าพาร์ทเนอร์ แล้วแตะ "ช้อปเลย"`,
    },
    {
      icon: BadgePercent,
      title: t`ช้อปตามปกติ`,
      body: t`ซื้อและชำระเงินให้เสร็จในเบราว์เซอร์เดียวกัน ไม่ใช้โค้ดส่วนลดจากเว็บอื่น`,
    },
    {
      icon: Wallet,
      title: t`รับเงินคืน`,
      body: t`เมื่อร้านค้ายืนยันออเดอร์ เงินคืนจะเข้ากระเป๋าเงิน ถอนเข้าบัญชีธนาคาร พร้อมเพย์ หรือทรูมันนี่ได้`,
    },
  ]
  return (
    <section aria-labelledby="how-it-works" className="rounded-card bg-surface p-5 shadow-card">
      <h2 id="how-it-works" className="text-lg font-bold">
        <ThaiText>{t`รับเงินคืนง่ายๆ ใน 3 ขั้นตอน`}</ThaiText>
      </h2>
      <ol className="mt-4 space-y-4">
        {steps.map((step, index) => (
          <li key={step.title} className="flex gap-3">
            <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
              <step.icon aria-hidden="true" className="size-5" />
            </span>
            <div>
              <p className="font-semibold">
                <span className="text-brand-700">{index + 1}. </span>
                <ThaiText>{step.title}</ThaiText>
              </p>
              <p className="text-sm text-ink-muted">
                <ThaiText>{step.body}</ThaiText>
              </p>
            </div>
          </li>
        ))}
      </ol>
      <p className="mt-4 rounded-xl bg-cashback-50 px-3 py-2 text-sm text-cashback-700">
        <ThaiText>{t`โดยปกติเงินคืนจะเข้าภายใน 30 ถึง 120 วันหลังร้านค้ายืนยัน หรือภายใน 1 วันเมื่อเรตติ้งของคุณ 95% ขึ้นไป`}</ThaiText>
      </p>
      <Link
        to="/{-$locale}/support"
        params={{ locale: toLocaleParam(locale) }}
        className="mt-2 -mb-2 flex min-h-touch items-center gap-1 text-sm font-semibold text-brand-700"
      >
        <ThaiText>{t`คู่มือ คำถามที่พบบ่อย และแชทกับทีมงาน`}</ThaiText>
        <ChevronRight aria-hidden="true" className="size-4" />
      </Link>
    </section>
  )
}

/**
 * The offer to install the app, from a shopper's second visit on. A first visit never shows it, so
 * its code and messages are a part of their own (src/lib/lazy-parts.ts), loaded when it is due.
 */
function InstallCard() {
  const installOption = useInstallOption()
  if (!installOption) return null
  return (
    <Suspense fallback={null}>
      <InstallAppCard installOption={installOption} />
    </Suspense>
  )
}
