import { i18n, type Messages } from '@lingui/core'
import type { Locale } from '#domain/locale'
import { anyRoute, catalogRouteOf, routeCatalogsElementId, type RouteCatalogs } from '#domain/route-catalogs'

/**
 * The browser build splits each language's catalog by route (domain/route-catalogs.ts): a page
 * loads the messages its screens can show, and a route the messages it adds before it renders.
 * Development, unit tests and the build's prerender load each language's whole catalog (a
 * chunk per language: a Thai reader never downloads the English catalog).
 */
const isCatalogSplit = import.meta.env.PROD && !import.meta.env.SSR

const wholeCatalogs: Record<Locale, () => Promise<{ messages: Messages }>> = {
  th: () => import('../../locales/th/messages.po'),
  en: () => import('../../locales/en/messages.po'),
}

let routeCatalogs: RouteCatalogs | undefined

/** The build's list of catalog files, from `index.html`. */
function readRouteCatalogs(): RouteCatalogs {
  if (routeCatalogs === undefined) {
    const json = document.getElementById(routeCatalogsElementId)?.textContent
    if (!json) throw new Error(`index.html has no #${routeCatalogsElementId}`)
    routeCatalogs = JSON.parse(json) as RouteCatalogs
  }
  return routeCatalogs
}

/** Catalog files asked for (once each), by language and file. */
const loads = new Map<string, Promise<Messages>>()

function loadOnce(key: string, load: () => Promise<{ messages: Messages }>): Promise<Messages> {
  let loading = loads.get(key)
  if (loading === undefined) {
    loading = load().then((module) => module.messages)
    // A failed load (offline) is tried again on the next navigation.
    loading.catch(() => loads.delete(key))
    loads.set(key, loading)
  }
  return loading
}

function catalogsFor(locale: Locale, pathname: string): Promise<Messages>[] {
  if (!isCatalogSplit) return [loadOnce(locale, wholeCatalogs[locale])]
  const catalogs = readRouteCatalogs()
  const files = (catalogs[catalogRouteOf(pathname)] ?? catalogs[anyRoute])?.[locale] ?? []
  return files.map((file) => loadOnce(file, () => import(/* @vite-ignore */ file)))
}

/**
 * Loads the messages of the page at `pathname` in `locale` (each file once) and makes `locale` the
 * UI language, `<html lang>` included. The router calls it before every page it loads; for a page
 * it only preloads (`preload`), another language is fetched but not switched to.
 */
export async function activateLocale(locale: Locale, pathname: string, { preload = false } = {}): Promise<void> {
  const catalogs = await Promise.all(catalogsFor(locale, pathname))
  if (preload && i18n.locale !== locale) return
  const messages: Messages = {}
  for (const catalog of catalogs) Object.assign(messages, catalog)
  if (i18n.locale === locale) {
    // More messages for the language on screen: added in place, without Lingui's change event,
    // which would render every translated text again; no screen that shows them has rendered yet.
    Object.assign(i18n.messages, messages)
  } else {
    i18n.load(locale, messages)
    i18n.activate(locale)
  }
  // No document when the build prerenders a page.
  if (typeof document !== 'undefined') document.documentElement.lang = locale
}

export { i18n }
