import { useLingui } from '@lingui/react/macro'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { defaultFixedRates, fixedRatesSchema } from '#domain/contracts/fixed-rate'
import { faqEntries, faqTopics } from '#domain/help/faq'
import { describeHelpFigures, localizeHelpText } from '#domain/help/help-text'
import type { Locale } from '#domain/locale'
import { requestJson } from '../../lib/console-api'

/** The shoppers' current figures (public), so an answer says what the app does today. */
const fixedRatesQueryOptions = queryOptions({
  queryKey: ['console', 'fixed-rates'] as const,
  queryFn: () => requestJson('utils/fixed-rate/thb', fixedRatesSchema),
  staleTime: 5 * 60_000,
})

const selectClassName = 'h-11 rounded-xl border border-line bg-surface px-3 text-sm'

/**
 * Canned answers are the FAQ of /support (domain/help/faq.ts) with today's figures filled in, in
 * the language the agent answers in: picking one puts its text in the reply, to edit before
 * sending.
 */
export function CannedAnswers({ onPick }: { onPick: (text: string) => void }) {
  const { t } = useLingui()
  const id = useId()
  const [language, setLanguage] = useState<Locale>('th')
  const rates = useQuery(fixedRatesQueryOptions).data ?? defaultFixedRates
  const figures = describeHelpFigures(rates, language)
  return (
    <div className="flex flex-wrap items-end gap-3">
      <label htmlFor={`${id}-answer`} className="text-sm">
        <span className="mb-1 block text-ink-muted">{t`คำตอบสำเร็จรูปจากคำถามที่พบบ่อย`}</span>
        <select
          id={`${id}-answer`}
          value=""
          onChange={(event) => {
            const entry = faqEntries.find((candidate) => candidate.id === event.target.value)
            if (entry !== undefined) onPick(localizeHelpText(entry.answer, language, figures))
          }}
          className={`${selectClassName} max-w-md`}
        >
          <option value="">{t`เลือกคำถาม…`}</option>
          {faqTopics.map((topic) => (
            <optgroup key={topic.id} label={topic.title[language]}>
              {faqEntries
                .filter((entry) => entry.topicId === topic.id)
                .map((entry) => (
                  <option key={entry.id} value={entry.id}>
                    {localizeHelpText(entry.question, language, figures)}
                  </option>
                ))}
            </optgroup>
          ))}
        </select>
      </label>
      <label htmlFor={`${id}-language`} className="text-sm">
        <span className="mb-1 block text-ink-muted">{t`ภาษาของคำตอบ`}</span>
        <select
          id={`${id}-language`}
          value={language}
          onChange={(event) => setLanguage(event.target.value === 'en' ? 'en' : 'th')}
          className={selectClassName}
        >
          <option value="th">ไทย</option>
          <option value="en">English</option>
        </select>
      </label>
    </div>
  )
}
