import { createRecordId } from '#server/db/record-id'
import { and, eq } from 'drizzle-orm'
import type { Database } from '#server/db/database'
import { clicks, merchants, products } from '#server/db/schema'

export type ClickRecord = typeof clicks.$inferSelect

/** Enough to tell browsers and apps apart for fraud checks; some clients send kilobytes. */
const maxUserAgentLength = 512

/** Where a tracked link to the merchant goes, and to one of its pages; `undefined` when not listed. */
export async function findMerchantLinks(
  database: Database,
  merchantId: string,
): Promise<{ shopUrl: string; deepLinkTemplate: string | null } | undefined> {
  const [merchant] = await database
    .select({ shopUrl: merchants.shopUrl, deepLinkTemplate: merchants.deepLinkTemplate })
    .from(merchants)
    // A paused or dropped offer earns nothing: no tracked link to it.
    .where(and(eq(merchants.id, merchantId), eq(merchants.listed, true)))
  return merchant
}

/** The product's page in the merchant's shop, when the product is this merchant's and has one. */
export async function findProductLink(
  database: Database,
  merchantId: string,
  productId: string,
): Promise<string | undefined> {
  const [product] = await database
    .select({ link: products.link })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.merchantId, merchantId)))
  return product?.link ?? undefined
}

/**
 * The network's tracked link to one page of the shop: its template with the page's address in
 * place of `{url}` (networks read it from a query parameter, so it is encoded).
 */
export function deepLink(template: string, pageUrl: string): string {
  return template.replace('{url}', encodeURIComponent(pageUrl))
}

/**
 * Records a tap on "Shop now". The product is kept only when it is this merchant's: the query
 * string is the shopper's to edit, and a wrong product would misdescribe the purchase later.
 */
export async function recordClick(
  database: Database,
  input: {
    buyerId: string
    merchantId: string
    productId: string | undefined
    userAgent: string | undefined
    now: Date
  },
): Promise<ClickRecord> {
  let productId: string | null = null
  if (input.productId !== undefined) {
    const [product] = await database
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, input.productId), eq(products.merchantId, input.merchantId)))
    productId = product?.id ?? null
  }
  const [click] = await database
    .insert(clicks)
    .values({
      id: createRecordId(),
      buyerId: input.buyerId,
      merchantId: input.merchantId,
      productId,
      userAgent: input.userAgent?.slice(0, maxUserAgentLength) || null,
      createdAt: input.now,
    })
    .returning()
  if (click === undefined) throw new Error('the click insert returned no row')
  return click
}

/** The query parameter that carries our click id to the merchant (Involve Asia's sub-id name). */
export const affiliateSubIdParameter = 'aff_sub'

/**
 * The merchant's URL with the click id as the affiliate sub-id; its other query parameters stay.
 * Same-origin paths (the demo storefront's `/demo-store/{id}`) stay paths, so the redirect does
 * not depend on which host name the shopper used.
 */
export function shopUrlWithClickId(shopUrl: string, clickId: string): string {
  const isPath = shopUrl.startsWith('/') && !shopUrl.startsWith('//')
  const url = new URL(shopUrl, 'http://same-origin.invalid')
  url.searchParams.set(affiliateSubIdParameter, clickId)
  return isPath ? `${url.pathname}${url.search}${url.hash}` : url.href
}
