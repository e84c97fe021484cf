/**
 * Reading a link a shopper pasted or shared into the app (paste-a-link, issue 19 part 7;
 * docs/decisions/022): the first web address in the text, the same address however it was copied
 * (scheme, host case, `www.`, a trailing slash, tracking parameters), and the shapes of the two
 * marketplaces Thai shoppers paste most, Shopee and Lazada, including their short links. Both sides
 * run it: the server to answer, the service worker to pick the link out of a share.
 */

/** Longer is no link a shopper copied (browsers cap addresses near 2 MB; real shop links are < 1 KB). */
export const maxPastedTextLength = 2000

/** The marketplaces whose links are recognised even when they are not our partners. */
export const marketplaces = ['shopee', 'lazada'] as const
export type Marketplace = (typeof marketplaces)[number]

/** The name a marketplace goes by, in both languages. */
export const marketplaceNames: Record<Marketplace, string> = { shopee: 'Shopee', lazada: 'Lazada' }

/**
 * The hosts of each marketplace's own pages (a host key: lower case, without `www.` or `m.`).
 * Lazada's campaign pages (`pages.lazada.co.th`) are Lazada too, just never a product.
 */
const marketplaceHosts: Record<Marketplace, readonly string[]> = {
  shopee: ['shopee.co.th'],
  lazada: ['lazada.co.th', 'pages.lazada.co.th'],
}

/**
 * Short links each marketplace's share button makes. The server follows them (only them: never the
 * marketplace's own pages) to learn the product, with the limits of server/links/short-links.ts.
 */
export const shortLinkHosts: Readonly<Record<string, Marketplace>> = {
  's.shopee.co.th': 'shopee',
  'shp.ee': 'shopee',
  'shope.ee': 'shopee',
  's.lazada.co.th': 'lazada',
  'c.lazada.co.th': 'lazada',
}

/**
 * The first http(s) address in `text` ("ดูสิ https://… ถูกมาก"): up to the next space or quote,
 * without the punctuation a sentence puts after it. `undefined` when there is none.
 */
export function findFirstWebAddress(text: string): string | undefined {
  const match = /https?:\/\/[^\s<>"'`\u200b\u3000]+/i.exec(text.slice(0, maxPastedTextLength * 2))
  if (match === null) return undefined
  let address = match[0]
  // A closing bracket belongs to the address only when the address opened one (Wikipedia-style paths).
  for (;;) {
    let next = address.replace(/[.,;:!?…。、]+$/u, '')
    const last = next.at(-1) ?? ''
    const opener = closingBrackets[last]
    if (opener !== undefined && countOf(next, opener) < countOf(next, last)) next = next.slice(0, -1)
    if (next === address) return address
    address = next
  }
}

const closingBrackets: Partial<Record<string, string>> = { ')': '(', ']': '[', '}': '{' }

function countOf(text: string, character: string): number {
  return text.split(character).length - 1
}

/** `text` read as an absolute http(s) address, or `undefined`. */
export function parseWebAddress(text: string): URL | undefined {
  let url: URL
  try {
    url = new URL(text.trim())
  } catch {
    return undefined
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined
  if (url.hostname === '' || url.username !== '' || url.password !== '') return undefined
  return url
}

/** A host as compared between links: lower case (URL does that), no trailing dot, no `www.` or `m.`. */
export function hostKey(hostname: string): string {
  return hostname
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^(?:www\d*|m)\./, '')
}

/**
 * Query parameters that only say where a click came from (campaign tags, click ids, share tokens
 * of ads, analytics and the marketplaces' apps): two links that differ only in them are the same
 * page. Lower case; `utm_` and `af_` are prefixes.
 */
const trackingParameterPrefixes = ['utm_', 'af_', 'pk_', 'mtm_', 'aff_']
const trackingParameters = new Set([
  'fbclid',
  'gclid',
  'gclsrc',
  'gbraid',
  'wbraid',
  'dclid',
  'msclkid',
  'yclid',
  'twclid',
  'ttclid',
  'igshid',
  'igsh',
  'li_fat_id',
  'mc_cid',
  'mc_eid',
  '_ga',
  '_gl',
  'sub_id',
  'subid',
  'pbid',
  'click_id',
  'clickid',
  // Shopee's share and app parameters.
  'sp_atk',
  'xptdk',
  'smtt',
  'share_channel_code',
  'uls_trackid',
  'mmp_pid',
  'is_from_login',
  'deep_and_deferred',
  'publish_id',
  // Lazada's.
  'spm',
  'scm',
  'clicktrackinfo',
  'trafficfrom',
  'laz_trackid',
  'laz_share_info',
  'laz_token',
  'dsource',
  'exlaz',
  'trackinginfo',
  'abbucket',
  'mp',
  'from',
  'search',
])

export function isTrackingParameter(name: string): boolean {
  const lower = name.toLowerCase()
  return trackingParameters.has(lower) || trackingParameterPrefixes.some((prefix) => lower.startsWith(prefix))
}

/**
 * The address of the page itself: https, the host in lower case without a trailing dot, no
 * fragment, no tracking parameters (the others keep their order), no trailing slash after a path.
 * `www.` stays: it is a different host to the shop's server, only equal for matching (`hostKey`).
 */
export function normalizeShopAddress(url: URL): URL {
  const normalized = new URL(url.href)
  normalized.protocol = 'https:'
  normalized.hostname = normalized.hostname.replace(/\.$/, '')
  if (normalized.port === '443' || normalized.port === '80') normalized.port = ''
  normalized.hash = ''
  const tracking = new Set<string>()
  normalized.searchParams.forEach((_value, name) => {
    if (isTrackingParameter(name)) tracking.add(name)
  })
  for (const name of tracking) normalized.searchParams.delete(name)
  if (normalized.searchParams.size === 0) normalized.search = ''
  if (normalized.pathname.length > 1) normalized.pathname = normalized.pathname.replace(/\/+$/, '') || '/'
  return normalized
}

/**
 * The forms a shop's feed may have written the same page in (our `link` column holds the feed's
 * text): the normalized address with and without its remaining query, with `http:`, with and
 * without `www.`, with a trailing slash, and with the path's non-ASCII letters decoded.
 */
export function addressVariants(url: URL): string[] {
  const normalized = normalizeShopAddress(url)
  const bases = [normalized.href]
  if (normalized.search !== '') {
    const withoutQuery = new URL(normalized.href)
    withoutQuery.search = ''
    bases.push(withoutQuery.href)
  }
  const variants = new Set<string>()
  for (const base of bases) {
    const parsed = new URL(base)
    const hosts = new Set([parsed.hostname, hostKey(parsed.hostname), `www.${hostKey(parsed.hostname)}`])
    for (const host of hosts) {
      for (const protocol of ['https:', 'http:']) {
        const variant = new URL(base)
        variant.protocol = protocol
        variant.hostname = host
        variants.add(variant.href)
        if (variant.pathname.length > 1 && variant.search === '') variants.add(`${variant.href}/`)
        const decoded = safeDecode(variant.href)
        if (decoded !== undefined) variants.add(decoded)
      }
    }
  }
  return [...variants]
}

function safeDecode(text: string): string | undefined {
  try {
    const decoded = decodeURI(text)
    return decoded === text ? undefined : decoded
  } catch {
    return undefined
  }
}

/** What a marketplace link names: the marketplace, and the item when it is a product's page. */
export type MarketplaceLink = {
  marketplace: Marketplace
  /** A product's page: its item id (and for Shopee the shop's, for Lazada the SKU when given). */
  item?: { itemId: string; shopId?: string; skuId?: string }
}

/** The last path segment, decoded (Shopee's slugs are Thai). */
function lastSegment(url: URL): string {
  const segments = url.pathname.split('/').filter((segment) => segment !== '')
  const last = segments.at(-1) ?? ''
  try {
    return decodeURIComponent(last)
  } catch {
    return last
  }
}

/**
 * Shopee: `/product/{shopId}/{itemId}` and `/{slug}-i.{shopId}.{itemId}` (both also under
 * `/universal-link/`, where its short links land). Lazada: `/products/{slug}-i{itemId}-s{skuId}.html`
 * and `/products/i{itemId}.html`. Any other page of theirs is the marketplace without a product;
 * a short link is `undefined` here (see `shortLinkMarketplace`).
 */
export function recognizeMarketplaceLink(url: URL): MarketplaceLink | undefined {
  const host = hostKey(url.hostname)
  const marketplace = marketplaces.find((name) => marketplaceHosts[name].includes(host))
  if (marketplace === undefined) return undefined
  const path = url.pathname.replace(/\/+$/, '')
  if (marketplace === 'shopee') {
    const byIds = /^(?:\/universal-link)?\/product\/(\d{1,20})\/(\d{1,20})$/.exec(path)
    if (byIds?.[1] !== undefined && byIds[2] !== undefined) {
      return { marketplace, item: { shopId: byIds[1], itemId: byIds[2] } }
    }
    const bySlug = /-i\.(\d{1,20})\.(\d{1,20})$/.exec(lastSegment(url))
    if (bySlug?.[1] !== undefined && bySlug[2] !== undefined) {
      return { marketplace, item: { shopId: bySlug[1], itemId: bySlug[2] } }
    }
    return { marketplace }
  }
  if (/^\/products\/[^/]+$/.test(path)) {
    const item = /(?:^|-)i(\d{1,20})(?:-s(\d{1,20}))?\.html$/.exec(lastSegment(url))
    if (item?.[1] !== undefined) {
      return { marketplace, item: item[2] === undefined ? { itemId: item[1] } : { itemId: item[1], skuId: item[2] } }
    }
  }
  return { marketplace }
}

/** The marketplace whose share button made this short link, or `undefined` when it is none. */
export function shortLinkMarketplace(url: URL): Marketplace | undefined {
  return shortLinkHosts[url.hostname.toLowerCase().replace(/\.$/, '')]
}

/**
 * The one address of a marketplace product's page, whatever slug or tracking the pasted link had:
 * what a feed or a deep link names it by.
 */
export function canonicalMarketplaceAddress(link: Required<MarketplaceLink>): string {
  const { itemId, shopId, skuId } = link.item
  if (link.marketplace === 'shopee') return `https://shopee.co.th/product/${shopId ?? '0'}/${itemId}`
  return skuId === undefined
    ? `https://www.lazada.co.th/products/i${itemId}.html`
    : `https://www.lazada.co.th/products/i${itemId}-s${skuId}.html`
}

/**
 * How well a page matches a shop's site (its `website_url`): 2 when on its host and under its
 * path (`https://shop.example/th` takes `/th/...`), 1 when only on its host, 0 otherwise. Several
 * shops may share a host (a marketplace's stores, the demo storefront): the path tells them apart.
 */
export function siteMatch(page: URL, site: URL): 0 | 1 | 2 {
  if (hostKey(page.hostname) !== hostKey(site.hostname)) return 0
  const sitePath = site.pathname.replace(/\/+$/, '')
  if (sitePath === '') return 2
  const pagePath = page.pathname.replace(/\/+$/, '')
  return pagePath === sitePath || pagePath.startsWith(`${sitePath}/`) ? 2 : 1
}

/** The app page that reads a pasted or shared link (`/paste-link?link=…`; `/en/paste-link` in English). */
export const pasteLinkPath = '/paste-link'

/**
 * The share sheet's fields of the manifest's share target (`share_target.params`). Android puts a
 * shared link in `text` as often as in `url` ("Look at this! https://…"), and the title is the
 * page's.
 */
export const sharedTextFields = ['url', 'text', 'title'] as const

/**
 * Where a share that brought text (no pictures) opens the app: the paste-a-link page with the first
 * web address of its fields, or with the text itself when none has one (the page then says there is
 * no link in it). `undefined` when the share has no text at all.
 */
export function sharedLinkPath(
  field: (name: (typeof sharedTextFields)[number]) => string | undefined,
): string | undefined {
  const texts = sharedTextFields.map((name) => field(name)?.trim() ?? '').filter((text) => text !== '')
  if (texts.length === 0) return undefined
  const link = texts.map(findFirstWebAddress).find((address) => address !== undefined) ?? texts.join(' ')
  return `${pasteLinkPath}?${new URLSearchParams({ link: link.slice(0, maxPastedTextLength) }).toString()}`
}
