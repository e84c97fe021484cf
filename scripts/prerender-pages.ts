/**
 * Prerenders the public pages' first paint for each language (src/prerender.tsx, built by `vite
 * build --ssr`) into `dist/client/page-shells.json`, which the server puts inside `#app` for a
 * visitor's cold load (server/static/page-shells.ts). Part of `npm run build`; fails the build when
 * a page does not render on its own.
 */
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathInLocale, type Locale } from '#domain/locale'
import { buildIdOf } from '#server/static/client-generations'
import { prerenderBuildRecordName, type PrerenderModule } from '#server/static/detail-pages'
import {
  pageShellsFileName,
  prerenderedPageHtml,
  prerenderedPatterns,
  type PageShells,
} from '#server/static/page-shells'

const clientDirectory = process.argv[2] ?? 'dist/client'
const prerenderModule = path.resolve(process.argv[3] ?? 'dist/prerender/prerender.js')

const { prerenderPage } = (await import(prerenderModule)) as PrerenderModule

const shells: PageShells = { th: {}, en: {} }
for (const locale of ['th', 'en'] as const satisfies readonly Locale[]) {
  for (const pattern of prerenderedPatterns) {
    const pagePath = pathInLocale(pattern, locale)
    const html = await prerenderPage(pagePath)
    const pageHtml = prerenderedPageHtml(html)
    // A page that does not render on its own would be a hole in every visitor's first paint.
    if (pageHtml === undefined) throw new Error(`prerendering ${pagePath} failed:\n${html.slice(0, 2000)}`)
    shells[locale][pattern] = pageHtml
  }
}
writeFileSync(path.join(clientDirectory, pageShellsFileName), `${JSON.stringify(shells)}\n`)
// The server renders detail pages with the same module, for this client build only.
writeFileSync(
  path.join(path.dirname(prerenderModule), prerenderBuildRecordName),
  `${JSON.stringify({ clientBuildId: buildIdOf(clientDirectory) })}\n`,
)
console.log(`prerendered ${prerenderedPatterns.length} pages in Thai and English into ${clientDirectory}`)
// The rendered app leaves its timers behind (the query cache's garbage collection runs for days).
process.exit(0)
