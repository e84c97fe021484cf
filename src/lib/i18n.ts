import { i18n, type Messages } from '@lingui/core'
import type { Locale } from '#domain/locale'

// One chunk per language: a Thai reader never downloads the English catalog.
const catalogLoaders: Record<Locale, () => Promise<{ messages: Messages }>> = {
  th: () => import('../../locales/th/messages.po'),
  en: () => import('../../locales/en/messages.po'),
}

/** Loads the catalog of `locale` (once) and makes it the UI language, `<html lang>` included. */
export async function activateLocale(locale: Locale): Promise<void> {
  if (i18n.locale !== locale) {
    const { messages } = await catalogLoaders[locale]()
    i18n.loadAndActivate({ locale, messages })
  }
  // No document when the build prerenders a page.
  if (typeof document !== 'undefined') document.documentElement.lang = locale
}

export { i18n }
