import { eq } from 'drizzle-orm'
import type { ClickOut, LinkResolution, NotPartnerLink } from '#domain/contracts/links'
import type { MerchantSummary } from '#domain/contracts/catalogue'
import {
  addressVariants,
  canonicalMarketplaceAddress,
  findFirstWebAddress,
  hostKey,
  marketplaceNames,
  maxPastedTextLength,
  normalizeShopAddress,
  parseWebAddress,
  recognizeMarketplaceLink,
  type Marketplace,
  type MarketplaceLink,
} from '#domain/links/shop-links'
import { demoStoreOrigin } from '#server/catalogue/catalogue-urls'
import { selectMerchantRows, selectProduct, toMerchant } from '#server/catalogue/catalogue-queries'
import type { Database } from '#server/db/database'
import { merchants } from '#server/db/schema'
import { findLinkedProduct, findSiteMerchant, type SiteMerchant } from '#server/links/link-queries'
import { followShortLink, shortLinkOf, type ShortLinkPolicy } from '#server/links/short-links'

/** The front page of each marketplace: what a short link stands for when it cannot be followed. */
const marketplaceFrontPages: Record<Marketplace, string> = {
  shopee: 'https://shopee.co.th/',
  lazada: 'https://www.lazada.co.th/',
}

export type ResolveLinkContext = {
  shortLinks: ShortLinkPolicy
  /**
   * Demo mode: the host this request came to. The demo storefront's pages are served here under
   * `/demo-store/`, so a link copied from one stands for the demo shop's own address.
   */
  demoStoreHost: string | undefined
  /** Called before a short link is followed (it counts against the outbound limits; may throw 429). */
  beforeFollowingShortLink(): Promise<void>
  /** Why a short link could not be followed, for the log. */
  onShortLinkFailure(reason: string): void
}

/** `http://{this host}/demo-store/x` → `https://demo-store.ngernkhuen.test/x`; any other address unchanged. */
function toDemoStoreAddress(url: URL, demoStoreHost: string | undefined): URL {
  if (demoStoreHost === undefined || url.host.toLowerCase() !== demoStoreHost.toLowerCase()) return url
  if (!url.pathname.startsWith('/demo-store/')) return url
  return new URL(`${demoStoreOrigin}${url.pathname.slice('/demo-store'.length)}${url.search}`)
}

async function readMerchantSummary(database: Database, merchantId: string): Promise<MerchantSummary | undefined> {
  const [row] = await selectMerchantRows(database).where(eq(merchants.id, merchantId))
  if (row === undefined) return undefined
  const merchant = toMerchant(row, 0)
  return {
    _id: merchant._id,
    name: merchant.name,
    logoUrl: merchant.logoUrl,
    logo: merchant.logo,
    cashback: merchant.cashback,
    trackingDays: merchant.trackingDays,
    confirmationDays: merchant.confirmationDays,
  }
}

function isFrontPage(page: URL, site: URL): boolean {
  return page.pathname.replace(/\/+$/, '') === site.pathname.replace(/\/+$/, '') && page.search === ''
}

/**
 * What a pasted text's link is to us (docs/decisions/022): a partner's page (the merchant, the
 * product when we list it, and what `/go` needs to send the shopper there), a shop we do not
 * partner with (named when we know it: Shopee, Lazada, a paused merchant, else the host), or no
 * link at all.
 */
export async function resolveLink(
  database: Database,
  text: string,
  context: ResolveLinkContext,
): Promise<LinkResolution> {
  const address = findFirstWebAddress(text)
  const pasted = address === undefined ? undefined : parseWebAddress(address)
  if (pasted === undefined) return { kind: 'not_a_shop_link' }

  let page = pasted
  let hasUnresolvedShortLink = false
  const shortLinkMarketplace = shortLinkOf(pasted, context.shortLinks)
  if (shortLinkMarketplace !== undefined) {
    await context.beforeFollowingShortLink()
    const outcome = await followShortLink(pasted, context.shortLinks)
    if (outcome.ok) {
      page = outcome.url
    } else {
      context.onShortLinkFailure(outcome.reason)
      hasUnresolvedShortLink = true
      page = new URL(marketplaceFrontPages[shortLinkMarketplace])
    }
  }
  page = normalizeShopAddress(toDemoStoreAddress(page, context.demoStoreHost))
  const marketplaceLink = recognizeMarketplaceLink(page)
  const url = page.href

  const merchant = await findSiteMerchant(database, page)
  if (merchant === undefined) {
    const marketplace = marketplaceLink?.marketplace ?? null
    // A site is named by its host as a shopper says it ("bigc.co.th", not "www.bigc.co.th").
    const name = marketplace === null ? hostKey(page.hostname) : marketplaceNames[marketplace]
    return notPartner(url, { th: name, en: name }, marketplace, 'unknown_shop', hasUnresolvedShortLink)
  }
  if (!merchant.listed) {
    return notPartner(
      url,
      { th: merchant.nameTh, en: merchant.nameEn },
      marketplaceLink?.marketplace ?? null,
      'paused',
      hasUnresolvedShortLink,
    )
  }
  const summary = await readMerchantSummary(database, merchant.id)
  if (summary === undefined) {
    const name = hostKey(page.hostname)
    return notPartner(url, { th: name, en: name }, null, 'unknown_shop', hasUnresolvedShortLink)
  }

  const linked = hasUnresolvedShortLink ? undefined : await findProduct(database, merchant.id, page, marketplaceLink)
  const product = linked?.listed === true ? ((await selectProduct(database, linked.id)) ?? null) : null
  return {
    kind: 'partner',
    url,
    merchant: summary,
    product,
    clickOut: clickOutFor(merchant, page, product?._id, marketplaceLink),
    hasUnresolvedShortLink,
  }
}

function notPartner(
  url: string,
  name: { th: string; en: string },
  marketplace: Marketplace | null,
  reason: NotPartnerLink['reason'],
  hasUnresolvedShortLink: boolean,
): NotPartnerLink {
  return { kind: 'not_partner', url, shop: { name, marketplace }, reason, hasUnresolvedShortLink }
}

async function findProduct(
  database: Database,
  merchantId: string,
  page: URL,
  marketplaceLink: MarketplaceLink | undefined,
): Promise<{ id: string; listed: boolean } | undefined> {
  const item = marketplaceLink?.item
  const addresses = addressVariants(page)
  if (marketplaceLink !== undefined && item !== undefined) {
    addresses.push(
      ...addressVariants(new URL(canonicalMarketplaceAddress({ marketplace: marketplaceLink.marketplace, item }))),
    )
  }
  return findLinkedProduct(database, merchantId, {
    addresses,
    feedItemIds: item === undefined ? [] : [item.itemId],
  })
}

/**
 * Through `/go`: to the product when we list it (its own deep link); else to the pasted page
 * itself, when the network makes deep links and it is more than the shop's front page; else to
 * the shop.
 */
function clickOutFor(
  merchant: SiteMerchant,
  page: URL,
  productId: string | undefined,
  marketplaceLink: MarketplaceLink | undefined,
): ClickOut {
  if (productId !== undefined) return { merchantId: merchant.id, productId }
  const site = new URL(merchant.websiteUrl)
  if (merchant.deepLinkTemplate === null || isFrontPage(page, site)) return { merchantId: merchant.id }
  const item = marketplaceLink?.item
  const target =
    marketplaceLink !== undefined && item !== undefined
      ? canonicalMarketplaceAddress({ marketplace: marketplaceLink.marketplace, item })
      : page.href
  // `/go` takes no longer page (the contract's cap); the shop's front page is the next best.
  return target.length > maxPastedTextLength ? { merchantId: merchant.id } : { merchantId: merchant.id, page: target }
}

/**
 * `page` as `/go/{merchantId}?page=` may deep-link to it: a page of this merchant's own site (the
 * one `findSiteMerchant` picks for it), normalized; `undefined` for anything else. The query is
 * anyone's to write, so the tracked link never leads off the merchant's site.
 */
export async function findMerchantPage(
  database: Database,
  merchantId: string,
  page: string,
): Promise<string | undefined> {
  const parsed = parseWebAddress(page)
  if (parsed === undefined) return undefined
  const normalized = normalizeShopAddress(parsed)
  const merchant = await findSiteMerchant(database, normalized)
  return merchant?.id === merchantId ? normalized.href : undefined
}
