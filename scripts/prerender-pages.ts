/**
 * Prerenders the public pages' first paint for each language (src/prerender.tsx, built by `vite
 * build --ssr`) into `dist/client/page-shells.json`, which the server puts inside `#app` for a
 * visitor's cold load (server/static/page-shells.ts). Part of `npm run build`; fails the build when
 * a page does not render on its own.
 */
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathInLocale, type Locale } from '#domain/locale'
import { pageShellsFileName, prerenderedPatterns, type PageShells } from '#server/static/page-shells'

const clientDirectory = process.argv[2] ?? 'dist/client'
const prerenderModule = path.resolve(process.argv[3] ?? 'dist/prerender/prerender.js')

const { prerenderPage } = (await import(prerenderModule)) as { prerenderPage: (path: string) => Promise<string> }

const shells: PageShells = { th: {}, en: {} }
for (const locale of ['th', 'en'] as const satisfies readonly Locale[]) {
  for (const pattern of prerenderedPatterns) {
    const pagePath = pathInLocale(pattern, locale)
    const html = await prerenderPage(pagePath)
    // React marks a part it could not render on the server and leaves it to the browser: that
    // would be a hole in the first paint, so it is a build error.
    if (html.includes('<!--$!-->') || !html.includes('<main')) {
      throw new Error(`prerendering ${pagePath} failed:\n${html.slice(0, 2000)}`)
    }
    // The router adds its scroll-restoration script to server output; the page's own CSP
    // (script-src 'self') refuses inline scripts, and the app restores scroll once it runs.
    const withoutScripts = html.replaceAll(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
    shells[locale][pattern] = withoutScripts
  }
}
writeFileSync(path.join(clientDirectory, pageShellsFileName), `${JSON.stringify(shells)}\n`)
console.log(`prerendered ${prerenderedPatterns.length} pages in Thai and English into ${clientDirectory}`)
// The rendered app leaves its timers behind (the query cache's garbage collection runs for days).
process.exit(0)
