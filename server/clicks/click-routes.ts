import { Hono } from 'hono'
import * as v from 'valibot'
import { catalogueIdSchema } from '#domain/contracts/catalogue'
import { maxPastedTextLength } from '#domain/links/shop-links'
import { defaultLocale, localeSchema, pathInLocale } from '#domain/locale'
import { onThisServer } from '#server/catalogue/catalogue-urls'
import {
  deepLink,
  findMerchantLinks,
  findProductLink,
  recordClick,
  shopUrlWithClickId,
} from '#server/clicks/click-records'
import type { Database } from '#server/db/database'
import type { AppEnvironment } from '#server/http/app-environment'
import { findMerchantPage } from '#server/links/link-service'

/**
 * The query is the shopper's to edit and this is a page navigation, not an API call: a bad
 * `product` or `locale` is dropped rather than answered with a JSON error.
 */
const clickOutQuerySchema = v.object({
  product: v.fallback(v.optional(catalogueIdSchema), undefined),
  /** A page of the merchant's site a shopper pasted (paste-a-link) that is no product of ours. */
  page: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(maxPastedTextLength))), undefined),
  locale: v.fallback(v.optional(localeSchema, defaultLocale), defaultLocale),
})

/**
 * `GET /go/{merchantId}?product=…&locale=en` (or `?page=…`): the tracked link behind "Shop now"
 * (the contract is in domain/contracts/cashback.ts). Every answer is a redirect:
 * - a signed-in active buyer → the merchant's shop with the new click id as `aff_sub` (the product's
 *   page when the network makes deep links, or the pasted `page` when it is on the merchant's own
 *   site; the demo storefront's addresses as paths on this server);
 * - anonymous → sign in, then back to the merchant page (where "Shop now" is pressed again, after
 *   the tracking checklist);
 * - suspended → /ban;
 * - an unknown or malformed merchant id → the app's merchant page, which shows its not-found
 *   screen.
 */
export function clickRoutes(database: Database, now: () => Date) {
  return new Hono<AppEnvironment>().get('/:merchantId', async (c) => {
    // Each visit records a click, so nothing may cache it; and the merchant must not learn which
    // of our pages (and so which product the shopper looked at) sent them.
    c.header('Cache-Control', 'no-store')
    c.header('Referrer-Policy', 'no-referrer')
    const { product, page, locale } = v.parse(clickOutQuerySchema, c.req.query())
    const merchantId = c.req.param('merchantId')
    const merchantPage = pathInLocale(`/merchants/${encodeURIComponent(merchantId)}`, locale)

    const links = v.is(catalogueIdSchema, merchantId) ? await findMerchantLinks(database, merchantId) : undefined
    if (links === undefined) return c.redirect(merchantPage, 302)

    const buyer = c.get('buyer')
    if (buyer === undefined) {
      return c.redirect(`${pathInLocale('/auth', locale)}?redirect=${encodeURIComponent(merchantPage)}`, 302)
    }
    if (buyer.status === 'suspended') return c.redirect(pathInLocale('/ban', locale), 302)
    // Hono answers HEAD with this GET handler; link previews and prefetchers send HEAD, and a
    // click must be a shopper's tap.
    if (c.req.method === 'HEAD') return c.body(null, 204)

    const click = await recordClick(database, {
      buyerId: buyer.id,
      merchantId,
      productId: product,
      userAgent: c.req.header('User-Agent'),
      now: now(),
    })
    // A product's "Shop now" lands on that product's page when the network makes deep links.
    const productLink =
      click.productId === null || links.deepLinkTemplate === null
        ? undefined
        : await findProductLink(database, merchantId, click.productId)
    // A pasted page of the shop that is no product of ours (paste-a-link) lands on that page too.
    const pageLink =
      productLink === undefined && page !== undefined && links.deepLinkTemplate !== null
        ? await findMerchantPage(database, merchantId, page)
        : undefined
    const linkedPage = productLink ?? pageLink
    const target = linkedPage === undefined ? links.shopUrl : deepLink(links.deepLinkTemplate ?? '', linkedPage)
    return c.redirect(shopUrlWithClickId(onThisServer(target), click.id), 302)
  })
}
