import { useLingui } from '@lingui/react/macro'
import { formatDate, formatDateTime } from '#domain/dates'
import type { Locale } from '#domain/locale'
import { formatThb } from '#domain/money'

/** Money and times in the console's language: amounts are satang, times ISO 8601 from the API. */
export function useConsoleFormat() {
  const { i18n } = useLingui()
  const locale: Locale = i18n.locale === 'en' ? 'en' : 'th'
  return {
    money: (satang: number) => formatThb(satang, locale, { alwaysShowSatang: true }),
    time: (iso: string | null) => (iso === null ? '–' : formatDateTime(new Date(iso), locale)),
    date: (iso: string | null) => (iso === null ? '–' : formatDate(new Date(iso), locale, 'short')),
  }
}
