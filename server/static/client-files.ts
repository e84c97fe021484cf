import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Context } from 'hono'
import { getMimeType } from 'hono/utils/mime'
import type { AppRoutePattern } from '#domain/app-routes'
import type { Locale } from '#domain/locale'
import { generationsManifestName } from '#server/static/client-generations'
import { pagePreloadsFileName, preloadLinks, type PagePreloads } from '#server/static/page-preloads'
import { pageShellsFileName, withPrerenderedPage, type PageShells } from '#server/static/page-shells'

/**
 * The built PWA (`vite build` output). The build is immutable while the server runs, so the
 * file list is taken once at start: serving then needs no `stat` per request, and only files
 * that exist in the build can ever be read (no path traversal to think about).
 */

type ClientFile = {
  absolutePath: string
  contentType: string
  cacheControl: string
  entityTag: string
}

type HtmlShell = { body: string; entityTag: string }

/**
 * The app's HTML for a page: the built `index.html` in the page's language, naming what the page
 * needs first, and with `prerendered` its prerendered first paint where the build made one.
 */
export type IndexHtml = {
  page(pattern: AppRoutePattern | undefined, locale: Locale, options: { prerendered: boolean }): HtmlShell
}

export type ClientFiles = {
  /** Keyed by URL path, e.g. `/assets/index-3f9a1c.js`. */
  files: ReadonlyMap<string, ClientFile>
  /** `undefined` when the client is not built (API-only runs and tests). */
  indexHtml: IndexHtml | undefined
}

/** The operator console's page (its own build, `vite build --mode console`), for every `/ops` path. */
export const consoleIndexPath = '/ops/index.html'

const revalidateAlways = 'no-cache'
export const immutableCacheControl = 'public, max-age=31536000, immutable'
/** Icons, fonts and other unhashed public files: they change rarely, but they can change. */
const shortLived = 'public, max-age=86400'

/**
 * Files whose URL stays the same across releases must be revalidated every time, or shoppers keep
 * an old app: the service worker and its registration, the manifest and the HTML shell.
 */
const unhashedEntryPoints = new Set([
  '/index.html',
  '/sw.js',
  '/registerSW.js',
  '/manifest.webmanifest',
  consoleIndexPath,
])

export function cacheControlFor(urlPath: string): string {
  if (unhashedEntryPoints.has(urlPath)) return revalidateAlways
  // Vite puts a content hash in every file name under /assets/.
  if (urlPath.startsWith('/assets/') || urlPath.startsWith('/ops/assets/')) return immutableCacheControl
  return shortLived
}

function contentEntityTag(content: string | Buffer): string {
  return `"${createHash('sha256').update(content).digest('base64url').slice(0, 27)}"`
}

/** `<html lang="th">` is what the build emits; English pages get `lang="en"` for screen readers. */
function withHtmlLang(html: string, locale: Locale): string {
  return html.replace(/(<html\b[^>]*?\blang=")[^"]*(")/i, `$1${locale}$2`)
}

/** Build bookkeeping written beside `index.html`; a build from before it (a previous release's shell) goes without. */
function readBuildRecord(clientDirectory: string, fileName: string): unknown {
  const recordPath = path.join(clientDirectory, fileName)
  return existsSync(recordPath) ? JSON.parse(readFileSync(recordPath, 'utf8')) : undefined
}

function readIndexHtml(clientDirectory: string): IndexHtml | undefined {
  const indexPath = path.join(clientDirectory, 'index.html')
  if (!existsSync(indexPath)) return undefined
  const html = readFileSync(indexPath, 'utf8')
  // Written by this build's own steps (vite.config.ts, scripts/prerender-pages.ts), so trusted as typed.
  const preloads = readBuildRecord(clientDirectory, pagePreloadsFileName) as PagePreloads | undefined
  const shells = readBuildRecord(clientDirectory, pageShellsFileName) as PageShells | undefined
  // One variant per page pattern, language and kind, made on first use: a few dozen strings.
  const variants = new Map<string, HtmlShell>()
  return {
    page(pattern, locale, options) {
      // The app sends `/` on to `/home` at once, so a visit to the root paints the home page.
      const shellPattern = pattern === '/' ? '/home' : pattern
      const pageHtml = options.prerendered && shellPattern !== undefined ? shells?.[locale][shellPattern] : undefined
      const key = `${locale} ${pattern ?? ''} ${pageHtml === undefined ? 'plain' : 'prerendered'}`
      let variant = variants.get(key)
      if (variant === undefined) {
        const links = preloads === undefined ? '' : preloadLinks(preloads, pattern, locale)
        const localized = withHtmlLang(html, locale).replace('</head>', `${links}</head>`)
        const body = pageHtml === undefined ? localized : withPrerenderedPage(localized, pageHtml)
        variant = { body, entityTag: contentEntityTag(body) }
        variants.set(key, variant)
      }
      return variant
    },
  }
}

export function loadClientFiles(clientDirectory: string): ClientFiles {
  const files = new Map<string, ClientFile>()
  if (!existsSync(clientDirectory)) return { files, indexHtml: undefined }
  for (const entry of readdirSync(clientDirectory, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const absolutePath = path.join(entry.parentPath, entry.name)
    const urlPath = `/${path.relative(clientDirectory, absolutePath).split(path.sep).join('/')}`
    // The generations manifest, page preloads and page shells are build bookkeeping, not files of the app.
    if ([generationsManifestName, pagePreloadsFileName, pageShellsFileName].some((name) => urlPath === `/${name}`))
      continue
    const stats = statSync(absolutePath)
    files.set(urlPath, {
      absolutePath,
      contentType: getMimeType(absolutePath) ?? 'application/octet-stream',
      cacheControl: cacheControlFor(urlPath),
      // Size and modification time identify a build's file well enough, without reading it.
      entityTag: `"${stats.size.toString(36)}-${Math.round(stats.mtimeMs).toString(36)}"`,
    })
  }
  return { files, indexHtml: readIndexHtml(clientDirectory) }
}

function isFresh(c: Context, entityTag: string): boolean {
  const ifNoneMatch = c.req.header('If-None-Match')
  if (ifNoneMatch === undefined) return false
  return ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === entityTag)
}

/**
 * A body (or 304) with validators, so `no-cache` files revalidate without a full download.
 * `contentEncoding` is for bodies already encoded (then `entityTag` must be that encoding's own
 * tag); `vary` names the request headers that chose this representation, and goes on the 304 too.
 */
export function cachedResponse(
  c: Context,
  options: {
    body: () => Promise<string | Uint8Array<ArrayBuffer>>
    contentType: string
    cacheControl: string
    entityTag: string
    contentEncoding?: string
    vary?: string
  },
  status: 200 | 404 = 200,
): Response | Promise<Response> {
  c.header('Cache-Control', options.cacheControl)
  c.header('ETag', options.entityTag)
  if (options.vary !== undefined) c.header('Vary', options.vary, { append: true })
  // A 404 page must stay a 404; only a successful representation can be "not modified".
  if (status === 200 && isFresh(c, options.entityTag)) return c.body(null, 304)
  c.header('Content-Type', options.contentType)
  if (options.contentEncoding !== undefined) c.header('Content-Encoding', options.contentEncoding)
  return options.body().then((body) => {
    // A known length lets `hono/compress` skip bodies too small to gain from compression.
    c.header('Content-Length', String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength))
    return c.body(body, status)
  })
}

export function serveClientFile(c: Context, file: ClientFile): Response | Promise<Response> {
  // Copied into a plain ArrayBuffer-backed view, which is what a web Response body accepts.
  return cachedResponse(c, { ...file, body: async () => new Uint8Array(await readFile(file.absolutePath)) })
}
