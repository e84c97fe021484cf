import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { BookX, ChevronLeft, ChevronRight, LifeBuoy } from 'lucide-react'
import { tutorials, type Tutorial } from '#domain/help/tutorials'
import { ButtonLink } from '../../../components/ui/button'
import { StatusScreen } from '../../../components/ui/status-screen'
import { ThaiText } from '../../../components/ui/thai-text'
import { toLocaleParam, useLocale } from '../../../lib/locale'
import { useHelpText } from '../use-help-text'
import { HelpIllustration } from './help-illustrations'
import { HelpStepLink } from './help-step-link'

/** /tutorial/detail/{id}: one tutorial, step by step, each step with its drawing and its screen. */
export function TutorialDetailScreen({ tutorial }: { tutorial: Tutorial }) {
  const { t } = useLingui()
  const { show } = useHelpText()
  const locale = useLocale()
  const localeParam = toLocaleParam(locale)
  const next = tutorials[tutorials.indexOf(tutorial) + 1]

  return (
    <article className="space-y-5 px-4 pt-4 pb-10">
      <header>
        <Link
          to="/{-$locale}/tutorial"
          params={{ locale: localeParam }}
          className="-ml-2 inline-flex min-h-touch items-center gap-1 rounded-full px-2 text-sm font-semibold text-brand-700"
        >
          <ChevronLeft aria-hidden="true" className="size-4" />
          {t`คู่มือทั้งหมด`}
        </Link>
        <h1 className="text-2xl font-bold text-balance">
          <ThaiText>{show(tutorial.title)}</ThaiText>
        </h1>
        <p className="mt-1 text-ink-muted">
          <ThaiText>{show(tutorial.summary)}</ThaiText>
        </p>
      </header>

      <ol className="space-y-4">
        {tutorial.steps.map((step, index) => {
          const number = index + 1
          return (
            <li key={step.title.th} className="overflow-hidden rounded-card bg-surface shadow-card">
              <HelpIllustration name={step.illustration} />
              <div className="p-4">
                <p className="text-sm font-semibold text-brand-700">{t`ขั้นตอนที่ ${number}`}</p>
                <h2 className="text-lg font-bold">
                  <ThaiText>{show(step.title)}</ThaiText>
                </h2>
                <p className="mt-1 text-ink-muted">
                  <ThaiText>{show(step.body)}</ThaiText>
                </p>
                {step.link ? (
                  <div className="mt-3">
                    <HelpStepLink link={step.link} />
                  </div>
                ) : null}
              </div>
            </li>
          )
        })}
      </ol>

      {next ? (
        <Link
          to="/{-$locale}/tutorial/detail/{-$id}"
          params={{ locale: localeParam, id: next.id }}
          className="flex min-h-touch items-center gap-3 rounded-card bg-brand-700 p-4 text-white shadow-card"
        >
          <span className="min-w-0 flex-1">
            <span className="block text-sm text-brand-100">{t`คู่มือถัดไป`}</span>
            <span className="block font-bold">
              <ThaiText>{show(next.title)}</ThaiText>
            </span>
          </span>
          <ChevronRight aria-hidden="true" className="size-5 shrink-0" />
        </Link>
      ) : null}

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
    </article>
  )
}

/** A tutorial address that names no tutorial (an old or mistyped link). */
export function TutorialNotFoundScreen() {
  const { t } = useLingui()
  const locale = useLocale()
  return (
    <StatusScreen
      icon={BookX}
      title={t`ไม่พบคู่มือนี้`}
      actions={
        <ButtonLink to="/{-$locale}/tutorial" params={{ locale: toLocaleParam(locale) }}>
          {t`ดูคู่มือทั้งหมด`}
        </ButtonLink>
      }
    >
      <p>{t`ลิงก์อาจไม่ถูกต้อง หรือคู่มือนี้ถูกย้ายไปแล้ว`}</p>
    </StatusScreen>
  )
}
