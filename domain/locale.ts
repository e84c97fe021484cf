import * as v from 'valibot'

/** Thai is the default and has no path prefix; every other locale is a path prefix (`/en/...`). */
export const locales = ['th', 'en'] as const
export type Locale = (typeof locales)[number]
export const defaultLocale = 'th' satisfies Locale

export const localeSchema = v.picklist(locales)

/** The cookie that remembers the shopper's language choice (spec section 9: 365 days). */
export const localeCookieName = 'locale'
export const localeCookieMaxAgeSeconds = 365 * 24 * 60 * 60

/** BCP 47 tags for `Intl` and `<html lang>`. */
export const intlLocaleTags: Record<Locale, string> = { th: 'th-TH', en: 'en-US' }

export function parseLocale(value: unknown): Locale | undefined {
  return v.is(localeSchema, value) ? value : undefined
}

/** The locale a path is in: `/en` and `/en/...` are English, everything else Thai. */
export function localeOfPath(pathname: string): Locale {
  const firstSegment = pathname.split('/')[1]
  return firstSegment === 'en' ? 'en' : defaultLocale
}

/** The path without its locale prefix: `/en/home` → `/home`, `/en` → `/`. */
export function pathWithoutLocale(pathname: string): string {
  if (localeOfPath(pathname) === defaultLocale) return pathname || '/'
  const rest = pathname.slice('/en'.length)
  return rest === '' ? '/' : rest
}

/** The same page in another locale: `('/home', 'en')` → `/en/home`, `('/en/home', 'th')` → `/home`. */
export function pathInLocale(pathname: string, locale: Locale): string {
  const bare = pathWithoutLocale(pathname)
  if (locale === defaultLocale) return bare
  return bare === '/' ? `/${locale}` : `/${locale}${bare}`
}

/**
 * Where a cold page load should go, given the stored language cookie. Only an unprefixed (Thai)
 * path is redirected: an explicit `/en/...` link always wins over the cookie.
 * Returns `undefined` when the path is already right.
 */
export function coldLoadLocaleRedirect(pathname: string, cookieLocale: Locale | undefined): string | undefined {
  if (cookieLocale === undefined || cookieLocale === defaultLocale) return undefined
  if (localeOfPath(pathname) !== defaultLocale) return undefined
  return pathInLocale(pathname, cookieLocale)
}

/** The `Set-Cookie` value the server sends when the shopper picks a language. */
export function localeCookieHeader(locale: Locale, isSecure: boolean): string {
  const attributes = [`${localeCookieName}=${locale}`, 'Path=/', `Max-Age=${localeCookieMaxAgeSeconds}`, 'SameSite=Lax']
  if (isSecure) attributes.push('Secure')
  return attributes.join('; ')
}
