import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'
import { sessionCookieName } from '#domain/contracts/auth'
import { getMimeType } from 'hono/utils/mime'
import { matchAppRoute } from '#domain/app-routes'
import { coldLoadLocaleRedirect, localeCookieName, localeOfPath, parseLocale, pathWithoutLocale } from '#domain/locale'
import { handleNotFound } from '#server/http/api-error'
import type { AppEnvironment } from '#server/http/app-environment'
import {
  cachedResponse,
  consoleIndexPath,
  immutableCacheControl,
  serveClientFile,
  type ClientFiles,
} from '#server/static/client-files'
import { isDetailPattern, type DetailPages } from '#server/static/detail-pages'
import { itemPreloads } from '#server/static/page-preloads'
import { withPrerenderedPage } from '#server/static/page-shells'
import { startAfterPaintPath, startAfterPaintScript } from '#server/static/start-after-paint'

/** Folders that hold only files: a miss there is a missing file, never a page. */
const fileFolders = ['/assets/', '/icons/', '/screenshots/', '/ops/assets/']

/** The kinds of file a build holds or a browser asks for at the root; no page path ends in one. */
const fileExtension =
  /\.(?:m?js|css|map|json|webmanifest|woff2?|ttf|otf|png|jpe?g|gif|svg|ico|webp|avif|txt|xml|wasm|html?)$/i

/** `Sec-Fetch-Dest` of requests that load a part of a page rather than a page. */
const subresourceDestinations: Readonly<Record<string, string>> = {
  script: 'text/javascript; charset=utf-8',
  worker: 'text/javascript; charset=utf-8',
  sharedworker: 'text/javascript; charset=utf-8',
  serviceworker: 'text/javascript; charset=utf-8',
  style: 'text/css; charset=utf-8',
  font: 'application/octet-stream',
  image: 'application/octet-stream',
  manifest: 'application/manifest+json',
  json: 'application/json',
}

/**
 * The media type of a missing file, or `undefined` for a page load. Answering a file with the
 * HTML shell made a browser report a MIME error instead of a 404, and a service worker or cache
 * could keep the HTML under a script's URL.
 */
function missingFileContentType(c: Context<AppEnvironment>): string | undefined {
  const urlPath = c.req.path
  const destination = c.req.header('Sec-Fetch-Dest') ?? ''
  const isFile =
    fileFolders.some((folder) => urlPath.startsWith(folder)) ||
    fileExtension.test(urlPath) ||
    Object.hasOwn(subresourceDestinations, destination)
  if (!isFile) return undefined
  return (
    (fileExtension.test(urlPath) ? getMimeType(urlPath) : undefined) ??
    subresourceDestinations[destination] ??
    'text/plain; charset=utf-8'
  )
}

/**
 * A 404 a browser reads as what it asked for. `no-store`: during a rolling deploy the file may
 * exist on the next process asked, so nothing may keep this answer.
 */
function missingFileResponse(c: Context<AppEnvironment>, contentType: string): Response {
  c.header('Cache-Control', 'no-store')
  c.header('Content-Type', contentType)
  const isCode = /^text\/(?:javascript|css)/.test(contentType)
  // A fixed body: the path is the requester's text, and this answer is labelled as code.
  return c.body(isCode ? '/* not found in this build */\n' : '', 404)
}

/** Named by its content, like the build's hashed files: kept a year, never revalidated. */
function serveStartAfterPaintScript(c: Context<AppEnvironment>): Response | Promise<Response> {
  return cachedResponse(c, {
    body: () => Promise.resolve(startAfterPaintScript),
    contentType: 'text/javascript; charset=utf-8',
    cacheControl: immutableCacheControl,
    entityTag: `"${startAfterPaintPath.slice(1, -3)}"`,
  })
}

/**
 * GET/HEAD of anything outside `/api`: a file of the build, a 404 for a file the build lacks, or a
 * page load answered with the app shell. Unknown pages still get the shell (the app renders its
 * not-found screen) but with a 404 status, so crawlers and monitors see the truth; so does a detail
 * page of an item that does not exist. A visitor's detail page comes with its first paint rendered
 * (detail-pages.ts).
 */
export function clientHandler(client: ClientFiles, detailPages?: DetailPages) {
  return (c: Context<AppEnvironment>): Response | Promise<Response> => {
    const file = client.files.get(c.req.path)
    if (file !== undefined) return serveClientFile(c, file)
    if (c.req.path === startAfterPaintPath) return serveStartAfterPaintScript(c)
    const missingContentType = missingFileContentType(c)
    if (missingContentType !== undefined) return missingFileResponse(c, missingContentType)

    // The operator console is a page of its own: every path under it gets its page, whose router
    // shows the screen (or sign-in). Never the shopper's shell, never prerendered.
    if (c.req.path === '/ops' || c.req.path.startsWith('/ops/')) {
      const consolePage = client.files.get(consoleIndexPath)
      return consolePage === undefined ? handleNotFound(c) : serveClientFile(c, consolePage)
    }

    // The answer depends on the locale cookie, so shared caches must key on it.
    c.header('Vary', 'Cookie')
    const redirectPath = coldLoadLocaleRedirect(c.req.path, parseLocale(getCookie(c, localeCookieName)))
    if (redirectPath !== undefined) {
      c.header('Cache-Control', 'no-cache')
      return c.redirect(redirectPath + new URL(c.req.url).search, 302)
    }

    const indexHtml = client.indexHtml
    if (indexHtml === undefined) return handleNotFound(c)
    const localeFreePath = pathWithoutLocale(c.req.path)
    const pattern = matchAppRoute(localeFreePath)
    const locale = localeOfPath(c.req.path)
    // The prerendered first paint is a first-time visitor's page with default filters: a member
    // (session cookie) or a link with a query would see it change the moment the app runs.
    const prerendered = getCookie(c, sessionCookieName) === undefined && new URL(c.req.url).search === ''
    const shell = indexHtml.page(pattern, locale, { prerendered })
    const send = (page: { body: string; entityTag: string }, status: 200 | 404) =>
      cachedResponse(
        c,
        {
          body: () => Promise.resolve(page.body),
          contentType: 'text/html; charset=utf-8',
          cacheControl: 'no-cache',
          entityTag: page.entityTag,
        },
        status,
      )
    if (!isDetailPattern(pattern)) return send(shell, pattern === undefined ? 404 : 200)
    // Per item, so not among the cached variants: any id would make one.
    const item = itemPreloads(pattern, localeFreePath)
    // A malformed id names no item.
    if (item === undefined) return send(shell, 404)
    const withItem = (body: string, version: string, pictureLink = '') => ({
      body: body.replace('</head>', `${item.links}${pictureLink}</head>`),
      entityTag: `${shell.entityTag.slice(0, -1)}-${version}"`,
    })
    // Without the item (no lookup, or the database is away) its picture is not known: the app finds it.
    const unrendered = withItem(shell.body, item.itemId)
    if (detailPages === undefined) return send(unrendered, 200)
    return detailPages.find({ pattern, itemId: item.itemId, locale, render: prerendered }).then((detail) => {
      // Not looked up (the database is away): the page as the app alone makes it.
      if (detail === undefined) return send(unrendered, 200)
      // The app shows its not-found screen; crawlers and monitors see the truth.
      if (detail.kind === 'missing') return send(shell, 404)
      // The picture's preload follows the item's data, and so does the page's entity tag.
      const version = `${item.itemId}-${detail.dataEntityTag.replaceAll('"', '')}`
      if (detail.pageHtml === undefined) return send(withItem(shell.body, version, detail.pictureLink), 200)
      const rendered = withPrerenderedPage(shell.body, detail.pageHtml)
      return send(withItem(rendered, `${version}-rendered`, detail.pictureLink), 200)
    })
  }
}
