import { useRouterState } from '@tanstack/react-router'
import { defaultLocale, localeOfPath, type Locale } from '#domain/locale'

/** The optional `{-$locale}` path param: absent for Thai, `'en'` for English. */
export type LocaleParam = Exclude<Locale, typeof defaultLocale> | undefined

export function toLocaleParam(locale: Locale): LocaleParam {
  return locale === defaultLocale ? undefined : locale
}

/** The locale of the page being shown, read from the URL (the one source of truth). */
export function useLocale(): Locale {
  return useRouterState({ select: (state) => localeOfPath(state.location.pathname) })
}
