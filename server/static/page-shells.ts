import type { AppRoutePattern } from '#domain/app-routes'
import type { Locale } from '#domain/locale'
import { withScriptsAfterPaint } from '#server/static/start-after-paint'

/**
 * The first paint of the public pages, prerendered at build time from the app's own components
 * (src/prerender.tsx via scripts/prerender-pages.ts): top bar, headings, skeletons, bottom bar.
 * The server puts it inside `#app` so a visitor sees the page before any JavaScript has run; the
 * app then renders over it.
 */

export const pageShellsFileName = 'page-shells.json'

/**
 * Pages a visitor lands on whose first paint needs no data of theirs. Detail pages depend on the
 * item, member pages on the account: those keep the plain shell.
 */
export const prerenderedPatterns = [
  '/home',
  '/merchants',
  '/products',
  '/search',
] as const satisfies readonly AppRoutePattern[]

export type PageShells = Record<Locale, Partial<Record<AppRoutePattern, string>>>

/**
 * A page React rendered on the server, made ready to go inside `#app`, or `undefined` when the
 * render is not a whole page: React marks a part it could not render on the server and leaves it
 * to the browser, which would be a hole in the first paint.
 */
export function prerenderedPageHtml(html: string): string | undefined {
  if (html.includes('<!--$!-->') || !html.includes('<main')) return undefined
  // The router adds its scroll-restoration script to server output; the page's own CSP
  // (script-src 'self') refuses inline scripts, and the app restores scroll once it runs.
  return html.replaceAll(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
}

/**
 * `index.html` with a prerendered page inside `#app`. The page is `inert` until the app has taken
 * it over: what is typed into a prerendered search box or tapped there would be lost (or be a full
 * page load) before the app runs. `data-prerendered` lets a desktop, which gets another screen
 * once the app runs, hide the phone page meanwhile. On a first visit the app hydrates the page (the
 * wrapper is its root) and then removes both; otherwise it renders over `#app`, wrapper included
 * (src/main.tsx).
 *
 * The page's scripts are asked for once what it paints has loaded (start-after-paint.ts): the
 * first paint needs only the HTML, the stylesheet, the fonts and the pictures.
 */
export function withPrerenderedPage(html: string, pageHtml: string): string {
  return withScriptsAfterPaint(
    html.replace(/(<div id="app">)(<\/div>)/, (_match, open: string, close: string) => {
      return `${open}<div data-prerendered inert>${pageHtml}</div>${close}`
    }),
  )
}
