import { localeOfPath, pathInLocale } from '#domain/locale'
import { pageRedirectTarget } from '#domain/redirector'

/**
 * The page a notification's link (`notificationLink`: `/?page=…&sub_page_id=…` or a path) opens,
 * resolved here rather than through the redirect at `/`: the list's links then carry the real
 * address (a new tab, a long press show it), and the router's search parsing, which turns a
 * digits-only `sub_page_id` into a number, never sees the id.
 */
export function notificationTarget(link: string): string {
  const url = new URL(link, 'https://app.invalid')
  const page = url.searchParams.get('page')
  const target = page === null ? undefined : pageRedirectTarget(page, url.searchParams.get('sub_page_id') ?? undefined)
  if (target === undefined) return `${url.pathname}${url.search}`
  return pathInLocale(target, localeOfPath(url.pathname))
}
