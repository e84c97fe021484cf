import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { defaultFixedRates } from '#domain/contracts/fixed-rate'
import { describeHelpFigures, localizeHelpText, type HelpFigures, type LocalizedText } from '#domain/help/help-text'
import type { Locale } from '#domain/locale'
import { useLocale } from '../../lib/locale'
import { fixedRatesQueryOptions } from '../account/api/fixed-rates'

export type HelpText = {
  locale: Locale
  /** A help text in the page's language, its figures filled in. */
  show: (text: LocalizedText) => string
  /** A help text in the other language (what the FAQ search also looks in). */
  showOther: (text: LocalizedText) => string
}

/**
 * The help pages' texts as the shopper reads them: in the page's language, with the current
 * fixed rates (offline or before they load, the defaults the server starts with).
 */
export function useHelpText(): HelpText {
  const locale = useLocale()
  const rates = useQuery(fixedRatesQueryOptions).data ?? defaultFixedRates
  return useMemo(() => {
    const otherLocale: Locale = locale === 'th' ? 'en' : 'th'
    const figures: Record<Locale, HelpFigures> = {
      th: describeHelpFigures(rates, 'th'),
      en: describeHelpFigures(rates, 'en'),
    }
    return {
      locale,
      show: (text) => localizeHelpText(text, locale, figures[locale]),
      showOther: (text) => localizeHelpText(text, otherLocale, figures[otherLocale]),
    }
  }, [locale, rates])
}
