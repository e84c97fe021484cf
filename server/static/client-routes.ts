import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'
import { isAppPath } from '#domain/app-routes'
import { coldLoadLocaleRedirect, localeCookieName, localeOfPath, parseLocale, pathWithoutLocale } from '#domain/locale'
import { handleNotFound } from '#server/http/api-error'
import type { AppEnvironment } from '#server/http/app-environment'
import { cachedResponse, serveClientFile, type ClientFiles } from '#server/static/client-files'

/**
 * GET/HEAD of anything outside `/api`: a file of the build, or a page load answered with the app
 * shell. Unknown pages still get the shell (the app renders its not-found screen) but with a 404
 * status, so crawlers and monitors see the truth.
 */
export function clientHandler(client: ClientFiles) {
  return (c: Context<AppEnvironment>): Response | Promise<Response> => {
    const file = client.files.get(c.req.path)
    if (file !== undefined) return serveClientFile(c, file)

    // The answer depends on the locale cookie, so shared caches must key on it.
    c.header('Vary', 'Cookie')
    const redirectPath = coldLoadLocaleRedirect(c.req.path, parseLocale(getCookie(c, localeCookieName)))
    if (redirectPath !== undefined) {
      c.header('Cache-Control', 'no-cache')
      return c.redirect(redirectPath + new URL(c.req.url).search, 302)
    }

    if (client.indexHtml === undefined) return handleNotFound(c)
    const shell = client.indexHtml[localeOfPath(c.req.path)]
    const status = isAppPath(pathWithoutLocale(c.req.path)) ? 200 : 404
    return cachedResponse(
      c,
      {
        body: () => Promise.resolve(shell.body),
        contentType: 'text/html; charset=utf-8',
        cacheControl: 'no-cache',
        entityTag: shell.entityTag,
      },
      status,
    )
  }
}
