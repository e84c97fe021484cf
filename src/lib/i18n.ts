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

/** Lazy parts (src/lib/lazy-parts.ts) whose messages were asked for: a language switch loads them too. */
const partsInUse = new Set<string>()

/** The files of `keys` (route patterns of the route catalogs, or lazy parts' keys) in `locale`. */
function catalogsFor(locale: Locale, keys: readonly string[]): Promise<Messages[]> {
  if (!isCatalogSplit) return Promise.all([loadOnce(locale, wholeCatalogs[locale])])
  const catalogs = readRouteCatalogs()
  const files = keys.flatMap((key) => (catalogs[key] ?? catalogs[anyRoute])?.[locale] ?? [])
  return Promise.all(files.map((file) => loadOnce(file, () => import(/* @vite-ignore */ file))))
}

/**
 * Loads the messages of the page at `pathname` in `locale` (each file once) and makes `locale` the
 * UI language, `<html lang>` included. The router calls it before every page it loads; for a page
 * it only preloads (`preload`), another language is fetched but not switched to.
 */
export async function activateLocale(locale: Locale, pathname: string, { preload = false } = {}): Promise<void> {
  let parts: string[]
  let catalogs: Messages[]
  // A lazy part asked for its messages meanwhile, in the language being left: they are loaded in
  // this one too, or the part would show message ids once this one is active.
  do {
    parts = [...partsInUse]
    catalogs = await catalogsFor(locale, [catalogRouteOf(pathname), ...parts])
  } while (partsInUse.size > parts.length)
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

/**
 * `module`, a lazy part's code, once the part's messages (src/lib/lazy-parts.ts) are loaded too,
 * side by side, in the language on screen; every language switched to from then on loads them too.
 */
export async function withPartMessages<Module>(part: string, module: Promise<Module>): Promise<Module> {
  partsInUse.add(part)
  // As a preload: added in place for the language on screen (nothing that shows them has rendered
  // yet); when a switch to another one is under way, that switch loads them.
  const [loaded] = await Promise.all([
    module,
    activateLocale(i18n.locale as Locale, window.location.pathname, { preload: true }),
  ])
  return loaded
}

export { i18n }
