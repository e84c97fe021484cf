import { intlLocaleTags, type Locale } from './locale'

/** Every date a shopper sees is in Thailand's time zone, whatever the device or server says. */
export const displayTimeZone = 'Asia/Bangkok'

/**
 * A calendar date for display. Thai uses the Buddhist era (2026 → 2569) through `Intl`'s
 * `th-TH` calendar; English uses the Gregorian year.
 */
export function formatDate(date: Date, locale: Locale, style: 'short' | 'long' = 'long'): string {
  return new Intl.DateTimeFormat(intlLocaleTags[locale], {
    timeZone: displayTimeZone,
    calendar: locale === 'th' ? 'buddhist' : 'gregory',
    day: 'numeric',
    month: style === 'long' ? 'long' : 'short',
    year: 'numeric',
  }).format(date)
}

export function formatDateTime(date: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(intlLocaleTags[locale], {
    timeZone: displayTimeZone,
    calendar: locale === 'th' ? 'buddhist' : 'gregory',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(date)
}
