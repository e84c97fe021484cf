import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { AppRoutePattern } from '#domain/app-routes'
import { pathInLocale, type Locale } from '#domain/locale'
import { isCatalogueId } from '#server/catalogue/catalogue-ids'
import type { CatalogueService, JsonRepresentation } from '#server/catalogue/catalogue-service'
import { createResponseCache } from '#server/catalogue/response-cache'
import type { Logger } from '#server/logger'
import { buildIdOf } from '#server/static/client-generations'
import { itemPictureLink } from '#server/static/page-preloads'
import { prerenderedPageHtml } from '#server/static/page-shells'

/**
 * Detail pages (`/products/{id}`, `/merchants/{id}`) for a visitor's cold load, rendered by the
 * server with the app's own components and the item's data, so their first paint (the product's
 * picture and name: the LCP) does not wait for the app's code, as the build-time prerendered
 * public pages do not (docs/decisions/014). The render is src/prerender.tsx built for Node
 * (`npm run build:prerender`, into `dist/prerender`, beside the client build).
 */

/** What a detail page's route loader loads, as the API answers it (src/prerender.tsx). */
export type DetailPageData = { product: unknown } | { merchant: unknown }

/** The built src/prerender.tsx. */
export type PrerenderModule = { prerenderPage: (path: string, data?: DetailPageData) => Promise<string> }

/** Written by scripts/prerender-pages.ts beside the module: the client build it was built with. */
export const prerenderBuildRecordName = 'built-for-client.json'

const detailPatterns = ['/products/$id', '/merchants/$id'] as const satisfies readonly AppRoutePattern[]
export type DetailPattern = (typeof detailPatterns)[number]

export function isDetailPattern(pattern: AppRoutePattern | undefined): pattern is DetailPattern {
  return (detailPatterns as readonly (AppRoutePattern | undefined)[]).includes(pattern)
}

/** Where `vite build --ssr` puts the renderer: `dist/prerender` beside `dist/client`. */
function prerenderDirectoryOf(clientDirectory: string): string {
  return path.join(path.dirname(path.resolve(clientDirectory)), 'prerender')
}

export type DetailPage =
  /** No such item: the page answers 404 (the app shows its not-found screen). */
  | { kind: 'missing' }
  /**
   * The item exists; `pageHtml` is its first paint when one was rendered, `pictureLink` the
   * preload of the picture that paint shows (page-preloads.ts `itemPictureLink`).
   */
  | {
      kind: 'found'
      itemId: string
      dataEntityTag: string
      pageHtml: string | undefined
      pictureLink: string | undefined
    }

export type DetailPages = {
  /**
   * Looks the item up and, with `render`, renders its page. `undefined` when the item cannot be
   * looked up now (the database is away): the page then goes out as it would without this.
   */
  find(options: {
    pattern: DetailPattern
    itemId: string
    locale: Locale
    render: boolean
  }): Promise<DetailPage | undefined>
}

/**
 * A render in progress or waiting: renders run one at a time (src/prerender.tsx), so a burst of
 * distinct items (a crawler) would queue behind each other. Beyond this many, a page goes out
 * without its first paint rather than late.
 */
const maxPendingRenders = 4

/**
 * Loads the renderer when the build has one made with this client build: the server may serve
 * an earlier release's client during a rollout (docs/deploy.md), whose stylesheet would not
 * style what this release's components render.
 */
export async function loadPrerenderModule(
  clientDirectory: string,
  logger: Logger,
): Promise<PrerenderModule | undefined> {
  const directory = prerenderDirectoryOf(clientDirectory)
  const modulePath = path.join(directory, 'prerender.js')
  const recordPath = path.join(directory, prerenderBuildRecordName)
  if (!existsSync(modulePath) || !existsSync(recordPath) || !existsSync(path.join(clientDirectory, 'index.html'))) {
    return undefined
  }
  try {
    const record = JSON.parse(readFileSync(recordPath, 'utf8')) as { clientBuildId?: unknown }
    if (record.clientBuildId !== buildIdOf(clientDirectory)) {
      logger.info(
        { clientDirectory },
        'the page renderer belongs to another client build: detail pages go out unrendered',
      )
      return undefined
    }
    const renderer = (await import(pathToFileURL(modulePath).href)) as PrerenderModule
    logger.info({ modulePath }, 'detail pages are rendered with the page renderer')
    return renderer
  } catch (error) {
    logger.error({ err: error, modulePath }, 'page renderer unavailable: detail pages go out unrendered')
    return undefined
  }
}

function parseItem(item: JsonRepresentation): unknown {
  return JSON.parse(Buffer.from(item.body).toString('utf8'))
}

export function createDetailPages(options: {
  catalogue: CatalogueService
  renderer: Promise<PrerenderModule | undefined>
  logger: Logger
}): DetailPages {
  const { catalogue, logger } = options
  // Keyed by the item's data (its ETag): a changed item is a new entry, the old one ages out.
  const rendered = createResponseCache<string | undefined>({ maxEntries: 300, timeToLiveMilliseconds: 10 * 60_000 })
  let pendingRenders = 0

  async function render(
    pattern: DetailPattern,
    itemId: string,
    locale: Locale,
    item: JsonRepresentation,
  ): Promise<string | undefined> {
    const renderer = await options.renderer
    if (renderer === undefined) return undefined
    // Thrown, not answered: the cache keeps no failed load, so the next visit renders.
    if (pendingRenders >= maxPendingRenders) throw new Error('the page renderer is busy')
    const pagePath = pathInLocale(pattern.replace('$id', itemId), locale)
    const data = parseItem(item)
    pendingRenders += 1
    try {
      const html = await renderer.prerenderPage(
        pagePath,
        pattern === '/products/$id' ? { product: data } : { merchant: data },
      )
      const pageHtml = prerenderedPageHtml(html)
      if (pageHtml === undefined) logger.warn({ pagePath }, 'a detail page did not render whole: sent unrendered')
      return pageHtml
    } catch (error) {
      logger.error({ err: error, pagePath }, 'rendering a detail page failed: sent unrendered')
      return undefined
    } finally {
      pendingRenders -= 1
    }
  }

  return {
    async find({ pattern, itemId, locale, render: shouldRender }) {
      if (!isCatalogueId(itemId)) return { kind: 'missing' }
      let item: JsonRepresentation | undefined
      try {
        item = pattern === '/products/$id' ? await catalogue.getProduct(itemId) : await catalogue.getMerchant(itemId)
      } catch (error) {
        logger.warn({ err: error, pattern, itemId }, 'a detail page could not look up its item')
        return undefined
      }
      if (item === undefined) return { kind: 'missing' }
      const pageHtml = shouldRender
        ? await rendered
            .getOrLoad(`${locale} ${pattern} ${itemId} ${item.entityTag}`, () => render(pattern, itemId, locale, item))
            .catch(() => undefined)
        : undefined
      return {
        kind: 'found',
        itemId,
        dataEntityTag: item.entityTag,
        pageHtml,
        pictureLink: itemPictureLink(pattern, parseItem(item)),
      }
    },
  }
}
