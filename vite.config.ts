import babel from '@rolldown/plugin-babel'
import {
  createCompilationErrorMessage,
  createCompiledCatalog,
  createMissingErrorMessage,
  getCatalogs,
} from '@lingui/cli/api'
import { getConfig } from '@lingui/conf'
import { lingui } from '@lingui/vite-plugin'
import tailwindcss from '@tailwindcss/vite'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { cpSync, existsSync, rmSync } from 'node:fs'
import path from 'node:path'
import { defineConfig, type BuildEnvironmentOptions, type Plugin, type PluginOption, type ResolvedConfig } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { locales, type Locale } from './domain/locale.ts'
import { routeCatalogsElementId } from './domain/route-catalogs.ts'
import { carryPreviousGenerations } from './server/static/client-generations.ts'
import { collectPagePreloads, pagePreloadsFileName } from './server/static/page-preloads.ts'
import { splitCatalogByRoute, withRouteCatalogs, type CompiledMessages } from './server/static/route-catalog-files.ts'
import {
  desktopScreenPart,
  installCardPart,
  memberShellPart,
  pasteLinkCardPart,
  updatePromptPart,
} from './src/lib/lazy-parts.ts'

const apiPort = process.env.API_PORT ?? '3001'

/**
 * Keeps the hashed files of the builds this one replaces servable (docs/decisions/010). The
 * previous build is `PREVIOUS_CLIENT_DIR` (the running release's `dist/client`, for a fresh
 * checkout or a container build), or else the output directory this build is about to empty. It
 * is copied aside first, and that copy survives a failed build, so a retry still finds it.
 */
function keepPreviousClientGenerations(): Plugin {
  let outputDirectory = ''
  let stagingDirectory = ''
  let previousDirectory: string | undefined
  let logger: ResolvedConfig['logger'] | undefined
  return {
    name: 'ngernkhuen:keep-previous-client-generations',
    apply: 'build',
    configResolved(config) {
      logger = config.logger
      outputDirectory = path.resolve(config.root, config.build.outDir)
      stagingDirectory = path.join(path.dirname(outputDirectory), '.previous-client')
      const named = process.env.PREVIOUS_CLIENT_DIR
      if (named && !existsSync(path.join(named, 'index.html'))) {
        // A named previous build that is not there would silently drop every old file.
        throw new Error(`PREVIOUS_CLIENT_DIR=${named} holds no built client (no index.html)`)
      }
      const source = named ? path.resolve(named) : outputDirectory
      if (existsSync(path.join(source, 'index.html'))) {
        rmSync(stagingDirectory, { recursive: true, force: true })
        cpSync(source, stagingDirectory, { recursive: true, preserveTimestamps: true })
      }
      previousDirectory = existsSync(path.join(stagingDirectory, 'index.html')) ? stagingDirectory : undefined
    },
    closeBundle: {
      // After vite-plugin-pwa has listed the precache, so carried files are never precached.
      order: 'post',
      sequential: true,
      handler() {
        // A failed build wrote nothing: its own error is the one to report (and the copy stays for a retry).
        if (!existsSync(path.join(outputDirectory, 'index.html'))) return
        const result = carryPreviousGenerations({ outputDirectory, previousDirectory, now: new Date() })
        const [current, ...kept] = result.manifest.generations
        logger?.info(
          `client generations: ${current?.id ?? '?'} + ${kept.length} previous (${result.carriedFiles} files carried)`,
        )
        rmSync(stagingDirectory, { recursive: true, force: true })
      },
    },
  }
}

/**
 * Module ids statically reachable from the entry, from the browsing pages' route components, from
 * the home page's alone, and from the routes' loaders.
 */
const entryGraph = new Set<string>()
const browseGraph = new Set<string>()
const homeGraph = new Set<string>()
const loaderGraph = new Set<string>()
const browseRouteFiles =
  /src[\\/]routes[\\/]\{-\$locale\}[\\/](home|search|merchants[\\/](index|\$id)|products[\\/](index|\$id))\.tsx\?tsr-split=component/
/**
 * Small modules the loaders and lazy parts share (timeouts, query keys): kept with the entry's code
 * when a loader uses them (then a loader and a lazy part that need one import no page's chunk for
 * it). Those no loader uses (the notifications', withdrawals', promotions' and chat's keys, used by
 * the member shell and those pages) stay with their users, out of every visitor's first load.
 */
const sharedHelpers =
  /src[\\/](lib[\\/](preload-timeout|wait-at-most)|features[\\/][^\\/]+[\\/]api[\\/][^\\/]+-keys)\.ts$/
const homeRouteFile = /src[\\/]routes[\\/]\{-\$locale\}[\\/]home\.tsx\?tsr-split=component/
const routeLoaderPiece = /src[\\/]routes[\\/].*\?tsr-split=loader/

/**
 * Fills `entryGraph` and `browseGraph` once the module graph is known (before chunks are made), so
 * the chunk groups in `build.rolldownOptions` can put each set in one file.
 */
function recordModuleGraphs(): Plugin {
  return {
    name: 'ngernkhuen:record-module-graphs',
    apply: 'build',
    buildEnd() {
      const visit = (id: string, into: Set<string>, stopAt?: Set<string>) => {
        // Libraries are the framework chunk's, or stay with what uses them: an icon barrel
        // names every icon, and only the few a page draws should ride with it.
        if (into.has(id) || stopAt?.has(id) || id.includes('node_modules')) return
        into.add(id)
        for (const imported of this.getModuleInfo(id)?.importedIds ?? []) visit(imported, into, stopAt)
      }
      entryGraph.clear()
      browseGraph.clear()
      homeGraph.clear()
      loaderGraph.clear()
      const moduleIds = [...this.getModuleIds()]
      for (const id of moduleIds) if (this.getModuleInfo(id)?.isEntry) visit(id, entryGraph)
      for (const id of moduleIds) if (browseRouteFiles.test(id)) visit(id, browseGraph, entryGraph)
      for (const id of moduleIds) if (homeRouteFile.test(id)) visit(id, homeGraph, entryGraph)
      for (const id of moduleIds) if (routeLoaderPiece.test(id)) visit(id, loaderGraph, entryGraph)
    },
  }
}

/**
 * Each language's catalog, compiled as @lingui/vite-plugin compiles an imported `.po` file, with
 * the same failures: a missing English translation or a message that does not compile fails the
 * build (the browser build imports no `.po` file, see src/lib/i18n.ts).
 */
async function compileCatalogs(): Promise<Record<Locale, CompiledMessages>> {
  const config = getConfig()
  // The shopper app's catalog; the operator console's (`console`) is its own build's.
  const shopperCatalogs = (await getCatalogs(config)).filter((candidate) => candidate.path.endsWith('/messages'))
  const [catalog, ...more] = shopperCatalogs
  if (catalog === undefined || more.length > 0) throw new Error('route catalogs: expected one shopper catalog')
  const { sourceLocale } = config
  if (sourceLocale === undefined) throw new Error('route catalogs: lingui.config.ts names no source locale')
  const compiled: Partial<Record<Locale, CompiledMessages>> = {}
  for (const locale of locales) {
    const { messages, missing } = await catalog.getTranslations(locale, {
      // `false` in lingui.config.ts: no language stands in for another.
      fallbackLocales: config.fallbackLocales || {},
      sourceLocale,
    })
    if (missing.length > 0) throw new Error(createMissingErrorMessage(locale, missing, 'loader'))
    const { source, errors } = createCompiledCatalog(locale, messages, { namespace: 'json' })
    if (errors.length > 0) throw new Error(createCompilationErrorMessage(locale, errors))
    compiled[locale] = (JSON.parse(source) as { messages: CompiledMessages }).messages
  }
  return compiled as Record<Locale, CompiledMessages>
}

/**
 * The lazy parts whose messages are files of their own (src/lib/lazy-parts.ts), by the module
 * whose chunk they are: what a member, a desktop, a waiting update or the home page's idle-time
 * card shows is in no phone visitor's first load.
 */
const ownCatalogParts = [
  { key: memberShellPart, module: 'src/components/layout/member-shell.tsx' },
  { key: desktopScreenPart, module: 'src/components/layout/desktop-screen.tsx' },
  { key: updatePromptPart, module: 'src/components/layout/update-prompt.tsx' },
  { key: pasteLinkCardPart, module: 'src/features/links/components/paste-link-card.tsx' },
  { key: installCardPart, module: 'src/features/home/components/install-app-card.tsx' },
]

/**
 * Writes each route's catalogs (server/static/route-catalog-files.ts) and names them in
 * `index.html`, and what each page's first paint needs, for the server to name in its HTML
 * (server/static/page-preloads.ts).
 */
function recordPagePreloads(): Plugin {
  return {
    name: 'ngernkhuen:record-page-preloads',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_options, bundle) {
      const outputs = Object.values(bundle)
      const chunks = outputs.flatMap((output) => (output.type === 'chunk' ? [output] : []))
      const { files, catalogs } = splitCatalogByRoute(chunks, await compileCatalogs(), {
        parts: ownCatalogParts,
        moduleImports: (moduleId) => {
          const info = this.getModuleInfo(moduleId)
          return info === null ? undefined : { imports: info.importedIds, dynamicImports: info.dynamicallyImportedIds }
        },
      })
      for (const file of files) this.emitFile({ type: 'asset', fileName: file.fileName, source: file.source })
      const indexHtml = bundle['index.html']
      if (indexHtml?.type !== 'asset') throw new Error('route catalogs: the build has no index.html')
      const html = typeof indexHtml.source === 'string' ? indexHtml.source : new TextDecoder().decode(indexHtml.source)
      indexHtml.source = withRouteCatalogs(html, catalogs, routeCatalogsElementId)
      const preloads = collectPagePreloads(
        chunks,
        outputs.flatMap((output) => (output.type === 'asset' ? [output.fileName] : [])),
        catalogs,
      )
      this.emitFile({ type: 'asset', fileName: pagePreloadsFileName, source: `${JSON.stringify(preloads, null, 2)}\n` })
    },
  }
}

/** The browser build: chunking for a short first-paint path (see server/static/page-preloads.ts). */
const clientBuild: BuildEnvironmentOptions = {
  outDir: 'dist/client',
  emptyOutDir: true,
  target: 'es2022',
  // Every browser the app supports preloads modules itself (Safari since 17); an older one only
  // fetches a chunk when it is imported. Half a KiB less on every first load.
  modulePreload: { polyfill: false },
  rolldownOptions: {
    output: {
      codeSplitting: {
        groups: [
          {
            // The libraries every page runs, in one file: one request instead of many small ones,
            // and one gzip stream compresses them better.
            name: 'framework',
            test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|@lingui|ky|valibot|idb-keyval|use-sync-external-store)[\\/]/,
            // Only what the entry's static imports run: the parts of those libraries that only
            // some pages use (mutations, infinite lists, suspense queries) go with those pages'
            // code (the home page's with `browse`), not into every page's first load.
            tags: ['$initial'],
            priority: 2,
          },
          {
            // The entry's own code and everything it imports statically: one file, fetched in
            // parallel with the framework, instead of a dozen small ones.
            name: 'app',
            // With them the small helpers the split loaders share (`sharedHelpers`): not a request of
            // their own, and no lazy part imports a page's chunk to reach one.
            test: (id: string) => entryGraph.has(id) || (sharedHelpers.test(id) && loaderGraph.has(id)),
            priority: 1,
          },
          {
            // The home page, the page most visits start on, in one file with what the other pages
            // a visitor browses (merchants, products, search) share with it: the icons they share
            // come with it, so the home page needs nothing of theirs.
            name: 'browse',
            // The route's own piece stays its chunk: the router and the page preloads find the route by it.
            test: (id: string) => homeGraph.has(id) && !homeRouteFile.test(id),
            priority: 1,
          },
          {
            // What only the other browsing pages share (lists, detail screens, the shop-now
            // button): one more request for them, and none of it on the home page's first load.
            name: 'catalogue',
            test: (id: string) => browseGraph.has(id) && !homeGraph.has(id),
            minShareCount: 2,
            priority: 0,
          },
        ],
      },
    },
  },
}

/**
 * `vite build --mode console`: the operator console (src/console, issue 14), a build of its own
 * served under `/ops`. Built after the shopper app into its `ops/` folder, so none of it is in the
 * shopper app's chunks, first load, precache or service worker.
 */
const consoleBuild: BuildEnvironmentOptions = {
  outDir: path.resolve(import.meta.dirname, 'dist/client/ops'),
  emptyOutDir: true,
  target: 'es2022',
  copyPublicDir: false,
}

export default defineConfig(({ isSsrBuild, mode }) => ({
  ...(mode === 'console' ? { root: 'src/console', base: '/ops/' } : {}),
  // `vite build --ssr src/prerender.tsx`: the page prerenderer scripts/prerender-pages.ts runs in
  // Node at build time; none of the client build's chunking, worker or bookkeeping applies to it.
  build: isSsrBuild
    ? { outDir: 'dist/prerender', emptyOutDir: true, copyPublicDir: false }
    : mode === 'console'
      ? consoleBuild
      : clientBuild,
  server: {
    // `npm run dev`: Vite serves the app with reload, the API runs beside it (see scripts/dev.ts).
    proxy: {
      '/api': `http://127.0.0.1:${apiPort}`,
      '/cws-api': `http://127.0.0.1:${apiPort}`,
      '/utils': `http://127.0.0.1:${apiPort}`,
      '/media': `http://127.0.0.1:${apiPort}`,
    },
  },
  plugins: [
    // The router generator must run before React's transform. The console's routes are in code.
    mode !== 'console' &&
      tanstackRouter({
        target: 'react',
        autoCodeSplitting: true,
        codeSplittingOptions: {
          // A route's loader is its own piece too (TanStack's default keeps it with the route tree):
          // the entry then carries no page's data code and the contracts it parses with; the page
          // preloads name it beside the page. The pending screens stay with the entry, to show at once.
          defaultBehavior: [['loader'], ['component'], ['errorComponent'], ['notFoundComponent']],
          // Every page renders the locale layout (top bar, bottom bar): it ships with the entry
          // rather than as one more request after it.
          splitBehavior: ({ routeId }) =>
            routeId === '/{-$locale}' ? [['errorComponent'], ['notFoundComponent']] : undefined,
        },
      }),
    react(),
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    // A missing English translation fails the build instead of showing Thai to an English reader.
    lingui({ failOnMissing: true, failOnCompileError: true }),
    tailwindcss(),
    ...(isSsrBuild || mode === 'console' ? [] : clientOnlyPlugins()),
  ],
}))

/** The service worker and the build bookkeeping the server reads: the browser build's alone. */
function clientOnlyPlugins(): PluginOption[] {
  return [
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'prompt',
      // The app registers the worker itself (src/lib/register-service-worker.ts) to show an update prompt.
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: [
          '**/*.{js,css,html}',
          'manifest.webmanifest',
          'icons/*.{png,svg}',
          // Only the Thai and Latin subsets the app uses; the package also ships Cyrillic.
          'assets/*-{thai,latin}-*-normal-*.woff2',
        ],
        // The operator console is built after this and never precached; the ignore is a guard.
        globIgnores: ['screenshots/**', 'ops/**'],
        // The worker words pushes with the app's messages (the `push` catalog): its own build
        // needs the macro and the catalog compiler, with a missing translation failing it too.
        buildPlugins: {
          vite: [
            babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
            lingui({ failOnMissing: true, failOnCompileError: true }),
          ],
        },
      },
      devOptions: { enabled: false },
    }),
    recordModuleGraphs(),
    recordPagePreloads(),
    keepPreviousClientGenerations(),
  ]
}
