import { createFileRoute, Outlet, redirect } from '@tanstack/react-router'
import { pageRedirectTarget } from '#domain/redirector'
import { pathInLocale } from '#domain/locale'
import { AppShell } from '../../components/layout/app-shell'
import { ErrorScreen } from '../../components/screens/error-screen'
import { NotFoundScreen } from '../../components/screens/not-found-screen'
import { activateLocale } from '../../lib/i18n'
import type { LocaleParam } from '../../lib/locale'

/**
 * Every page lives under an optional locale segment: `/home` is Thai, `/en/home` English. Any
 * other first segment is not a locale, so this route does not match it and the path is unknown.
 */
export const Route = createFileRoute('/{-$locale}')({
  params: {
    parse: (raw): { locale: LocaleParam } | false => {
      if (raw.locale === undefined) return { locale: undefined }
      return raw.locale === 'en' ? { locale: 'en' } : false
    },
    stringify: (params) => ({ locale: params.locale }),
  },
  beforeLoad: async ({ params, location, preload }) => {
    const locale = params.locale ?? 'th'
    // Re-engagement links (`?page=Wallet&sub_page_id=…`) land on their screen in the same language.
    // Read as the raw text: the router's parsed search turns an id of digits into a number
    // (and a long one loses digits).
    const search = new URLSearchParams(location.searchStr)
    const page = search.get('page')
    if (page !== null) {
      const target = pageRedirectTarget(page, search.get('sub_page_id') ?? undefined)
      if (target) throw redirect({ href: pathInLocale(target, locale), replace: true })
    }
    // The page's messages arrive before the page renders (and before a page preloaded on intent).
    await activateLocale(locale, location.pathname, { preload })
  },
  component: LocaleLayout,
  notFoundComponent: NotFoundScreen,
  errorComponent: ErrorScreen,
})

function LocaleLayout() {
  return (
    <AppShell>
      <Outlet />
    </AppShell>
  )
}
