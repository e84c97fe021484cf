import { useLingui } from '@lingui/react/macro'
import { BookOpen, LifeBuoy, Store } from 'lucide-react'
import { howtoSteps } from '#domain/help/howto'
import { tutorials } from '#domain/help/tutorials'
import { ButtonLink } from '../../../components/ui/button'
import { ThaiText } from '../../../components/ui/thai-text'
import { toLocaleParam, useLocale } from '../../../lib/locale'
import { useHelpText } from '../use-help-text'
import { HelpIllustration } from './help-illustrations'

/** /howto: the three steps to earn, one drawing each, then the way to the merchants. */
export function HowtoScreen() {
  const { t } = useLingui()
  const { show } = useHelpText()
  const locale = useLocale()
  const localeParam = toLocaleParam(locale)
  const firstTutorial = tutorials[0]

  return (
    <div className="space-y-5 px-4 pt-5 pb-10">
      <header>
        <h1 className="text-2xl font-bold text-balance">
          <ThaiText>{t`รับเงินคืนใน 3 ขั้นตอน`}</ThaiText>
        </h1>
        <p className="mt-1 text-ink-muted">
          <ThaiText>{t`ร้านเดิม ราคาเดิม แค่เริ่มช้อปจากลิงก์ของแอปเงินคืน`}</ThaiText>
        </p>
      </header>

      <ol className="space-y-4">
        {howtoSteps.map((step, index) => (
          <li key={step.title.th} className="overflow-hidden rounded-card bg-surface shadow-card">
            <div className="relative">
              <HelpIllustration name={step.illustration} />
              <span
                aria-hidden="true"
                className="absolute top-3 left-3 flex size-11 items-center justify-center rounded-full bg-brand-600 text-xl font-bold text-white shadow-card"
              >
                {index + 1}
              </span>
            </div>
            <div className="p-4">
              <h2 className="text-lg font-bold">
                <ThaiText>{show(step.title)}</ThaiText>
              </h2>
              <p className="mt-1 text-ink-muted">
                <ThaiText>{show(step.body)}</ThaiText>
              </p>
            </div>
          </li>
        ))}
      </ol>

      <div className="space-y-2">
        <ButtonLink to="/{-$locale}/merchants" params={{ locale: localeParam }} className="w-full">
          <Store aria-hidden="true" className="size-5" />
          <ThaiText>{t`เลือกร้านค้าแล้วเริ่มช้อป`}</ThaiText>
        </ButtonLink>
        {firstTutorial ? (
          <ButtonLink
            to="/{-$locale}/tutorial/detail/{-$id}"
            params={{ locale: localeParam, id: firstTutorial.id }}
            variant="secondary"
            className="w-full"
          >
            <BookOpen aria-hidden="true" className="size-5" />
            {t`อ่านคู่มือแบบละเอียด`}
          </ButtonLink>
        ) : null}
        <ButtonLink to="/{-$locale}/support" params={{ locale: localeParam }} variant="ghost" className="w-full">
          <LifeBuoy aria-hidden="true" className="size-5" />
          <ThaiText>{t`คำถามที่พบบ่อยและแชทกับทีมงาน`}</ThaiText>
        </ButtonLink>
      </div>
    </div>
  )
}
