import { appRoutePatterns, type AppRoutePattern } from '#domain/app-routes'
import type { Locale } from '#domain/locale'
import { anyRoute, type RouteCatalogs } from '#domain/route-catalogs'
import * as v from 'valibot'
import {
  logoSizes,
  merchantPageLogoSize,
  pictureSchema,
  pictureSourceSet,
  productPageSizes,
  type Picture,
} from '#domain/pictures/catalogue-pictures'
import { isCatalogueId } from '#server/catalogue/catalogue-ids'

/**
 * What the first paint of each page needs beyond the entry, so the server can name it in the HTML
 * it sends (`<link rel="modulepreload">`, font preload) instead of the browser discovering it one
 * step at a time: entry → router → route chunk → its imports → the language's catalog. Vite
 * already preloads the entry's own imports; the route chunks and the catalogs are loaded at run
 * time, which only a per-page list can name.
 *
 * Written at build time (vite.config.ts) into the client directory as `page-preloads.json`; read by
 * the server with the rest of the build.
 */

export const pagePreloadsFileName = 'page-preloads.json'

export type PagePreloads = {
  /** Per route pattern of `appRoutePatterns`: the URL paths of the modules its first render runs. */
  pages: Record<string, string[]>
  /** Per route pattern (and `anyRoute`), each language's compiled message catalogs (domain/route-catalogs.ts). */
  catalogs: RouteCatalogs
  /** The font files of each language's script, regular and bold: what the first paint is set in. */
  fonts: Record<Locale, string[]>
  /**
   * What a detail page's prices and figures add: on a Thai page they are set in the Latin faces
   * (digits), which would otherwise arrive after the first render and reflow the figures (a layout shift).
   */
  priceFonts: Record<Locale, string[]>
}

/** The parts of a Rollup/Rolldown output chunk this needs. */
export type BuiltChunk = {
  fileName: string
  facadeModuleId: string | null
  isEntry: boolean
  imports: readonly string[]
}

const routesFolder = 'src/routes/'
/** Pieces of a route the router loads before it renders the route (not its error or not-found parts). */
const firstRenderSplits = ['loader', 'component', 'pendingComponent']

/**
 * The route pattern a file of `src/routes` renders, or `'*'` for the layouts every page renders
 * (`__root.tsx`, `{-$locale}/route.tsx`). `undefined` for a file that is not a route.
 */
export function routePatternOfFile(routeFile: string): string | undefined {
  if (routeFile === '__root.tsx' || routeFile === '{-$locale}/route.tsx') return '*'
  if (!routeFile.startsWith('{-$locale}/') || !routeFile.endsWith('.tsx')) return undefined
  const pattern = `/${routeFile.slice('{-$locale}/'.length, -'.tsx'.length)}`.replace(/\/index$/, '') || '/'
  return (appRoutePatterns as readonly string[]).includes(pattern) ? pattern : undefined
}

/**
 * The route pattern (or `'*'`, see `routePatternOfFile`) whose split piece a chunk is, for the
 * pieces the router loads before it renders the route, or with `anySplit` for any piece (error and
 * not-found screens included). `undefined` for a chunk that is no route's piece.
 */
export function routePatternOfChunk(facadeModuleId: string | null, anySplit = false): string | undefined {
  if (facadeModuleId === null) return undefined
  const [modulePath = '', query = ''] = facadeModuleId.split('?')
  const split = new URLSearchParams(query).get('tsr-split')
  if (split === null) return undefined
  if (!anySplit && !split.split('--').some((part) => firstRenderSplits.includes(part))) return undefined
  const start = modulePath.replaceAll('\\', '/').lastIndexOf(routesFolder)
  return start === -1
    ? undefined
    : routePatternOfFile(modulePath.replaceAll('\\', '/').slice(start + routesFolder.length))
}

/** Reads the build's chunks into the per-page lists. Throws when an expected piece is missing. */
export function collectPagePreloads(
  chunks: readonly BuiltChunk[],
  assetFileNames: readonly string[],
  catalogs: RouteCatalogs,
): PagePreloads {
  for (const route of [anyRoute, ...appRoutePatterns]) {
    if (catalogs[route] === undefined) throw new Error(`page preloads: no catalog for ${route}`)
  }
  const byFileName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
  const entry = chunks.find((chunk) => chunk.isEntry)
  if (entry === undefined) throw new Error('page preloads: the build has no entry chunk')

  const staticClosure = (fileName: string, into: Set<string>) => {
    if (into.has(fileName)) return
    into.add(fileName)
    for (const imported of byFileName.get(fileName)?.imports ?? []) staticClosure(imported, into)
  }
  // What the entry's HTML already loads: naming it again would only add bytes.
  const loadedByEntry = new Set<string>()
  staticClosure(entry.fileName, loadedByEntry)

  const filesByPattern = new Map<string, Set<string>>()
  for (const chunk of chunks) {
    const pattern = routePatternOfChunk(chunk.facadeModuleId)
    if (pattern === undefined) continue
    const files = filesByPattern.get(pattern) ?? new Set<string>()
    staticClosure(chunk.fileName, files)
    filesByPattern.set(pattern, files)
  }
  const everyPage = filesByPattern.get('*') ?? new Set<string>()
  const pages: Record<string, string[]> = {}
  for (const pattern of appRoutePatterns) {
    const files = new Set([...everyPage, ...(filesByPattern.get(pattern) ?? [])])
    pages[pattern] = [...files].filter((file) => !loadedByEntry.has(file)).map((file) => `/${file}`)
  }

  const fontsOf = (subset: 'thai' | 'latin', weights: readonly ('400' | '700')[] = ['400', '700']) =>
    weights.map((weight) => {
      const font = assetFileNames.find(
        (name) => name.includes(`-${subset}-${weight}-normal-`) && name.endsWith('.woff2'),
      )
      if (font === undefined) throw new Error(`page preloads: no ${subset} font of weight ${weight}`)
      return `/${font}`
    })
  return {
    pages,
    catalogs,
    fonts: { th: fontsOf('thai'), en: fontsOf('latin') },
    priceFonts: { th: fontsOf('latin'), en: [] },
  }
}

function escapeAttribute(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;')
}

/** The pages whose first screen shows prices and figures (see `PagePreloads.priceFonts`). */
const pricedPatterns: readonly string[] = ['/products/$id', '/merchants/$id'] satisfies AppRoutePattern[]

/** The `<head>` links that let the browser fetch a page's first-paint pieces in parallel with the entry. */
export function preloadLinks(preloads: PagePreloads, pattern: string | undefined, locale: Locale): string {
  const catalogs = (preloads.catalogs[pattern ?? anyRoute] ?? preloads.catalogs[anyRoute])?.[locale] ?? []
  const modules = [...catalogs, ...(pattern === undefined ? [] : (preloads.pages[pattern] ?? []))]
  const fonts = [
    ...preloads.fonts[locale],
    ...(pattern !== undefined && pricedPatterns.includes(pattern) ? preloads.priceFonts[locale] : []),
  ]
  return [
    ...fonts.map(
      (font) => `<link rel="preload" href="${escapeAttribute(font)}" as="font" type="font/woff2" crossorigin>`,
    ),
    ...modules.map((file) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(file)}">`),
  ].join('')
}

/**
 * A detail page's own data, which its first screen waits for: named in its HTML so it loads beside
 * the app's code instead of after it. The URL is the one the app asks for
 * (src/features/catalogue/api), so the browser hands the preloaded answer over.
 */
export function itemPreloads(
  pattern: AppRoutePattern | undefined,
  localeFreePath: string,
): { itemId: string; links: string } | undefined {
  const itemId = localeFreePath.split('/').filter(Boolean)[1] ?? ''
  if (!isCatalogueId(itemId)) return undefined
  const data =
    pattern === '/products/$id'
      ? `/cws-api/products/${itemId}`
      : pattern === '/merchants/$id'
        ? `/cws-api/merchants/${itemId}`
        : undefined
  if (data === undefined) return undefined
  return { itemId, links: `<link rel="preload" href="${data}" as="fetch" crossorigin="anonymous">` }
}

const productPictureSchema = v.object({ imageUrl: v.string(), image: v.optional(v.nullable(pictureSchema)) })
const merchantLogoSchema = v.object({ logoUrl: v.string(), logo: v.optional(v.nullable(pictureSchema)) })

/**
 * A detail page's picture, as its first screen draws it (the product's picture is the page's
 * largest paint; a merchant's logo is small beside its name): a made picture as the WebP the
 * `<picture>` will pick (same `srcset` and `sizes`, so the browser takes the preloaded file over),
 * or the one placeholder. `item` is the item as the API answers it.
 */
export function itemPictureLink(pattern: '/products/$id' | '/merchants/$id', item: unknown): string | undefined {
  const isProduct = pattern === '/products/$id'
  let url: string
  let picture: Picture | null | undefined
  if (isProduct) {
    const product = v.safeParse(productPictureSchema, item)
    if (!product.success) return undefined
    ;({ imageUrl: url, image: picture } = product.output)
  } else {
    const merchant = v.safeParse(merchantLogoSchema, item)
    if (!merchant.success) return undefined
    ;({ logoUrl: url, logo: picture } = merchant.output)
  }
  const priority = isProduct ? ' fetchpriority="high"' : ''
  if (picture === undefined || picture === null) {
    return `<link rel="preload" href="${escapeAttribute(url)}" as="image"${priority}>`
  }
  const sizes = isProduct ? productPageSizes : logoSizes(merchantPageLogoSize)
  return (
    `<link rel="preload" as="image" type="image/webp" imagesrcset="${escapeAttribute(pictureSourceSet(picture, 'webp'))}"` +
    ` imagesizes="${escapeAttribute(sizes)}"${priority}>`
  )
}
