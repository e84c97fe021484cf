import * as v from 'valibot'
import { maxPastedTextLength, marketplaces } from '../links/shop-links.ts'
import { textSchema } from '../validation/text.ts'
import { catalogueIdSchema, localizedTextSchema, merchantSummarySchema, productSchema } from './catalogue.ts'

/**
 * `POST /api/links/resolve` (paste-a-link, docs/decisions/022): what a link the shopper pasted or
 * shared is to us. Anyone may ask (the home screen's card is there before sign-in); the answer
 * leads a member through the tracked link `/go/{merchantId}` like every other "Shop now".
 */

export const resolveLinkRequestSchema = v.object({
  /** What was pasted or shared: a link, or text with a link in it (the first http(s) address counts). */
  text: v.pipe(textSchema(), v.trim(), v.minLength(1), v.maxLength(maxPastedTextLength)),
})
export type ResolveLinkRequest = v.InferInput<typeof resolveLinkRequestSchema>

/**
 * What `/go/{merchantId}` is given for this link (src/features/cashback/click-out.ts builds it):
 * the product when we know it, else the page to deep-link to when the merchant's network makes
 * deep links and the page is not just the shop's front page.
 */
export const clickOutSchema = v.object({
  merchantId: catalogueIdSchema,
  productId: v.optional(catalogueIdSchema),
  page: v.optional(v.pipe(v.string(), v.maxLength(maxPastedTextLength))),
})
export type ClickOut = v.InferOutput<typeof clickOutSchema>

export const marketplaceSchema = v.picklist(marketplaces)

const partnerLinkSchema = v.object({
  kind: v.literal('partner'),
  /** The page the link is, as we read it (after a short link, without tracking parameters). */
  url: v.string(),
  merchant: merchantSummarySchema,
  /** The product of our catalogue the page is, when we have it listed. */
  product: v.nullable(productSchema),
  clickOut: clickOutSchema,
  /** A short link whose target could not be read (timeout, refused): the shop is known, the product is not. */
  hasUnresolvedShortLink: v.boolean(),
})

const notPartnerLinkSchema = v.object({
  kind: v.literal('not_partner'),
  url: v.string(),
  shop: v.object({
    /** Shopee, Lazada, a paused merchant's name, or the site's host. */
    name: localizedTextSchema,
    marketplace: v.nullable(marketplaceSchema),
  }),
  /** `paused`: a merchant of ours whose offer is paused or ended; `unknown_shop`: never a partner. */
  reason: v.picklist(['unknown_shop', 'paused']),
  hasUnresolvedShortLink: v.boolean(),
})

const notShopLinkSchema = v.object({
  /** No http(s) address in the text. */
  kind: v.literal('not_a_shop_link'),
})

export const linkResolutionSchema = v.variant('kind', [partnerLinkSchema, notPartnerLinkSchema, notShopLinkSchema])
export type LinkResolution = v.InferOutput<typeof linkResolutionSchema>
export type PartnerLink = v.InferOutput<typeof partnerLinkSchema>
export type NotPartnerLink = v.InferOutput<typeof notPartnerLinkSchema>
