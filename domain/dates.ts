import { intlLocaleTags, type Locale } from './locale.ts'

/** Every date a shopper sees is in Thailand's time zone, whatever the device or server says. */
export const displayTimeZone = 'Asia/Bangkok'

// Making an Intl formatter costs far more than using one (the first with a time zone loads its
// data), and lists format a date per row: one formatter per locale and style.
const dateFormats = new Map<string, Intl.DateTimeFormat>()

function dateFormat(locale: Locale, kind: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${kind}`
  let format = dateFormats.get(key)
  if (format === undefined) {
    format = new Intl.DateTimeFormat(intlLocaleTags[locale], {
      timeZone: displayTimeZone,
      calendar: locale === 'th' ? 'buddhist' : 'gregory',
      ...options,
    })
    dateFormats.set(key, format)
  }
  return format
}

/**
 * A calendar date for display. Thai uses the Buddhist era (2026 → 2569) through `Intl`'s
 * `th-TH` calendar; English uses the Gregorian year.
 */
export function formatDate(date: Date, locale: Locale, style: 'short' | 'long' = 'long'): string {
  return dateFormat(locale, `date ${style}`, { day: 'numeric', month: style, year: 'numeric' }).format(date)
}

export function formatDateTime(date: Date, locale: Locale): string {
  return dateFormat(locale, 'date-time', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(date)
}

/** The time of day in Thailand ("14:05" in Thai, "02:05 PM" in English), for a message's time. */
export function formatTime(date: Date, locale: Locale): string {
  return dateFormat(locale, 'time', { hour: '2-digit', minute: '2-digit' }).format(date)
}

// Made on first use, not when the module loads: every page that imports this module would pay
// for a time zone's data before its first render (about 5 ms on a slow phone).
let dayKeyFormat: Intl.DateTimeFormat | undefined

/** The calendar date in Thailand as `YYYY-MM-DD`: the day a moment belongs to on screen, whatever the device's zone. */
export function displayDayKey(date: Date): string {
  dayKeyFormat ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: displayTimeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })
  return dayKeyFormat.format(date)
}

/** A `YYYY-MM` month as a short label ("พ.ย." / "Nov"); with `withYear`, the year too (Buddhist era in Thai). */
export function formatMonth(month: string, locale: Locale, options: { withYear?: boolean } = {}): string {
  const [year, monthNumber] = month.split('-').map(Number)
  if (year === undefined || monthNumber === undefined || !Number.isInteger(year) || !Number.isInteger(monthNumber)) {
    throw new RangeError(`Expected YYYY-MM, got ${month}`)
  }
  // Mid-month at noon UTC is the same month in every time zone.
  const date = new Date(Date.UTC(year, monthNumber - 1, 15, 12))
  const withYear = options.withYear === true
  return dateFormat(locale, `month ${withYear}`, { month: 'short', ...(withYear ? { year: 'numeric' } : {}) }).format(
    date,
  )
}

const dayMilliseconds = 24 * 60 * 60 * 1000

/** `days` whole 24-hour days later (may be fractional); for due dates that are not calendar dates. */
export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * dayMilliseconds)
}
