import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { ChevronRight, Footprints, LifeBuoy } from 'lucide-react'
import { tutorials } from '#domain/help/tutorials'
import { ThaiText } from '../../../components/ui/thai-text'
import { toLocaleParam, useLocale } from '../../../lib/locale'
import { useHelpText } from '../use-help-text'
import { HelpIllustration } from './help-illustrations'

/** /tutorial: every tutorial, each opening its steps. */
export function TutorialListScreen() {
  const { t } = useLingui()
  const { show } = useHelpText()
  const locale = useLocale()
  const localeParam = toLocaleParam(locale)
  return (
    <div className="space-y-5 px-4 pt-5 pb-10">
      <header>
        <h1 className="text-2xl font-bold">{t`คู่มือการใช้งาน`}</h1>
        <p className="mt-1 text-sm text-ink-muted">{t`ทีละขั้นพร้อมภาพ ตั้งแต่ช้อปจนถอนเงิน`}</p>
      </header>

      <Link
        to="/{-$locale}/howto"
        params={{ locale: localeParam }}
        className="flex min-h-touch items-center gap-3 rounded-card bg-cashback-50 p-4 text-cashback-700 shadow-card"
      >
        <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-white">
          <Footprints aria-hidden="true" className="size-5" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block font-bold">{t`เพิ่งเริ่มใช้?`}</span>
          <span className="block text-sm">
            <ThaiText>{t`ดูวิธีรับเงินคืนใน 3 ขั้นตอน`}</ThaiText>
          </span>
        </span>
        <ChevronRight aria-hidden="true" className="size-5 shrink-0" />
      </Link>

      <ul className="space-y-3">
        {tutorials.map((tutorial) => {
          const stepCount = tutorial.steps.length
          return (
            <li key={tutorial.id}>
              <Link
                to="/{-$locale}/tutorial/detail/{-$id}"
                params={{ locale: localeParam, id: tutorial.id }}
                className="flex items-center gap-3 rounded-card bg-surface p-3 shadow-card"
              >
                <span className="w-24 shrink-0 overflow-hidden rounded-xl">
                  <HelpIllustration name={tutorial.illustration} />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block font-bold">
                    <ThaiText>{show(tutorial.title)}</ThaiText>
                  </span>
                  <span className="mt-0.5 line-clamp-2 text-sm text-ink-muted">
                    <ThaiText>{show(tutorial.summary)}</ThaiText>
                  </span>
                  <span className="mt-0.5 block text-xs font-semibold text-brand-700">{t`${stepCount} ขั้นตอน`}</span>
                </span>
                <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-ink-muted" />
              </Link>
            </li>
          )
        })}
      </ul>

      <Link
        to="/{-$locale}/support"
        params={{ locale: localeParam }}
        className="flex min-h-touch items-center gap-3 rounded-card bg-surface p-4 shadow-card"
      >
        <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <LifeBuoy aria-hidden="true" className="size-5" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block font-semibold">{t`ยังมีคำถาม?`}</span>
          <span className="block text-sm text-ink-muted">
            <ThaiText>{t`คำถามที่พบบ่อย เงื่อนไข และแชทกับทีมงาน`}</ThaiText>
          </span>
        </span>
        <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-ink-muted" />
      </Link>
    </div>
  )
}
