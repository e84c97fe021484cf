import { and, asc, eq, gte, inArray, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm'
import type { MerchantCategoryId } from '#domain/categories'
import type {
  Merchant,
  MerchantListQuery,
  MerchantSort,
  Product,
  ProductListQuery,
  ProductSort,
} from '#domain/contracts/catalogue'
import type { Locale } from '#domain/locale'
import { productFallbackWidth, fallbackPictureUrl } from '#domain/pictures/catalogue-pictures'
import { onThisServer, productImageUrl } from '#server/catalogue/catalogue-urls'
import type { Database } from '#server/db/database'
import { merchants, products } from '#server/db/schema'
import { containingPattern } from '#server/db/like-pattern'
import { madePictureOf, merchantLogoFields, toPicture } from '#server/pictures/picture-columns'

/**
 * The catalogue's reads. Every order ends on the id so pages never overlap or skip a row, and
 * each order matches an index of server/db/schema.ts (including its `NULLS LAST`), so a page is an
 * index walk rather than a sort of the whole table.
 */

export type MerchantSearch = Pick<MerchantListQuery, 'search' | 'filter'>
export type ProductSearch = Pick<ProductListQuery, 'search' | 'filter'>

/**
 * Any part of a name, whatever the search's length. This is the fallback only (docs/decisions/020):
 * searches are answered by catalogue-index.ts, which also finds words, synonyms and typos and
 * ranks what it finds; SQL answers a search only when the index cannot be had (it failed to load,
 * or the catalogue is above its memory bound), with these plainer finds and `relevance` meaning
 * `popular`. The trigram indexes serve three characters or more.
 */
function searchCondition(table: typeof merchants | typeof products, search: string | undefined): SQL | undefined {
  if (search === undefined) return undefined
  return sql`${table.searchText} ilike ${containingPattern(search.toLowerCase())}`
}

/**
 * Lists, counts, details and comparisons show listed rows only: a merchant the network paused or
 * dropped, and a product its feed withdrew, are kept for the purchases that point at them
 * (server/catalogue/feeds/catalogue-import.ts) but offered to no one. A product's `listed` is
 * false whenever its merchant's is.
 */
export const isListedMerchant = eq(merchants.listed, true)
export const isListedProduct = eq(products.listed, true)

function merchantConditions({ search, filter }: MerchantSearch): SQL | undefined {
  return and(
    isListedMerchant,
    searchCondition(merchants, search),
    filter?.category === undefined ? undefined : eq(merchants.categoryId, filter.category),
    filter?.flatRate === undefined ? undefined : eq(merchants.cashbackKind, filter.flatRate ? 'flat' : 'up-to'),
    filter?.top === undefined ? undefined : filter.top ? isNotNull(merchants.topRank) : isNull(merchants.topRank),
  )
}

function productConditions({ search, filter }: ProductSearch): SQL | undefined {
  return and(
    isListedProduct,
    searchCondition(products, search),
    filter?.category === undefined ? undefined : eq(products.categoryId, filter.category),
    filter?.merchant === undefined ? undefined : eq(products.merchantId, filter.merchant),
    filter?.minPrice === undefined ? undefined : gte(products.price, filter.minPrice),
    filter?.maxPrice === undefined ? undefined : lte(products.price, filter.maxPrice),
    filter?.comparisonKey === undefined ? undefined : eq(products.comparisonKey, filter.comparisonKey),
  )
}

/** Thai names in the order of a Thai dictionary (the `thai_dictionary` collation, migration 0018). */
export function merchantOrder(sort: MerchantSort, locale: Locale): SQL[] {
  switch (sort) {
    case 'relevance':
    case 'popular':
      return [sql`${merchants.topRank} asc nulls last`, sql`${merchants.popularity} desc nulls last`, asc(merchants.id)]
    case 'cashback':
      return [sql`${merchants.cashbackRateBasisPoints} desc nulls last`, asc(merchants.id)]
    case 'newest':
      return [sql`${merchants.createdAt} desc nulls last`, sql`${merchants.id} desc nulls last`]
    case 'name':
      return locale === 'th'
        ? [sql`${merchants.nameTh} collate thai_dictionary`, asc(merchants.id)]
        : [sql`lower(${merchants.nameEn})`, asc(merchants.id)]
  }
}

export function productOrder(sort: ProductSort, locale: Locale): SQL[] {
  switch (sort) {
    case 'relevance':
    case 'popular':
      return [sql`${products.popularity} desc nulls last`, asc(products.id)]
    case 'cashback':
      return [sql`${products.estimatedCashback} desc nulls last`, asc(products.id)]
    case 'newest':
      return [sql`${products.createdAt} desc nulls last`, sql`${products.id} desc nulls last`]
    case 'name':
      return locale === 'th'
        ? [sql`${products.nameTh} collate thai_dictionary`, asc(products.id)]
        : [sql`lower(${products.nameEn})`, asc(products.id)]
    case 'price-low':
      return [asc(products.price), asc(products.id)]
    case 'price-high':
      return [sql`${products.price} desc`, sql`${products.id} desc`]
  }
}

export const merchantColumns = {
  id: merchants.id,
  nameTh: merchants.nameTh,
  nameEn: merchants.nameEn,
  descriptionTh: merchants.descriptionTh,
  descriptionEn: merchants.descriptionEn,
  categoryLabel: merchants.categoryLabel,
  categoryId: merchants.categoryId,
  cashbackKind: merchants.cashbackKind,
  cashbackRateBasisPoints: merchants.cashbackRateBasisPoints,
  cashbackMaxPerOrder: merchants.cashbackMaxPerOrder,
  trackingDays: merchants.trackingDays,
  confirmationDays: merchants.confirmationDays,
  termsTh: merchants.termsTh,
  termsEn: merchants.termsEn,
  topRank: merchants.topRank,
  shopUrl: merchants.shopUrl,
  createdAt: merchants.createdAt,
  logo: madePictureOf(merchants.logoSourceUrl),
}

export function selectMerchantRows(database: Database) {
  return database.select(merchantColumns).from(merchants)
}

export type MerchantRow = Awaited<ReturnType<typeof selectMerchantRows>>[number]

export function toMerchant(row: MerchantRow, productCount: number): Merchant {
  return {
    _id: row.id,
    name: { th: row.nameTh, en: row.nameEn },
    description: { th: row.descriptionTh, en: row.descriptionEn },
    ...merchantLogoFields(row.id, row.logo),
    category: row.categoryLabel,
    categoryId: row.categoryId,
    cashback: {
      kind: row.cashbackKind,
      rateBasisPoints: row.cashbackRateBasisPoints,
      maxPerOrder: row.cashbackMaxPerOrder,
    },
    trackingDays: row.trackingDays,
    confirmationDays: row.confirmationDays,
    terms: { th: row.termsTh, en: row.termsEn },
    topRank: row.topRank,
    shopUrl: onThisServer(row.shopUrl),
    productCount,
    createdAt: row.createdAt.toISOString(),
  }
}

const productColumns = {
  id: products.id,
  nameTh: products.nameTh,
  nameEn: products.nameEn,
  price: products.price,
  estimatedCashback: products.estimatedCashback,
  categoryId: products.categoryId,
  comparisonKey: products.comparisonKey,
  createdAt: products.createdAt,
  merchantId: merchants.id,
  merchantNameTh: merchants.nameTh,
  merchantNameEn: merchants.nameEn,
  cashbackKind: merchants.cashbackKind,
  cashbackRateBasisPoints: merchants.cashbackRateBasisPoints,
  cashbackMaxPerOrder: merchants.cashbackMaxPerOrder,
  merchantTrackingDays: merchants.trackingDays,
  merchantConfirmationDays: merchants.confirmationDays,
  picture: madePictureOf(products.imageSourceUrl),
  merchantLogo: madePictureOf(merchants.logoSourceUrl),
}

export function selectProductRows(database: Database) {
  return database.select(productColumns).from(products).innerJoin(merchants, eq(merchants.id, products.merchantId))
}

export type ProductRow = Awaited<ReturnType<typeof selectProductRows>>[number]

export function toProduct(row: ProductRow): Product {
  const image = toPicture(row.picture)
  return {
    _id: row.id,
    name: { th: row.nameTh, en: row.nameEn },
    imageUrl: image === null ? productImageUrl(row.id) : fallbackPictureUrl(image, productFallbackWidth),
    image,
    price: row.price,
    merchant: {
      _id: row.merchantId,
      name: { th: row.merchantNameTh, en: row.merchantNameEn },
      ...merchantLogoFields(row.merchantId, row.merchantLogo),
      cashback: {
        kind: row.cashbackKind,
        rateBasisPoints: row.cashbackRateBasisPoints,
        maxPerOrder: row.cashbackMaxPerOrder,
      },
      trackingDays: row.merchantTrackingDays,
      confirmationDays: row.merchantConfirmationDays,
    },
    estimatedCashback: row.estimatedCashback,
    categoryId: row.categoryId,
    comparisonKey: row.comparisonKey,
    createdAt: row.createdAt.toISOString(),
  }
}

export async function selectMerchantPage(
  database: Database,
  query: Pick<MerchantListQuery, 'search' | 'filter' | 'sort' | 'locale' | 'limit' | 'skip'>,
): Promise<Merchant[]> {
  const rows = await selectMerchantRows(database)
    .where(merchantConditions(query))
    .orderBy(...merchantOrder(query.sort, query.locale))
    .limit(query.limit)
    .offset(query.skip)
  const productCounts = await countProductsOf(
    database,
    rows.map((row) => row.id),
  )
  return rows.map((row) => toMerchant(row, productCounts.get(row.id) ?? 0))
}

/**
 * Counted for the page's merchants only, in one query: as a column of the page query, PostgreSQL
 * would also count for every row `skip` passes over.
 */
async function countProductsOf(database: Database, merchantIds: string[]): Promise<Map<string, number>> {
  if (merchantIds.length === 0) return new Map()
  const rows = await database
    .select({ merchantId: products.merchantId, total: sql<number>`count(*)::integer` })
    .from(products)
    .where(and(isListedProduct, inArray(products.merchantId, merchantIds)))
    .groupBy(products.merchantId)
  return new Map(rows.map((row) => [row.merchantId, row.total]))
}

export async function countMerchants(database: Database, search: MerchantSearch): Promise<number> {
  const [row] = await database
    .select({ total: sql<number>`count(*)::integer` })
    .from(merchants)
    .where(merchantConditions(search))
  return row?.total ?? 0
}

export async function selectMerchant(database: Database, id: string): Promise<Merchant | undefined> {
  const [row] = await selectMerchantRows(database).where(and(isListedMerchant, eq(merchants.id, id)))
  if (row === undefined) return undefined
  const productCounts = await countProductsOf(database, [id])
  return toMerchant(row, productCounts.get(id) ?? 0)
}

export async function selectProductPage(
  database: Database,
  query: Pick<ProductListQuery, 'search' | 'filter' | 'sort' | 'locale' | 'limit' | 'skip'>,
): Promise<Product[]> {
  const rows = await selectProductRows(database)
    .where(productConditions(query))
    .orderBy(...productOrder(query.sort, query.locale))
    .limit(query.limit)
    .offset(query.skip)
  return rows.map(toProduct)
}

export async function countProducts(database: Database, search: ProductSearch): Promise<number> {
  const [row] = await database
    .select({ total: sql<number>`count(*)::integer` })
    .from(products)
    .where(productConditions(search))
  return row?.total ?? 0
}

export async function selectProduct(database: Database, id: string): Promise<Product | undefined> {
  const [row] = await selectProductRows(database).where(and(isListedProduct, eq(products.id, id)))
  return row === undefined ? undefined : toProduct(row)
}

/** Every offer of the product's comparison key, cheapest after cashback first; `undefined` if no such product. */
export async function selectProductOffers(database: Database, id: string): Promise<Product[] | undefined> {
  const [product] = await database
    .select({ comparisonKey: products.comparisonKey })
    .from(products)
    .where(and(isListedProduct, eq(products.id, id)))
  if (product === undefined) return undefined
  const rows = await selectProductRows(database)
    .where(and(isListedProduct, eq(products.comparisonKey, product.comparisonKey)))
    .orderBy(asc(products.netPrice), asc(products.id))
  return rows.map(toProduct)
}

/** What the media routes need to draw a picture. */
export async function selectMerchantForLogo(
  database: Database,
  id: string,
): Promise<{ nameEn: string; categoryId: MerchantCategoryId } | undefined> {
  const [row] = await database
    .select({ nameEn: merchants.nameEn, categoryId: merchants.categoryId })
    .from(merchants)
    .where(eq(merchants.id, id))
  return row
}

export async function selectProductForPicture(
  database: Database,
  id: string,
): Promise<{ nameEn: string; categoryId: MerchantCategoryId } | undefined> {
  const [row] = await database
    .select({ nameEn: products.nameEn, categoryId: products.categoryId })
    .from(products)
    .where(eq(products.id, id))
  return row
}
