import { i18n, type Messages } from '@lingui/core'
import type { Locale } from '#domain/locale'

/**
 * The console's language: Thai unless the operator chose English, remembered on this computer.
 * It shows the shared components too, so their catalog is loaded beside the console's own.
 */
const catalogLoaders: Record<Locale, () => Promise<Array<{ messages: Messages }>>> = {
  th: () => Promise.all([import('../../../locales/th/console.po'), import('../../../locales/th/messages.po')]),
  en: () => Promise.all([import('../../../locales/en/console.po'), import('../../../locales/en/messages.po')]),
}

const storageKey = 'ngernkhuen-console-language'

export function rememberedConsoleLocale(): Locale {
  return window.localStorage.getItem(storageKey) === 'en' ? 'en' : 'th'
}

export async function activateConsoleLocale(locale: Locale): Promise<void> {
  const [own, shared] = await catalogLoaders[locale]()
  i18n.loadAndActivate({ locale, messages: { ...shared?.messages, ...own?.messages } })
  document.documentElement.lang = locale
  window.localStorage.setItem(storageKey, locale)
}

export { i18n }
