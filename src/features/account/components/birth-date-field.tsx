import { useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import { bangkokToday } from '#domain/contracts/profile'
import { intlLocaleTags } from '#domain/locale'
import { useLocale } from '../../../lib/locale'

/** Years a Thai year is ahead of the Gregorian one. */
const buddhistEraOffset = 543
const yearsOffered = 100

type Parts = { day: string; month: string; year: string }

function partsOf(value: string): Parts {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  return match === null
    ? { day: '', month: '', year: '' }
    : { year: match[1] ?? '', month: String(Number(match[2])), day: String(Number(match[3])) }
}

/**
 * `YYYY-MM-DD` once all three are chosen, '' when none is. A date chosen in part is passed on as
 * it is (`2000-03-`), so the profile schema refuses it instead of the save dropping it unseen.
 */
function valueOf(parts: Parts): string {
  if (parts.day === '' && parts.month === '' && parts.year === '') return ''
  return `${parts.year}-${parts.month.padStart(2, '0')}-${parts.day.padStart(2, '0')}`
}

/** Whether `value` is a whole date the age can be worked out from. */
export function isWholeBirthDate(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value)
}

/**
 * The birth date as day, month and year pickers (issue 20): on a Thai screen the months by name and
 * the year in the Buddhist era, as every date the app shows, instead of the browser's
 * mm/dd/yyyy; on an English one the Gregorian year. The value is ISO `YYYY-MM-DD`.
 */
export function BirthDateField({
  value,
  error,
  onChange,
}: {
  value: string
  error?: string
  onChange: (value: string) => void
}) {
  const { t } = useLingui()
  const locale = useLocale()
  const id = useId()
  const [parts, setParts] = useState<Parts>(() => partsOf(value))
  const thisYear = Number(bangkokToday().slice(0, 4))
  const monthName = new Intl.DateTimeFormat(intlLocaleTags[locale], { month: 'long', timeZone: 'UTC' })
  const yearShift = locale === 'th' ? buddhistEraOffset : 0
  const selects: { part: keyof Parts; label: string; options: { value: string; label: string }[] }[] = [
    {
      part: 'day',
      label: t`วัน`,
      options: Array.from({ length: 31 }, (_, index) => ({ value: String(index + 1), label: String(index + 1) })),
    },
    {
      part: 'month',
      label: t`เดือน`,
      options: Array.from({ length: 12 }, (_, index) => ({
        value: String(index + 1),
        label: monthName.format(Date.UTC(2000, index, 1)),
      })),
    },
    {
      part: 'year',
      label: locale === 'th' ? t`ปี (พ.ศ.)` : t`ปี`,
      // The last 100 years, and a saved year older than that, so it still shows.
      options: [
        ...Array.from({ length: yearsOffered }, (_, index) => thisYear - index),
        ...(parts.year !== '' && Number(parts.year) <= thisYear - yearsOffered ? [Number(parts.year)] : []),
      ].map((year) => ({ value: String(year), label: String(year + yearShift) })),
    },
  ]

  function choose(part: keyof Parts, chosen: string) {
    const next = { ...parts, [part]: chosen }
    setParts(next)
    onChange(valueOf(next))
  }

  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1 block text-sm font-medium text-ink">{t`วันเกิด`}</legend>
      <div className="grid grid-cols-[1fr_2fr_1.5fr] gap-2">
        {selects.map((select) => (
          <label key={select.part} className="block">
            <span className="sr-only">{select.label}</span>
            <select
              value={parts[select.part]}
              aria-invalid={error ? true : undefined}
              onChange={(event) => choose(select.part, event.target.value)}
              className={`h-12 w-full rounded-xl border bg-surface px-2 text-base text-ink focus:outline-none ${
                error ? 'border-danger-600 focus:border-danger-700' : 'border-line focus:border-brand-500'
              }`}
            >
              <option value="">{select.label}</option>
              {select.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-danger-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}
