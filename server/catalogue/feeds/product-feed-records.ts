import * as v from 'valibot'
import { categoryOfLabel, type MerchantCategoryId } from '#domain/categories'
import { catalogueMaxSatang } from '#domain/contracts/catalogue'
import { isSafeText } from '#domain/validation/text'
import { hasControlCharacters, type FeedRow } from '#server/catalogue/feeds/feed-files'

/**
 * One item of a product feed in the Google Merchant Center product data format (the format Thai
 * networks' datafeeds and most merchants export), checked and made ready to store. Limits are
 * Google's: an item Google would refuse is refused here too, with the reason.
 */
export type ProductFeedRecord = {
  itemId: string
  title: string
  description: string
  link: string
  imageLink: string | null
  /** Satang: the sale price when the feed gives a lower one. */
  price: number
  /** Satang: the price before the sale, or `null` when not on sale. */
  regularPrice: number | null
  brand: string | null
  /** 14 digits (GTIN-8, -12 and -13 padded with zeros), check digit verified. */
  gtin: string | null
  mpn: string | null
  categoryId: MerchantCategoryId
  /** `out_of_stock` items are kept but not listed. */
  isAvailable: boolean
}

/**
 * Google product taxonomy top levels (by name, and by the numeric id feeds may give instead)
 * that belong to one of our categories. Deeper numeric ids would need the whole taxonomy file;
 * feeds that use them also give the path or a product_type.
 */
const taxonomyCategories: readonly { names: string[]; ids: number[]; category: MerchantCategoryId }[] = [
  { names: ['apparel & accessories', 'luggage & bags'], ids: [166, 5181], category: 'fashion' },
  { names: ['electronics', 'cameras & optics', 'software'], ids: [222, 141, 2092], category: 'computers' },
  { names: ['health & beauty'], ids: [469], category: 'health' },
  { names: ['home & garden', 'hardware', 'animals & pet supplies'], ids: [536, 632, 1], category: 'home' },
  { names: ['furniture'], ids: [436], category: 'furniture' },
  { names: ['sporting goods'], ids: [988], category: 'sports' },
  { names: ['toys & games', 'baby & toddler'], ids: [1239, 537], category: 'toys' },
  { names: ['media', 'office supplies'], ids: [783, 922], category: 'books' },
  { names: ['food, beverages & tobacco'], ids: [412], category: 'food' },
  { names: ['arts & entertainment'], ids: [8], category: 'entertainment' },
]

function categoryOfTaxonomy(value: string): MerchantCategoryId | undefined {
  const text = value.trim()
  if (/^\d+$/.test(text)) return taxonomyCategories.find((entry) => entry.ids.includes(Number(text)))?.category
  const top = (text.split('>')[0] ?? '').trim().toLowerCase()
  return taxonomyCategories.find((entry) => entry.names.includes(top))?.category ?? categoryOfLabel(top)
}

/** GTIN-8/12/13/14 as 14 digits, or `undefined` when the digits or the check digit are wrong. */
export function normalizedGtin(value: string): string | undefined {
  const digits = value.replace(/[\s-]/g, '')
  if (!/^(\d{8}|\d{12}|\d{13}|\d{14})$/.test(digits)) return undefined
  const padded = digits.padStart(14, '0')
  let sum = 0
  for (let index = 0; index < 13; index += 1) sum += Number(padded[index]) * (index % 2 === 0 ? 3 : 1)
  return (10 - (sum % 10)) % 10 === Number(padded[13]) ? padded : undefined
}

/** `1,299.50 THB` (or `THB 1299.5`) as satang; other currencies are refused, never converted. */
export function parseFeedPrice(value: string): number | 'not-thb' | undefined {
  const match = /^(?:([A-Z]{3})\s*)?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?(?:\s*([A-Z]{3}))?$/i.exec(value.trim())
  if (match === null) return undefined
  const [, before, whole = '', fraction = '', after] = match
  const currency = (before ?? after ?? '').toUpperCase()
  if (currency === '' || (before !== undefined && after !== undefined)) return undefined
  if (currency !== 'THB') return 'not-thb'
  const satang = Number(whole.replaceAll(',', '')) * 100 + Number(fraction.padEnd(2, '0'))
  return Number.isSafeInteger(satang) && satang <= catalogueMaxSatang ? satang : undefined
}

function isWebAddress(value: string): boolean {
  if (!URL.canParse(value)) return false
  const url = new URL(value)
  return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.')
}

const availabilities = new Map([
  ['in_stock', true],
  ['in stock', true],
  ['preorder', true],
  ['backorder', true],
  ['out_of_stock', false],
  ['out of stock', false],
])

function text(name: string, max: number) {
  return v.pipe(
    v.string(),
    v.check(isSafeText, `${name} contains a NUL byte or broken characters`),
    v.transform((value) => value.replace(/\s+/g, ' ').trim()),
    v.check((value) => !hasControlCharacters(value), `${name} contains control characters`),
    v.maxLength(max, `${name} is longer than ${max} characters`),
  )
}

function optionalText(name: string, max: number) {
  return v.optional(text(name, max))
}

const webAddress = (name: string) =>
  v.pipe(text(name, 2000), v.check(isWebAddress, `${name} is not an http(s) address`))

const rawProductSchema = v.object({
  id: v.pipe(text('id', 50), v.minLength(1, 'id is missing')),
  title: v.pipe(text('title', 150), v.minLength(1, 'title is missing')),
  description: v.optional(text('description', 5000), ''),
  link: webAddress('link'),
  image_link: v.optional(webAddress('image_link')),
  price: text('price', 50),
  sale_price: optionalText('sale_price', 50),
  brand: optionalText('brand', 70),
  gtin: optionalText('gtin', 50),
  mpn: optionalText('mpn', 70),
  product_type: optionalText('product_type', 750),
  google_product_category: optionalText('google_product_category', 750),
  availability: v.optional(text('availability', 20), 'in_stock'),
})

const requiredAttributes = ['id', 'title', 'link', 'price'] as const

export type RowResult<Record> = { ok: true; record: Record } | { ok: false; reason: string }

/** The row as a product, or why it is refused. `merchantCategory` serves items that name no category. */
export function productFeedRecordOf(row: FeedRow, merchantCategory: MerchantCategoryId): RowResult<ProductFeedRecord> {
  if (row.tooLong.length > 0) return { ok: false, reason: `${row.tooLong.join(', ')} too long` }
  const missing = requiredAttributes.filter((name) => !row.fields.has(name))
  if (missing.length > 0) return { ok: false, reason: `${missing.join(', ')} missing` }
  const parsed = v.safeParse(rawProductSchema, Object.fromEntries(row.fields))
  if (!parsed.success) return { ok: false, reason: parsed.issues.map((issue) => issue.message).join('; ') }
  const raw = parsed.output

  const listPrice = parseFeedPrice(raw.price)
  if (listPrice === 'not-thb') return { ok: false, reason: `price is not in THB: ${raw.price}` }
  if (listPrice === undefined) return { ok: false, reason: `price is not a price: ${raw.price}` }
  const salePrice = raw.sale_price === undefined ? undefined : parseFeedPrice(raw.sale_price)
  if (salePrice === 'not-thb' || (raw.sale_price !== undefined && salePrice === undefined)) {
    return { ok: false, reason: `sale_price is not a price in THB: ${raw.sale_price}` }
  }
  const onSale = salePrice !== undefined && salePrice < listPrice

  const availability = availabilities.get(raw.availability.toLowerCase())
  if (availability === undefined) return { ok: false, reason: `availability is unknown: ${raw.availability}` }

  const gtin = raw.gtin === undefined ? null : normalizedGtin(raw.gtin)
  if (gtin === undefined) return { ok: false, reason: `gtin is not a valid GTIN: ${raw.gtin}` }

  const named = raw.google_product_category ?? raw.product_type
  const categoryId = named === undefined ? merchantCategory : categoryOfTaxonomy(named)
  if (categoryId === undefined) return { ok: false, reason: `category is unknown: ${named}` }

  return {
    ok: true,
    record: {
      itemId: raw.id,
      title: raw.title,
      description: raw.description,
      link: raw.link,
      imageLink: raw.image_link ?? null,
      price: onSale ? salePrice : listPrice,
      regularPrice: onSale ? listPrice : null,
      brand: raw.brand ?? null,
      gtin,
      mpn: raw.mpn ?? null,
      categoryId,
      isAvailable: availability,
    },
  }
}

/** The text of a supplemental feed in another language: the item and its title only. */
export function translatedTitleOf(row: FeedRow): RowResult<{ itemId: string; title: string }> {
  if (row.tooLong.length > 0) return { ok: false, reason: `${row.tooLong.join(', ')} too long` }
  const parsed = v.safeParse(rawProductSchema.entries.id, row.fields.get('id') ?? '')
  const title = v.safeParse(rawProductSchema.entries.title, row.fields.get('title') ?? '')
  if (!parsed.success || !title.success) {
    const issues = [...(parsed.issues ?? []), ...(title.issues ?? [])]
    return { ok: false, reason: issues.map((issue) => issue.message).join('; ') }
  }
  return { ok: true, record: { itemId: parsed.output, title: title.output } }
}
