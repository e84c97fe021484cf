import { matchAppRoute } from '#domain/app-routes'
import { pathWithoutLocale, type Locale } from '#domain/locale'

/**
 * The browser build splits each language's message catalog by route (docs/decisions/014): a
 * page loads the messages its screens can show, not all of them. Per language, one file holds
 * what every page shows (the entry's code and the lazy parts it opens), and one per route what
 * that route's own chunks add. The build writes which files each route needs into `index.html`, in
 * `<script type="application/json" id="route-catalogs">`, so the app finds them wherever its HTML
 * came from (the server or the service worker).
 */

export const routeCatalogsElementId = 'route-catalogs'

/** The key of the catalog for a path no route pattern matches (the not-found screen). */
export const anyRoute = '*'

/** Per route pattern of `appRoutePatterns` (and `anyRoute`): each language's catalog files, as URL paths. */
export type RouteCatalogs = Record<string, Record<Locale, string[]>>

/** The key in `RouteCatalogs` of the page at `pathname` (with or without its locale segment). */
export function catalogRouteOf(pathname: string): string {
  return matchAppRoute(pathWithoutLocale(pathname)) ?? anyRoute
}
