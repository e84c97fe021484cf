import { and, desc, eq, inArray, or, sql } from 'drizzle-orm'
import { hostKey, siteMatch } from '#domain/links/shop-links'
import type { Database } from '#server/db/database'
import { merchants, products } from '#server/db/schema'

/** A merchant whose own site (`website_url`) a page is on. */
export type SiteMerchant = {
  id: string
  nameTh: string
  nameEn: string
  listed: boolean
  deepLinkTemplate: string | null
  websiteUrl: string
}

const siteMerchantColumns = {
  id: merchants.id,
  nameTh: merchants.nameTh,
  nameEn: merchants.nameEn,
  listed: merchants.listed,
  deepLinkTemplate: merchants.deepLinkTemplate,
  websiteUrl: merchants.websiteUrl,
}

function parseSite(websiteUrl: string | null): URL | undefined {
  if (websiteUrl === null) return undefined
  try {
    return new URL(websiteUrl)
  } catch {
    return undefined
  }
}

/** The host as a site's address may be written: with and without `www.`, `m.` left as it is. */
function hostForms(hostname: string): string[] {
  const key = hostKey(hostname)
  return [...new Set([hostname.toLowerCase(), key, `www.${key}`])]
}

/**
 * The addresses a site could be stored as for `page` to be on it under its path: every path prefix
 * of the page (`/`, `/a`, `/a/b`…), with either scheme, each host form, with and without a
 * trailing slash. Lower case: the column is compared lowered.
 */
function siteAddressCandidates(page: URL): string[] {
  const segments = page.pathname.split('/').filter((segment) => segment !== '')
  const paths = [''].concat(segments.map((_segment, index) => `/${segments.slice(0, index + 1).join('/')}`))
  const candidates = new Set<string>()
  for (const host of hostForms(page.hostname)) {
    for (const scheme of ['https', 'http']) {
      for (const path of paths) {
        const base = `${scheme}://${host}${page.port === '' ? '' : `:${page.port}`}${path}`.toLowerCase()
        candidates.add(base)
        candidates.add(`${base}/`)
      }
    }
  }
  return [...candidates]
}

/**
 * The merchant whose site `page` is on, paused ones too (the caller says so rather than "no
 * partner"): the one whose site's path is the longest prefix of the page's; else, when exactly one
 * merchant has a site on the page's host, that one (`https://shop.example/th` also takes
 * `/en/...`); else none. Several merchants may share a host (a marketplace's stores, the demo
 * storefront's `/{merchantId}`), where only the path can tell them apart.
 */
export async function findSiteMerchant(database: Database, page: URL): Promise<SiteMerchant | undefined> {
  const candidates = siteAddressCandidates(page).slice(0, 400)
  const underPath = await database
    .select(siteMerchantColumns)
    .from(merchants)
    .where(inArray(sql`lower(${merchants.websiteUrl})`, candidates))
  const best = pickLongestSite(page, underPath)
  if (best !== undefined) return best

  // The whole host, read two rows at most: one is an answer, two are a shared host.
  const hostPatterns = hostForms(page.hostname).flatMap((host) => [`http://${host}%`, `https://${host}%`])
  const onHost = await database
    .select(siteMerchantColumns)
    .from(merchants)
    .where(
      or(...hostPatterns.map((pattern) => sql`lower(${merchants.websiteUrl}) like ${escapeLike(pattern)} escape '\\'`)),
    )
    .limit(20)
  const sameHost = onHost.filter((row) => {
    const site = parseSite(row.websiteUrl)
    return site !== undefined && siteMatch(page, site) >= 1
  })
  const [only] = sameHost
  return sameHost.length === 1 && only !== undefined ? toSiteMerchant(only) : undefined
}

/** `%` at the end stays a wildcard; the host's own `_` (allowed in names) is taken literally. */
function escapeLike(pattern: string): string {
  return `${pattern.slice(0, -1).replace(/[\\%_]/g, (character) => `\\${character}`)}%`
}

type SiteRow = Omit<SiteMerchant, 'websiteUrl'> & { websiteUrl: string | null }

function toSiteMerchant(row: SiteRow): SiteMerchant | undefined {
  return row.websiteUrl === null ? undefined : { ...row, websiteUrl: row.websiteUrl }
}

function pickLongestSite(page: URL, rows: SiteRow[]): SiteMerchant | undefined {
  let best: { row: SiteRow; pathLength: number } | undefined
  for (const row of rows) {
    const site = parseSite(row.websiteUrl)
    if (site === undefined || siteMatch(page, site) !== 2) continue
    const pathLength = site.pathname.replace(/\/+$/, '').length
    // The longest path wins; on a tie a listed merchant before a paused one.
    if (best === undefined || pathLength > best.pathLength || (pathLength === best.pathLength && row.listed)) {
      best = { row, pathLength }
    }
  }
  return best === undefined ? undefined : toSiteMerchant(best.row)
}

/**
 * The merchant's product the page is: by its `link` in any of `addresses` (the forms a feed may
 * have written it in) or by the feed's item id (marketplaces' feeds use their item ids). A listed
 * one first; `undefined` when there is none.
 */
export async function findLinkedProduct(
  database: Database,
  merchantId: string,
  lookup: { addresses: readonly string[]; feedItemIds: readonly string[] },
): Promise<{ id: string; listed: boolean } | undefined> {
  const matches = [
    lookup.addresses.length === 0 ? undefined : inArray(products.link, [...lookup.addresses]),
    lookup.feedItemIds.length === 0 ? undefined : inArray(products.feedItemId, [...lookup.feedItemIds]),
  ].filter((condition) => condition !== undefined)
  if (matches.length === 0) return undefined
  const [product] = await database
    .select({ id: products.id, listed: products.listed })
    .from(products)
    .where(and(eq(products.merchantId, merchantId), or(...matches)))
    .orderBy(desc(products.listed), products.id)
    .limit(1)
  return product
}
