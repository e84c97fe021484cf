import type { QueryClient } from '@tanstack/react-query'
import { createMemoryHistory } from '@tanstack/react-router'
import { renderToString } from 'react-dom/server'
import * as v from 'valibot'
import { merchantSchema, productSchema } from '#domain/contracts/catalogue'
import { localeOfPath } from '#domain/locale'
import { AppRoot } from './app-root'
import { merchantQueryOptions } from './features/catalogue/api/get-merchant'
import { productQueryOptions } from './features/catalogue/api/get-product'
import { activateLocale } from './lib/i18n'
import { createQueryClient } from './lib/query-client'
import { createAppRouter } from './router'

/**
 * What a detail page's loader loads, as the API answered it (the server passes its own answer).
 * The server declares the same type (server/static/detail-pages.ts): the browser build's
 * TypeScript project takes no server module, whose Node types would change its timers'.
 */
export type DetailPageData = { product: unknown } | { merchant: unknown }

/**
 * One render at a time: the UI language is global to Lingui, and a render activates its page's
 * language before loading the route and reads it while rendering. The server renders detail pages
 * while it serves other requests, so two renders must never interleave.
 */
let renderQueue: Promise<unknown> = Promise.resolve()

/**
 * Renders a page as a first-time visitor sees it, with the app's own components: top bar,
 * headings, skeletons (or, for a detail page, the item the server passes), bottom bar. The public
 * pages are rendered at build time (scripts/prerender-pages.ts), detail pages by the server on a
 * visitor's cold load (server/static/detail-pages.ts); either way the server puts the result inside
 * `#app`, so the first paint does not wait for JavaScript, and the app replaces it with the live
 * page once it has loaded.
 */
export function prerenderPage(path: string, data?: DetailPageData): Promise<string> {
  const render = renderQueue.then(async () => {
    await activateLocale(localeOfPath(path), path)
    const queryClient = createQueryClient()
    if (data !== undefined) seedDetailPage(queryClient, data)
    try {
      const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [path] }))
      await router.load()
      return renderToString(<AppRoot queryClient={queryClient} router={router} />)
    } finally {
      // Each query holds a garbage-collection timer (hours long): a server that renders page after
      // page would keep every render's cache alive until they fire.
      queryClient.clear()
    }
  })
  renderQueue = render.catch(() => undefined)
  return render
}

/**
 * Puts the item where the route's loader looks for it, parsed as the app parses the API's answer,
 * so the render is the one the app makes with the same answer (which the page's HTML preloads).
 * Only what the loader loads: what the page fetches after its first render (the offers) stays
 * pending here as it does in the app, or the app's first render would move what is below it.
 */
function seedDetailPage(queryClient: QueryClient, data: DetailPageData): void {
  if ('product' in data) {
    const product = v.parse(productSchema, data.product)
    queryClient.setQueryData(productQueryOptions(product._id).queryKey, product)
  } else {
    const merchant = v.parse(merchantSchema, data.merchant)
    queryClient.setQueryData(merchantQueryOptions(merchant._id).queryKey, merchant)
  }
}
