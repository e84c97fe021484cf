import { createHash } from 'node:crypto'
import { appRoutePatterns } from '#domain/app-routes'
import { locales, type Locale } from '#domain/locale'
import { anyRoute, type RouteCatalogs } from '#domain/route-catalogs'
import { routePatternOfChunk, type BuiltChunk } from '#server/static/page-preloads'

/**
 * Build time only (vite.config.ts): splits each language's compiled catalog into the files of
 * domain/route-catalogs.ts. A message belongs where the built code names its id (the Lingui macro
 * leaves `{id:"…"}` in the output), so a file holds exactly what the code that loads it can show:
 *
 * - the base file: the entry's code, what it imports, and the lazy parts it opens that are no
 *   route's (the desktop screen, the outbox indicator, the background work), and the layouts'
 *   route pieces (`__root`, `{-$locale}/route`: their error and not-found screens too). A lazy
 *   part's import of a page's chunk (an outbox sender reaching a contract that sits with the
 *   catalogue pages' code) does not bring that chunk's messages: they are its pages' screens', and
 *   those pages load them;
 * - a route's file: what its own pieces (any split: page, pending, error) and their imports and
 *   lazy parts add to the base. A route whose pieces add nothing gets none.
 */

/** The parts of a Rollup/Rolldown output chunk this needs. */
export type CatalogChunk = BuiltChunk & { dynamicImports: readonly string[]; code: string }

/** A language's compiled messages (Lingui's `createCompiledCatalog`, namespace `json`), by message id. */
export type CompiledMessages = Record<string, unknown>

export type RouteCatalogFiles = {
  /** The files to emit, file names relative to the client directory. */
  files: { fileName: string; source: string }[]
  catalogs: RouteCatalogs
}

export function splitCatalogByRoute(
  chunks: readonly CatalogChunk[],
  compiled: Readonly<Record<Locale, CompiledMessages>>,
): RouteCatalogFiles {
  const byFileName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
  const entry = chunks.find((chunk) => chunk.isEntry)
  if (entry === undefined) throw new Error('route catalogs: the build has no entry chunk')

  const messageIds = [...new Set(locales.flatMap((locale) => Object.keys(compiled[locale])))]
  const idsByChunk = new Map<string, string[]>()
  const idsOf = (fileName: string) => {
    let ids = idsByChunk.get(fileName)
    if (ids === undefined) {
      const code = byFileName.get(fileName)?.code ?? ''
      // The minifier quotes a string with whichever mark it likes; an id is only letters and digits.
      ids = messageIds.filter(
        (id) => code.includes(`"${id}"`) || code.includes(`'${id}'`) || code.includes(`\`${id}\``),
      )
      idsByChunk.set(fileName, ids)
    }
    return ids
  }
  const isRoutePiece = (fileName: string) =>
    routePatternOfChunk(byFileName.get(fileName)?.facadeModuleId ?? null, true) !== undefined
  /**
   * What runs once `fileName` has: its static imports, and the lazy parts (not other routes) it
   * opens; from a lazy part on, nothing of `lazySkip`.
   */
  const reach = (fileName: string, into: Set<string>, skip?: ReadonlySet<string>, lazySkip = skip) => {
    if (into.has(fileName) || skip?.has(fileName)) return
    into.add(fileName)
    const chunk = byFileName.get(fileName)
    for (const imported of chunk?.imports ?? []) reach(imported, into, skip, lazySkip)
    for (const imported of chunk?.dynamicImports ?? []) {
      if (!isRoutePiece(imported)) reach(imported, into, lazySkip, lazySkip)
    }
  }
  /** The chunks the route pieces import, beyond the entry's: the pages' code. */
  const entryChunks = new Set<string>()
  const staticClosure = (fileName: string, into: Set<string>) => {
    if (into.has(fileName)) return
    into.add(fileName)
    for (const imported of byFileName.get(fileName)?.imports ?? []) staticClosure(imported, into)
  }
  staticClosure(entry.fileName, entryChunks)
  const pageChunks = new Set<string>()
  for (const chunk of chunks) if (isRoutePiece(chunk.fileName)) staticClosure(chunk.fileName, pageChunks)
  for (const fileName of entryChunks) pageChunks.delete(fileName)

  // A route's pieces import the entry's chunk: what it reaches is the base file's already.
  const chunksByRoute = new Map<string, Set<string>>()
  for (const chunk of chunks) {
    const route = routePatternOfChunk(chunk.facadeModuleId, true)
    if (route === undefined) continue
    const files = chunksByRoute.get(route) ?? new Set<string>()
    reach(chunk.fileName, files, entryChunks)
    chunksByRoute.set(route, files)
  }

  const baseChunks = new Set<string>()
  reach(entry.fileName, baseChunks, undefined, pageChunks)
  for (const fileName of chunksByRoute.get('*') ?? []) baseChunks.add(fileName)
  const baseIds = new Set([...baseChunks].flatMap(idsOf))
  if (baseIds.size === 0) throw new Error('route catalogs: no message id found in the entry’s code')

  const files = new Map<string, string>()
  const emit = (locale: Locale, ids: Iterable<string>) => {
    const messages = Object.fromEntries(
      [...ids]
        .sort()
        .flatMap((id) => (compiled[locale][id] === undefined ? [] : [[id, compiled[locale][id]] as const])),
    )
    const source = `export const messages=JSON.parse(${JSON.stringify(JSON.stringify(messages))})\n`
    const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8)
    const fileName = `assets/messages-${locale}-${hash}.js`
    files.set(fileName, source)
    return `/${fileName}`
  }
  const baseFiles = Object.fromEntries(locales.map((locale) => [locale, emit(locale, baseIds)])) as Record<
    Locale,
    string
  >
  const catalogs: RouteCatalogs = {}
  for (const route of [anyRoute, ...appRoutePatterns]) {
    const ownIds = new Set([...(chunksByRoute.get(route) ?? [])].flatMap(idsOf).filter((id) => !baseIds.has(id)))
    catalogs[route] = Object.fromEntries(
      locales.map((locale) => [
        locale,
        ownIds.size === 0 ? [baseFiles[locale]] : [baseFiles[locale], emit(locale, ownIds)],
      ]),
    ) as Record<Locale, string[]>
  }
  return { files: [...files].map(([fileName, source]) => ({ fileName, source })), catalogs }
}

/** The element of `index.html` that names the files (domain/route-catalogs.ts), before `</head>`. */
export function withRouteCatalogs(html: string, catalogs: RouteCatalogs, elementId: string): string {
  if (!html.includes('</head>')) throw new Error('route catalogs: index.html has no </head>')
  // `<` escaped: the JSON cannot end the element early.
  const json = JSON.stringify(catalogs).replaceAll('<', '\\u003c')
  return html.replace('</head>', `<script type="application/json" id="${elementId}">${json}</script></head>`)
}
