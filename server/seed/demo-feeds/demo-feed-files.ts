import { formatHundredths } from '#domain/money'
import type { MerchantInput, ProductInput } from '#server/catalogue/catalogue-writes'
import { demoNetworks, type DemoCatalogue } from '#server/seed/demo-catalogue'

/**
 * The demo catalogue as the files affiliate networks publish (issue 19): each demo network's
 * offers file, and each merchant's product feed in the Google Merchant Center format, Thai, with
 * an English supplemental feed. They are committed under `server/seed/demo-feeds/files/`
 * (`npm run demo:feeds` writes them from server/seed/demo-catalogue.ts) and imported at a demo
 * start through the same import as a network's files (seed-demo-catalogue.ts).
 */

/** Folder of the committed files, relative to this file. */
export const demoFeedFolder = 'files'

export const offersFileNames = {
  [demoNetworks.involveAsia.id]: 'involve-asia-offers.json',
  [demoNetworks.accesstrade.id]: 'accesstrade-campaigns.csv',
} as const

/** `products/<network>/<merchant's id there>.<th|en>.<csv|tsv|xml>` */
export function productFeedPath(
  network: string,
  externalId: string,
  language: 'th' | 'en',
  format: FeedFormat,
): string {
  return `products/${network}/${externalId}.${language}.${format}`
}

export const productFeedPathPattern = /^products\/([a-z-]+)\/([0-9]+)\.(th|en)\.(csv|tsv|xml)$/

type FeedFormat = 'csv' | 'tsv' | 'xml'

function baht(satang: number): string {
  return `${formatHundredths(satang)} THB`
}

function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value
}

function xmlText(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')
}

function requireNetwork(merchant: MerchantInput) {
  if (merchant.network === undefined) throw new Error(`Demo merchant ${merchant.id} has no network`)
  return merchant.network
}

/** What the rate looks like in a network's file: `5.25%`. */
function percent(basisPoints: number): string {
  return `${formatHundredths(basisPoints)}%`
}

function involveAsiaOffers(merchants: readonly MerchantInput[]): string {
  const offers = merchants.map((merchant) => {
    const network = requireNetwork(merchant)
    return {
      offer_id: Number(network.externalId),
      offer_name: merchant.name.en,
      offer_name_th: merchant.name.th,
      description: merchant.description.en,
      description_th: merchant.description.th,
      categories: merchant.categoryLabel,
      commission_rate: percent(merchant.cashback.rateBasisPoints),
      commission_type: merchant.cashback.kind === 'flat' ? 'flat' : 'up_to',
      commission_cap: merchant.cashback.maxPerOrder === null ? null : baht(merchant.cashback.maxPerOrder),
      tracking_period: merchant.trackingDays,
      validation_period: merchant.confirmationDays,
      terms: merchant.terms.en,
      terms_th: merchant.terms.th,
      preview_url: network.websiteUrl,
      tracking_link: merchant.shopUrl,
      logo: network.logoSourceUrl,
      offer_status: merchant.listed === false ? 'Paused' : 'Active',
    }
  })
  const page = {
    status: 'success',
    data: { page: 1, limit: offers.length, count: offers.length, nextPage: null, data: offers },
  }
  return `${JSON.stringify(page, null, 1)}\n`
}

const accesstradeColumns = [
  'campaign_id',
  'campaign_name',
  'campaign_name_th',
  'category',
  'commission_rate',
  'commission_type',
  'commission_cap',
  'cookie_days',
  'approval_days',
  'terms',
  'terms_th',
  'website_url',
  'tracking_url',
  'deeplink_url',
  'logo_url',
  'status',
  'description',
  'description_th',
] as const

function accesstradeCampaigns(merchants: readonly MerchantInput[]): string {
  const rows = merchants.map((merchant) => {
    const network = requireNetwork(merchant)
    const row: Record<(typeof accesstradeColumns)[number], string> = {
      campaign_id: network.externalId,
      campaign_name: merchant.name.en,
      campaign_name_th: merchant.name.th,
      category: merchant.categoryLabel,
      commission_rate: percent(merchant.cashback.rateBasisPoints),
      commission_type: merchant.cashback.kind === 'flat' ? 'flat' : 'up_to',
      commission_cap: merchant.cashback.maxPerOrder === null ? '' : formatHundredths(merchant.cashback.maxPerOrder),
      cookie_days: String(merchant.trackingDays),
      approval_days: String(merchant.confirmationDays),
      terms: merchant.terms.en.join('\n'),
      terms_th: merchant.terms.th.join('\n'),
      website_url: network.websiteUrl ?? '',
      tracking_url: merchant.shopUrl,
      deeplink_url: network.deepLinkTemplate ?? '',
      logo_url: network.logoSourceUrl ?? '',
      status: merchant.listed === false ? 'paused' : 'active',
      description: merchant.description.en,
      description_th: merchant.description.th,
    }
    return accesstradeColumns.map((column) => csvField(row[column])).join(',')
  })
  return `${[accesstradeColumns.join(','), ...rows].join('\r\n')}\r\n`
}

const productColumns = [
  'id',
  'title',
  'link',
  'image_link',
  'price',
  'sale_price',
  'brand',
  'gtin',
  'mpn',
  'google_product_category',
  'availability',
] as const

type ProductColumn = (typeof productColumns)[number]

/** Google product taxonomy paths for our categories, as a merchant's feed would name them. */
const taxonomyPaths: Record<ProductInput['categoryId'], string> = {
  books: 'Media > Books',
  computers: 'Electronics',
  entertainment: 'Arts & Entertainment',
  fashion: 'Apparel & Accessories',
  food: 'Food, Beverages & Tobacco',
  health: 'Health & Beauty',
  furniture: 'Furniture',
  home: 'Home & Garden',
  travel: 'Travel',
  marketplace: 'Marketplace',
  services: 'Services',
  sports: 'Sporting Goods',
  toys: 'Toys & Games',
}

function productFields(product: ProductInput): Record<ProductColumn, string> {
  const feed = product.feed
  if (feed === undefined) throw new Error(`Demo product ${product.id} has no feed facts`)
  const onSale = feed.regularPrice !== null
  return {
    id: feed.itemId,
    title: product.name.th,
    link: feed.link,
    image_link: feed.imageSourceUrl ?? '',
    price: baht(onSale ? (feed.regularPrice ?? product.price) : product.price),
    sale_price: onSale ? baht(product.price) : '',
    brand: feed.brand ?? '',
    gtin: feed.gtin ?? '',
    mpn: feed.mpn ?? '',
    google_product_category: taxonomyPaths[product.categoryId],
    availability: 'in_stock',
  }
}

function delimitedFeed(
  rows: readonly Record<string, string>[],
  columns: readonly string[],
  delimiter: ',' | '\t',
): string {
  // Google's tab-separated feeds have no quoting; the demo's texts have no tabs or line breaks.
  const field = delimiter === ',' ? csvField : (value: string) => value
  return `${[columns.join(delimiter), ...rows.map((row) => columns.map((column) => field(row[column] ?? '')).join(delimiter))].join('\n')}\n`
}

function xmlFeed(merchant: MerchantInput, rows: readonly Record<string, string>[]): string {
  const items = rows.map(
    (row) =>
      `<item>${Object.entries(row)
        .filter(([, value]) => value !== '')
        .map(([name, value]) =>
          name === 'title' || name === 'link'
            ? `<${name}>${xmlText(value)}</${name}>`
            : `<g:${name}>${xmlText(value)}</g:${name}>`,
        )
        .join('')}</item>`,
  )
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">',
    '<channel>',
    `<title>${xmlText(merchant.name.th)}</title>`,
    `<link>${xmlText(merchant.network?.websiteUrl ?? merchant.shopUrl)}</link>`,
    ...items,
    '</channel>',
    '</rss>',
    '',
  ].join('\n')
}

/** Every committed demo file, by its path under `files/`. */
export function demoFeedFiles(catalogue: DemoCatalogue): Map<string, string> {
  const files = new Map<string, string>()
  const byNetwork = (network: string) => catalogue.merchants.filter((merchant) => merchant.network?.id === network)
  files.set(offersFileNames['involve-asia'], involveAsiaOffers(byNetwork(demoNetworks.involveAsia.id)))
  files.set(offersFileNames.accesstrade, accesstradeCampaigns(byNetwork(demoNetworks.accesstrade.id)))

  const productsOf = new Map<string, ProductInput[]>()
  for (const product of catalogue.products) {
    const list = productsOf.get(product.merchantId)
    if (list === undefined) productsOf.set(product.merchantId, [product])
    else list.push(product)
  }
  catalogue.merchants.forEach((merchant, index) => {
    const products = productsOf.get(merchant.id)
    if (products === undefined) return
    const network = requireNetwork(merchant)
    // Merchants export what their shop software makes: the demo covers CSV, TSV and RSS XML.
    const format: FeedFormat = network.id === demoNetworks.accesstrade.id ? 'tsv' : index % 2 === 0 ? 'xml' : 'csv'
    const rows = products.map(productFields)
    files.set(
      productFeedPath(network.id, network.externalId, 'th', format),
      format === 'xml' ? xmlFeed(merchant, rows) : delimitedFeed(rows, productColumns, format === 'tsv' ? '\t' : ','),
    )
    const english = products.map((product) => ({ id: product.feed?.itemId ?? '', title: product.name.en }))
    files.set(
      productFeedPath(network.id, network.externalId, 'en', 'csv'),
      delimitedFeed(english, ['id', 'title'], ','),
    )
  })
  return files
}
