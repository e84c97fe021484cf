import { createMemoryHistory } from '@tanstack/react-router'
import { renderToString } from 'react-dom/server'
import { localeOfPath } from '#domain/locale'
import { AppRoot } from './app-root'
import { activateLocale } from './lib/i18n'
import { createQueryClient } from './lib/query-client'
import { createAppRouter } from './router'

/**
 * Renders a page as a first-time visitor sees it before any data arrives (top bar, headings,
 * skeletons, bottom bar), with the app's own components. Run at build time (scripts/prerender-pages.ts):
 * the server puts the result inside `#app`, so the first paint does not wait for JavaScript, and
 * the app replaces it with the live page once it has loaded.
 */
export async function prerenderPage(path: string): Promise<string> {
  await activateLocale(localeOfPath(path), path)
  const queryClient = createQueryClient()
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [path] }))
  await router.load()
  return renderToString(<AppRoot queryClient={queryClient} router={router} />)
}
