import { localeResponseSchema } from '#domain/contracts/locale'
import type { Locale } from '#domain/locale'
import { localeCookieMaxAgeSeconds, localeCookieName } from '#domain/locale'
import { isApiError, requestJson } from '../../../lib/api-client'

/**
 * Remembers the language choice. The server sets the cookie (Safari caps cookies written by
 * JavaScript at 7 days; the spec keeps the choice for 365). Offline, the cookie is written here
 * as a fallback so the next cold start still opens in the chosen language.
 */
export async function saveLanguage(locale: Locale): Promise<void> {
  try {
    await requestJson('api/locale', localeResponseSchema, { method: 'put', json: { locale } })
  } catch (error) {
    if (!isApiError(error, 'network')) throw error
    document.cookie = `${localeCookieName}=${locale}; Path=/; Max-Age=${localeCookieMaxAgeSeconds}; SameSite=Lax`
  }
}
