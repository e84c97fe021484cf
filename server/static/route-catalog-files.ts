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
 *   route's and have no file of their own (the service worker's registration), and the layouts'
 *   route pieces (`__root`, `{-$locale}/route`: their error and not-found screens too). A lazy
 *   part's import of a page's chunk (an outbox sender reaching a contract that sits with the
 *   catalogue pages' code) does not bring that chunk's messages: they are its pages' screens', and
 *   those pages load them;
 * - a route's file: what its own pieces (any split: page, pending, error) and their imports and
 *   lazy parts add to the base. A route whose pieces add nothing gets none;
 * - a lazy part's file, for the parts named in `parts` (src/lib/lazy-parts.ts: the member shell,
 *   the desktop screen, the update prompt, the home page's paste-a-link card): what the part's
 *   modules, their imports and its own lazy parts name beyond the base, found module by module (a
 *   chunk it shares with a page holds that page's screens too). The base and the routes' files
 *   then hold none of it: what only a member, a desktop, a waiting update or an idle-time card
 *   shows is no part of a page's first load. Named in the route catalogs under the part's key; the
 *   app loads it beside the part's code.
 */

/** The parts of a Rollup/Rolldown output chunk this needs (`modules`: each module's rendered code). */
export type CatalogChunk = BuiltChunk & {
  dynamicImports: readonly string[]
  code: string
  modules?: Readonly<Record<string, { readonly code: string | null }>>
}

/** A language's compiled messages (Lingui's `createCompiledCatalog`, namespace `json`), by message id. */
export type CompiledMessages = Record<string, unknown>

export type RouteCatalogFiles = {
  /** The files to emit, file names relative to the client directory. */
  files: { fileName: string; source: string }[]
  catalogs: RouteCatalogs
}

/** A lazy part with a catalog file of its own: its key in the route catalogs, its module (from the project root). */
export type OwnCatalogPart = { key: string; module: string }

/** What a module of the build imports, statically and lazily (module ids), for the parts' files. */
export type ModuleImports = (
  moduleId: string,
) => { imports: readonly string[]; dynamicImports: readonly string[] } | undefined

export function splitCatalogByRoute(
  chunks: readonly CatalogChunk[],
  compiled: Readonly<Record<Locale, CompiledMessages>>,
  { parts = [], moduleImports }: { parts?: readonly OwnCatalogPart[]; moduleImports?: ModuleImports } = {},
): RouteCatalogFiles {
  const byFileName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
  const entry = chunks.find((chunk) => chunk.isEntry)
  if (entry === undefined) throw new Error('route catalogs: the build has no entry chunk')

  const messageIds = [...new Set(locales.flatMap((locale) => Object.keys(compiled[locale])))]
  // The minifier quotes a string with whichever mark it likes; an id is only letters and digits.
  const idsNamedIn = (code: string) =>
    messageIds.filter((id) => code.includes(`"${id}"`) || code.includes(`'${id}'`) || code.includes(`\`${id}\``))
  const idsByChunk = new Map<string, string[]>()
  const idsOf = (fileName: string) => {
    let ids = idsByChunk.get(fileName)
    if (ids === undefined) {
      ids = idsNamedIn(byFileName.get(fileName)?.code ?? '')
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

  // A part named there must be a lazy part of its own: a renamed or statically imported module
  // would quietly put its messages back in the base file or a route's.
  const partChunks = parts.map((part) => {
    const chunk = chunks.find((candidate) =>
      (candidate.facadeModuleId?.split('?')[0] ?? '').replaceAll('\\', '/').endsWith(`/${part.module}`),
    )
    if (
      chunk === undefined ||
      chunk.facadeModuleId === null ||
      entryChunks.has(chunk.fileName) ||
      isRoutePiece(chunk.fileName)
    ) {
      throw new Error(`route catalogs: ${part.module} is no lazy part of its own in this build`)
    }
    return { part, fileName: chunk.fileName, facadeModuleId: chunk.facadeModuleId }
  })
  const partFileNames = new Set(partChunks.map(({ fileName }) => fileName))

  // A route's pieces import the entry's chunk: what it reaches is the base file's already.
  const chunksByRoute = new Map<string, Set<string>>()
  for (const chunk of chunks) {
    const route = routePatternOfChunk(chunk.facadeModuleId, true)
    if (route === undefined) continue
    const files = chunksByRoute.get(route) ?? new Set<string>()
    reach(chunk.fileName, files, new Set([...entryChunks, ...partFileNames]))
    chunksByRoute.set(route, files)
  }

  const baseChunks = new Set<string>()
  reach(entry.fileName, baseChunks, undefined, new Set([...pageChunks, ...partFileNames]))
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
  // A part's file is what its own modules name, module by module: a chunk it shares with pages
  // holds their screens too (the push offer shares a chunk of the profile's, the paste-a-link card
  // its form with /paste-link's page), and the part shows only what its code can.
  const moduleCode = new Map<string, string>()
  const chunkOfModule = new Map<string, string>()
  for (const chunk of chunks) {
    for (const [moduleId, module] of Object.entries(chunk.modules ?? {})) {
      moduleCode.set(moduleId, module.code ?? '')
      chunkOfModule.set(moduleId, chunk.fileName)
    }
  }
  const partModules = (facadeModuleId: string, ownChunk: string) => {
    if (moduleImports === undefined) throw new Error('route catalogs: lazy parts need the module graph')
    const reached = new Set<string>()
    const visit = (moduleId: string) => {
      if (reached.has(moduleId)) return
      // Libraries name no message; a route's pieces are its route's; the entry's code is the base
      // file's, and so are its lazy parts (or their own files); another part is its own.
      const chunk = chunkOfModule.get(moduleId)
      if (moduleId.includes('node_modules') || routePatternOfChunk(moduleId, true) !== undefined) return
      if (chunk !== undefined && (entryChunks.has(chunk) || (partFileNames.has(chunk) && chunk !== ownChunk))) return
      reached.add(moduleId)
      const imports = moduleImports(moduleId)
      for (const imported of [...(imports?.imports ?? []), ...(imports?.dynamicImports ?? [])]) visit(imported)
    }
    visit(facadeModuleId)
    return reached
  }
  for (const { part, fileName, facadeModuleId } of partChunks) {
    const partIds = [...partModules(facadeModuleId, fileName)].flatMap((moduleId) =>
      idsNamedIn(moduleCode.get(moduleId) ?? ''),
    )
    const ownIds = new Set(partIds.filter((id) => !baseIds.has(id)))
    catalogs[part.key] = Object.fromEntries(
      locales.map((locale) => [locale, ownIds.size === 0 ? [] : [emit(locale, ownIds)]]),
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
