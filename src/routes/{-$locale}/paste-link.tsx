import { createFileRoute } from '@tanstack/react-router'
import { useCallback } from 'react'
import * as v from 'valibot'
import { maxPastedTextLength } from '#domain/links/shop-links'
import { ShopNow } from '../../features/cashback/components/shop-now'
import { PasteLinkScreen } from '../../features/links/components/paste-link-screen'
import { useLocale } from '../../lib/locale'

/**
 * `/paste-link?link=…`: the home card, the share sheet (src/sw.ts) and the way back from sign-in
 * bring the link here. A link of digits alone arrives as a number (the router reads JSON values).
 */
const pasteLinkSearchSchema = v.object({
  link: v.fallback(
    v.optional(
      v.pipe(
        v.union([v.string(), v.number()]),
        v.transform((value) => String(value).slice(0, maxPastedTextLength)),
      ),
    ),
    undefined,
  ),
})

export const Route = createFileRoute('/{-$locale}/paste-link')({
  validateSearch: pasteLinkSearchSchema,
  component: PasteLinkRoute,
})

function PasteLinkRoute() {
  const { link } = Route.useSearch()
  const navigate = Route.useNavigate()
  const locale = useLocale()
  const changeLink = useCallback((text: string) => void navigate({ search: { link: text } }), [navigate])
  return (
    <PasteLinkScreen
      link={link ?? ''}
      onLinkChange={changeLink}
      shopAction={(resolution) => (
        <ShopNow
          merchant={{ ...resolution.merchant, name: resolution.merchant.name[locale] }}
          productId={resolution.clickOut.productId}
          page={resolution.clickOut.page}
        />
      )}
    />
  )
}
