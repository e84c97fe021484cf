import { and, asc, eq, gt, sql, type SQL } from 'drizzle-orm'
import type {
  MerchantListQuery,
  MerchantListResponse,
  MerchantSort,
  ProductListQuery,
  ProductListResponse,
  ProductSort,
} from '#domain/contracts/catalogue'
import type { Locale } from '#domain/locale'
import {
  isListedMerchant,
  isListedProduct,
  merchantColumns,
  merchantOrder,
  productOrder,
  toMerchant,
  toProduct,
  type MerchantRow,
} from '#server/catalogue/catalogue-queries'
import { searchTextSeparator } from '#server/catalogue/catalogue-writes'
import { buildSubstringIndex } from '#server/catalogue/substring-index'
import type { Database } from '#server/db/database'
import { merchants, products } from '#server/db/schema'
import { madePictureOf, type MadePicture } from '#server/pictures/picture-columns'

/**
 * The merchant and product lists answered in memory: one copy of what they search, filter, sort
 * and show, read from the database in one snapshot and kept for one catalogue version
 * (catalogue-service.ts decides when it is current). The database stays the source of truth, and
 * every answer is the one catalogue-queries.ts would give on the same database:
 *
 * - the texts searched are PostgreSQL's own `lower()` of the stored search texts, and a search is
 *   a plain substring of them, as `ILIKE '%…%'` with `%` and `_` escaped is;
 * - every order is the place PostgreSQL gives each row under the very ORDER BY of
 *   catalogue-queries.ts, so collations and ties cannot differ;
 * - filters compare the same stored values.
 *
 * A search with a character outside printable ASCII and Thai is left to SQL (`undefined`). A
 * product's search text is its own names, the separator, then its merchant's names; since no term
 * the index answers can hold the separator's bullet, a match lies on one side of it or the other,
 * so products with the same names share one text and merchants' names are searched once each
 * (`lower()` maps character by character, so the halves lowered apart are the whole lowered).
 * A product whose stored text is not made that way is searched by its whole text.
 *
 * Memory, measured by `npm run bench:catalogue`: about 35 MB for 10,000 merchants and 100,000
 * products, plus at most one bitmap per searchable letter (one bit per product).
 */
export type CatalogueIndex = {
  /** `undefined`: this search is SQL's to answer. */
  listMerchants(query: IndexedMerchantQuery): MerchantListResponse | undefined
  listProducts(query: IndexedProductQuery): ProductListResponse | undefined
  readonly merchantCount: number
  readonly productCount: number
  /** Typed arrays, strings, rows and sets, as V8 would store them if it shared nothing. */
  readonly approximateBytes: number
}

type IndexedMerchantQuery = Pick<MerchantListQuery, 'search' | 'filter' | 'sort' | 'locale' | 'limit' | 'skip'>
type IndexedProductQuery = Pick<ProductListQuery, 'search' | 'filter' | 'sort' | 'locale' | 'limit' | 'skip'>

/**
 * Printable ASCII and the Thai block. SQL receives the term as JavaScript lower-cased it and lowers
 * it again with `lower()`, which leaves these characters as they are in any locale.
 */
const indexableSearch = /^[\u0020-\u007e\u0e00-\u0e7f]+$/

const [separatorBefore = '', separatorAfter = ''] = searchTextSeparator.split('\u2022')
if (indexableSearch.test('\u2022')) throw new Error('The search text separator must hold a character no term can')

/** The names of each order, in the language it depends on. */
const merchantSortKeys = ['popular', 'cashback', 'newest', 'name:th', 'name:en'] as const
const productSortKeys = [...merchantSortKeys, 'price-low', 'price-high'] as const
type MerchantSortKey = (typeof merchantSortKeys)[number]
type ProductSortKey = (typeof productSortKeys)[number]

function sortKey<Sort extends MerchantSort | ProductSort>(
  sort: Sort,
  locale: Locale,
): `name:${Locale}` | Exclude<Sort, 'name'> {
  return sort === 'name' ? `name:${locale}` : (sort as Exclude<Sort, 'name'>)
}

function rankColumn(order: SQL[]): SQL<number> {
  return sql<number>`(row_number() over (order by ${sql.join(order, sql`, `)}) - 1)::integer`
}

/** One order: rank of each row, and the rows in that order. */
type Ordering = { rank: Int32Array; rows: Int32Array }

function ordering(rank: Int32Array): Ordering {
  const rows = new Int32Array(rank.length)
  for (let row = 0; row < rank.length; row += 1) rows[rank[row] ?? 0] = row
  return { rank, rows }
}

/** Up to this many matches, sorting them by rank is cheaper than walking the whole order. */
const sortedPageMaximum = 512

/**
 * The rows a search matched, in a reusable buffer (`rows.subarray(0, count)`, in no particular
 * order) and marked in `marks` with this search's `mark`, so nothing is cleared between searches
 * and a search makes no garbage for the collector.
 */
type Matches = { marks: Int32Array; rows: Int32Array; count: number; mark: number }

function createMatches(size: number): Matches {
  return { marks: new Int32Array(size), rows: new Int32Array(size), count: 0, mark: 0 }
}

/** Starts a new set of matches. */
function resetMatches(matches: Matches): void {
  if (matches.mark === 0x7fffffff) {
    matches.marks.fill(0)
    matches.mark = 0
  }
  matches.mark += 1
  matches.count = 0
}

/** Adds a row (once, however often it is added). */
function addMatch(matches: Matches, row: number): void {
  if (matches.marks[row] === matches.mark) return
  matches.marks[row] = matches.mark
  matches.rows[matches.count] = row
  matches.count += 1
}

/**
 * Rows `skip` to `skip + limit` of the matches in `order`: few matches are sorted by rank, many
 * are picked out walking the order (where, being many, they come often).
 */
function pageOf(matches: Matches, order: Ordering, skip: number, limit: number): Int32Array {
  const { count, marks, mark } = matches
  if (skip >= count) return new Int32Array(0)
  const end = Math.min(count, skip + limit)
  if (count <= sortedPageMaximum) {
    const sorted = matches.rows
      .slice(0, count)
      .sort((left, right) => (order.rank[left] ?? 0) - (order.rank[right] ?? 0))
    return sorted.subarray(skip, end)
  }
  const page = new Int32Array(end - skip)
  let seen = 0
  const { rows } = order
  for (let position = 0; position < rows.length; position += 1) {
    const row = rows[position] ?? 0
    if (marks[row] !== mark) continue
    if (seen >= skip) page[seen - skip] = row
    seen += 1
    if (seen === end) break
  }
  return page
}

/** `pageOf` for matches held as a bitmap of `count` rows. */
function pageOfBits(bits: Uint32Array, count: number, order: Ordering, skip: number, limit: number): Int32Array {
  if (skip >= count) return new Int32Array(0)
  const end = Math.min(count, skip + limit)
  const page = new Int32Array(end - skip)
  let seen = 0
  const { rows } = order
  for (let position = 0; position < rows.length; position += 1) {
    const row = rows[position] ?? 0
    if (((bits[row >>> 5] ?? 0) & (1 << (row & 31))) === 0) continue
    if (seen >= skip) page[seen - skip] = row
    seen += 1
    if (seen === end) break
  }
  return page
}

/** Items of `groups` listed by group (compressed rows): `items.subarray(starts[g], starts[g + 1])`. */
function groupItems(groupOf: Int32Array, groupCount: number): { starts: Int32Array; items: Int32Array } {
  const starts = new Int32Array(groupCount + 1)
  for (const group of groupOf) if (group >= 0) starts[group + 1] = (starts[group + 1] ?? 0) + 1
  for (let group = 0; group < groupCount; group += 1)
    starts[group + 1] = (starts[group + 1] ?? 0) + (starts[group] ?? 0)
  const next = starts.slice(0, groupCount)
  const items = new Int32Array(starts[groupCount] ?? 0)
  for (let item = 0; item < groupOf.length; item += 1) {
    const group = groupOf[item] ?? -1
    if (group < 0) continue
    items[next[group] ?? 0] = item
    next[group] = (next[group] ?? 0) + 1
  }
  return { starts, items }
}

function stringBytes(text: string): number {
  return 16 + text.length * (/[^\0-\u00ff]/.test(text) ? 2 : 1)
}

function present<Value>(value: Value | undefined): Value {
  if (value === undefined) throw new Error('The catalogue index has no such row')
  return value
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve))

export type LoadOutcome = { kind: 'loaded'; index: CatalogueIndex } | { kind: 'too-large'; productCount: number }

/**
 * Reads the catalogue in one read-only snapshot and builds the index, yielding to other work as
 * it goes. More than `maxProducts` products: not built (the memory bound), SQL answers.
 */
export async function loadCatalogueIndex(database: Database, options: { maxProducts: number }): Promise<LoadOutcome> {
  const snapshot = await database.transaction((transaction) => readCatalogue(transaction, options.maxProducts), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  })
  return snapshot.kind === 'too-large' ? snapshot : { kind: 'loaded', index: await indexCatalogue(snapshot) }
}

/** Products are read this many at a time, so the rows in flight stay few. */
const productsPerRead = 10_000

/** A product's own names as its search text begins. */
const ownNames = sql`${products.nameTh} || ${searchTextSeparator} || ${products.nameEn}`

async function readCatalogue(transaction: Database, maxProducts: number) {
  const [counted] = await transaction
    .select({ total: sql<number>`count(*)::integer` })
    .from(products)
    .where(isListedProduct)
  const productCount = counted?.total ?? 0
  if (productCount > maxProducts) return { kind: 'too-large' as const, productCount }

  const merchantRows = await transaction
    .select({
      ...merchantColumns,
      searchLower: sql<string>`lower(${merchants.searchText})`,
      namesLower: sql<string>`lower(${merchants.nameTh} || ${searchTextSeparator} || ${merchants.nameEn})`,
      popularRank: rankColumn(merchantOrder('popular', 'th')),
      cashbackRank: rankColumn(merchantOrder('cashback', 'th')),
      newestRank: rankColumn(merchantOrder('newest', 'th')),
      nameThRank: rankColumn(merchantOrder('name', 'th')),
      nameEnRank: rankColumn(merchantOrder('name', 'en')),
    })
    .from(merchants)
    .where(isListedMerchant)

  // Merchants, in the order the database listed them.
  const merchantCount = merchantRows.length
  const merchantIndexById = new Map<string, number>()
  const merchantList: MerchantRow[] = []
  const merchantRanks = Object.fromEntries(
    merchantSortKeys.map((key) => [key, new Int32Array(merchantCount)]),
  ) as Record<MerchantSortKey, Int32Array>
  const merchantListTexts: string[] = []
  const merchantNameTexts: string[] = []
  const lists = new Map<string, string[]>()
  const internList = (list: string[]): string[] => {
    const key = JSON.stringify(list)
    const known = lists.get(key)
    if (known !== undefined) return known
    lists.set(key, list)
    return list
  }
  for (const [position, row] of merchantRows.entries()) {
    const { searchLower, namesLower, popularRank, cashbackRank, newestRank, nameThRank, nameEnRank, ...rest } = row
    merchantIndexById.set(row.id, position)
    // Merchants mostly share their terms: one copy of each list (read only, as every row here).
    merchantList.push({ ...rest, termsTh: internList(rest.termsTh), termsEn: internList(rest.termsEn) })
    merchantRanks.popular[position] = popularRank
    merchantRanks.cashback[position] = cashbackRank
    merchantRanks.newest[position] = newestRank
    merchantRanks['name:th'][position] = nameThRank
    merchantRanks['name:en'][position] = nameEnRank
    merchantListTexts.push(searchLower)
    merchantNameTexts.push(separatorAfter + namesLower)
  }

  // Products, in the order of their ids: columns, and one search text per distinct pair of names.
  const productIds: string[] = new Array<string>(productCount)
  const productNamesTh: string[] = new Array<string>(productCount)
  const productNamesEn: string[] = new Array<string>(productCount)
  const productCategories: ProductRowCategory[] = new Array<ProductRowCategory>(productCount)
  const productComparisonKeys: string[] = new Array<string>(productCount)
  const productMerchant = new Int32Array(productCount)
  const productPrice = new Int32Array(productCount)
  const productCashback = new Int32Array(productCount)
  const productCreatedAt = new Float64Array(productCount)
  // Products of one picture (the same item at several merchants) share one object.
  const productPictures: (MadePicture | null)[] = new Array<MadePicture | null>(productCount)
  const sharedPictures = new Map<string, MadePicture>()
  /** The product's own search text; `-1` in `productMerchantText` when it is the whole text. */
  const productText = new Int32Array(productCount)
  const productMerchantText = new Int32Array(productCount)
  const productCountOfMerchant = new Int32Array(merchantCount)
  // Products of one comparison key share their names: one string each, not one per product.
  const shared = new Map<string, string>()
  const intern = <Text extends string>(text: Text): Text => {
    const known = shared.get(text) as Text | undefined
    if (known !== undefined) return known
    shared.set(text, text)
    return text
  }
  const ownTexts: string[] = []
  const ownTextNumber = new Map<string, number>()
  const merchantNames = sql`${merchants.nameTh} || ${searchTextSeparator} || ${merchants.nameEn}`
  let position = 0
  for (;;) {
    const lastId = productIds[position - 1]
    const rows = await transaction
      .select({
        id: products.id,
        merchantId: products.merchantId,
        nameTh: products.nameTh,
        nameEn: products.nameEn,
        price: products.price,
        estimatedCashback: products.estimatedCashback,
        categoryId: products.categoryId,
        comparisonKey: products.comparisonKey,
        createdAt: products.createdAt,
        picture: madePictureOf(products.imageSourceUrl),
        ownLower: sql<string>`lower(${ownNames})`,
        // Null when the stored text is the product's names, then its merchant's (as the writer
        // makes it): the two halves are searched apart. Otherwise the whole text, searched as is.
        irregularLower: sql<string | null>`case when ${products.searchText} =
          ${ownNames} || ${searchTextSeparator} || ${merchantNames} then null else lower(${products.searchText}) end`,
      })
      .from(products)
      .innerJoin(merchants, eq(merchants.id, products.merchantId))
      .where(and(isListedProduct, lastId === undefined ? undefined : gt(products.id, lastId)))
      .orderBy(asc(products.id))
      .limit(productsPerRead)
    if (position + rows.length > productCount) throw new Error('More products than counted in the same snapshot')
    for (const row of rows) {
      const merchant = merchantIndexById.get(row.merchantId)
      if (merchant === undefined) throw new Error(`Product ${row.id}: no merchant ${row.merchantId} in the snapshot`)
      productIds[position] = row.id
      productNamesTh[position] = intern(row.nameTh)
      productNamesEn[position] = intern(row.nameEn)
      productCategories[position] = intern(row.categoryId)
      productComparisonKeys[position] = intern(row.comparisonKey)
      productMerchant[position] = merchant
      productPrice[position] = row.price
      productCashback[position] = row.estimatedCashback
      productCreatedAt[position] = row.createdAt.getTime()
      const picture = row.picture === null ? null : (sharedPictures.get(row.picture.hash) ?? row.picture)
      if (picture !== null) sharedPictures.set(picture.hash, picture)
      productPictures[position] = picture
      productCountOfMerchant[merchant] = (productCountOfMerchant[merchant] ?? 0) + 1
      const text = row.irregularLower ?? row.ownLower + separatorBefore
      productMerchantText[position] = row.irregularLower === null ? merchant : -1
      let number = ownTextNumber.get(text)
      if (number === undefined) {
        number = ownTexts.length
        ownTexts.push(text)
        ownTextNumber.set(text, number)
      }
      productText[position] = number
      position += 1
    }
    if (rows.length < productsPerRead) break
    await yieldToEventLoop()
  }
  if (position !== productCount) throw new Error('Fewer products than counted in the same snapshot')

  // Each order as a list of the positions above (the id order), one array from each query.
  const productRanks = {} as Record<ProductSortKey, Int32Array>
  for (const key of productSortKeys) {
    const order =
      key === 'name:th' || key === 'name:en'
        ? productOrder('name', key === 'name:th' ? 'th' : 'en')
        : productOrder(key, 'th')
    const [row] = await transaction
      .select({ positions: sql<number[] | null>`array_agg(position order by ${sql.join(order, sql`, `)})` })
      .from(
        sql`(select (row_number() over (order by ${products.id}) - 1)::integer as position, * from ${products} where ${isListedProduct}) as ${products}`,
      )
    const positions = row?.positions ?? []
    if (positions.length !== productCount) throw new Error(`The ${key} order has ${positions.length} products`)
    const rank = new Int32Array(productCount)
    for (const [place, product] of positions.entries()) rank[product] = place
    productRanks[key] = rank
    await yieldToEventLoop()
  }

  return {
    kind: 'read' as const,
    merchantCount,
    merchantIndexById,
    merchantList,
    merchantRanks,
    merchantListTexts,
    merchantNameTexts,
    productCount,
    productIds,
    productNamesTh,
    productNamesEn,
    productCategories,
    productComparisonKeys,
    productMerchant,
    productPrice,
    productCashback,
    productCreatedAt,
    productPictures,
    productText,
    productMerchantText,
    productCountOfMerchant,
    productRanks,
    ownTexts,
  }
}

type CatalogueRead = Extract<Awaited<ReturnType<typeof readCatalogue>>, { kind: 'read' }>

async function indexCatalogue(read: CatalogueRead): Promise<CatalogueIndex> {
  const {
    merchantCount,
    merchantIndexById,
    merchantList,
    merchantRanks,
    merchantListTexts,
    merchantNameTexts,
    productCount,
    productIds,
    productNamesTh,
    productNamesEn,
    productCategories,
    productComparisonKeys,
    productMerchant,
    productPrice,
    productCashback,
    productCreatedAt,
    productPictures,
    productText,
    productMerchantText,
    productCountOfMerchant,
    productRanks,
    ownTexts,
  } = read
  const merchantListSearch = await buildSubstringIndex(merchantListTexts)
  const merchantNameSearch = await buildSubstringIndex(merchantNameTexts)
  const productOwnSearch = await buildSubstringIndex(ownTexts)
  const productsOfText = groupItems(productText, ownTexts.length)
  const productsOfMerchantText = groupItems(productMerchantText, merchantCount)
  const merchantOrders = Object.fromEntries(
    merchantSortKeys.map((key) => [key, ordering(merchantRanks[key])]),
  ) as Record<MerchantSortKey, Ordering>
  const productOrders = Object.fromEntries(productSortKeys.map((key) => [key, ordering(productRanks[key])])) as Record<
    ProductSortKey,
    Ordering
  >

  const merchantMatches = createMatches(merchantCount)
  const productMatches = createMatches(productCount)
  /**
   * One letter finds most products, and there are few letters: each letter's products, kept as a
   * bitmap the first time it is searched. Only searchable characters get here (at most 223 of
   * them), so this holds at most 223 bitmaps of one bit per product.
   */
  const productsOfLetter = new Map<string, { bits: Uint32Array; count: number }>()

  function normalizedTerm(search: string | undefined): string | undefined | false {
    if (search === undefined) return undefined
    // As catalogue-queries.ts spells the term it sends.
    const term = search.toLowerCase()
    return indexableSearch.test(term) ? term : false
  }

  function productOf(row: number) {
    const merchant = merchantList[productMerchant[row] ?? -1]
    if (merchant === undefined) throw new Error(`Product ${productIds[row] ?? row} has no merchant in the index`)
    return toProduct({
      id: productIds[row] ?? '',
      nameTh: productNamesTh[row] ?? '',
      nameEn: productNamesEn[row] ?? '',
      price: productPrice[row] ?? 0,
      estimatedCashback: productCashback[row] ?? 0,
      categoryId: present(productCategories[row]),
      comparisonKey: productComparisonKeys[row] ?? '',
      createdAt: new Date(productCreatedAt[row] ?? 0),
      merchantId: merchant.id,
      merchantNameTh: merchant.nameTh,
      merchantNameEn: merchant.nameEn,
      cashbackKind: merchant.cashbackKind,
      cashbackRateBasisPoints: merchant.cashbackRateBasisPoints,
      cashbackMaxPerOrder: merchant.cashbackMaxPerOrder,
      merchantTrackingDays: merchant.trackingDays,
      merchantConfirmationDays: merchant.confirmationDays,
      picture: productPictures[row] ?? null,
      merchantLogo: merchant.logo,
    })
  }

  /** Every product a term finds, as a bitmap. */
  function productsOfTerm(term: string): { bits: Uint32Array; count: number } {
    const bits = new Uint32Array(Math.ceil(productCount / 32))
    let count = 0
    const add = (row: number) => {
      const word = row >>> 5
      const bit = 1 << (row & 31)
      if (((bits[word] ?? 0) & bit) !== 0) return
      bits[word] = (bits[word] ?? 0) | bit
      count += 1
    }
    for (const text of productOwnSearch.find(term)) {
      const end = productsOfText.starts[text + 1] ?? 0
      for (let item = productsOfText.starts[text] ?? 0; item < end; item += 1) add(productsOfText.items[item] ?? 0)
    }
    for (const merchant of merchantNameSearch.find(term)) {
      const end = productsOfMerchantText.starts[merchant + 1] ?? 0
      for (let item = productsOfMerchantText.starts[merchant] ?? 0; item < end; item += 1) {
        add(productsOfMerchantText.items[item] ?? 0)
      }
    }
    return { bits, count }
  }

  let approximateBytes = 0
  for (const array of [
    productMerchant,
    productPrice,
    productCashback,
    productCreatedAt,
    productText,
    productMerchantText,
    productCountOfMerchant,
    productsOfText.starts,
    productsOfText.items,
    productsOfMerchantText.starts,
    productsOfMerchantText.items,
    productMatches.marks,
    productMatches.rows,
    merchantMatches.marks,
    merchantMatches.rows,
    ...Object.values(productOrders).flatMap((order) => [order.rank, order.rows]),
    ...Object.values(merchantOrders).flatMap((order) => [order.rank, order.rows]),
  ]) {
    approximateBytes += array.byteLength
  }
  // Array slots, then each distinct string once.
  approximateBytes += productCount * 6 * 8
  for (const picture of new Set(productPictures)) {
    if (picture !== null) approximateBytes += 24 + 4 * 8 + stringBytes(picture.hash) + 16 + picture.widths.length * 8
  }
  const counted = new Set<string>()
  for (const list of [productIds, productNamesTh, productNamesEn, productCategories, productComparisonKeys]) {
    for (const text of list) {
      if (counted.has(text)) continue
      counted.add(text)
      approximateBytes += stringBytes(text)
    }
  }
  const countedLists = new Set<string[]>()
  for (const merchant of merchantList) {
    // The row object and its fields, then its own strings, then each shared list once.
    approximateBytes += 24 + 18 * 8
    for (const text of [merchant.id, merchant.nameTh, merchant.nameEn, merchant.descriptionTh, merchant.descriptionEn])
      approximateBytes += stringBytes(text)
    approximateBytes += stringBytes(merchant.shopUrl) + 32
    for (const list of [merchant.termsTh, merchant.termsEn]) {
      if (countedLists.has(list)) continue
      countedLists.add(list)
      approximateBytes += 32 + list.reduce((total, text) => total + 8 + stringBytes(text), 0)
    }
  }
  approximateBytes +=
    merchantListSearch.approximateBytes + merchantNameSearch.approximateBytes + productOwnSearch.approximateBytes

  return {
    merchantCount,
    productCount,
    approximateBytes,
    listMerchants(query) {
      const term = normalizedTerm(query.search)
      if (term === false) return undefined
      const { filter } = query
      const flatRate = filter?.flatRate
      const top = filter?.top
      const category = filter?.category
      const accepts = (row: number): boolean => {
        const merchant = merchantList[row]
        if (merchant === undefined) return false
        if (category !== undefined && merchant.categoryId !== category) return false
        if (flatRate !== undefined && (merchant.cashbackKind === 'flat') !== flatRate) return false
        if (top !== undefined && (merchant.topRank !== null) !== top) return false
        return true
      }
      const matches = merchantMatches
      resetMatches(matches)
      if (term === undefined) {
        for (let row = 0; row < merchantCount; row += 1) if (accepts(row)) addMatch(matches, row)
      } else {
        for (const row of merchantListSearch.find(term)) if (accepts(row)) addMatch(matches, row)
      }
      const page = pageOf(matches, merchantOrders[sortKey(query.sort, query.locale)], query.skip, query.limit)
      return {
        data: Array.from(page, (row) => toMerchant(present(merchantList[row]), productCountOfMerchant[row] ?? 0)),
        total: matches.count,
      }
    },
    listProducts(query) {
      const term = normalizedTerm(query.search)
      if (term === false) return undefined
      const { filter } = query
      const category = filter?.category
      const merchantFilter = filter?.merchant === undefined ? undefined : (merchantIndexById.get(filter.merchant) ?? -1)
      const minPrice = filter?.minPrice
      const maxPrice = filter?.maxPrice
      const comparisonKey = filter?.comparisonKey
      const filtered =
        category !== undefined ||
        merchantFilter !== undefined ||
        minPrice !== undefined ||
        maxPrice !== undefined ||
        comparisonKey !== undefined
      const accepts = (row: number): boolean => {
        if (category !== undefined && productCategories[row] !== category) return false
        if (merchantFilter !== undefined && productMerchant[row] !== merchantFilter) return false
        const price = productPrice[row] ?? 0
        if (minPrice !== undefined && price < minPrice) return false
        if (maxPrice !== undefined && price > maxPrice) return false
        if (comparisonKey !== undefined && productComparisonKeys[row] !== comparisonKey) return false
        return true
      }
      const order = productOrders[sortKey(query.sort, query.locale)]
      if (term === undefined && !filtered) {
        return {
          data: Array.from(order.rows.subarray(query.skip, query.skip + query.limit), productOf),
          total: productCount,
        }
      }
      if (term !== undefined && term.length === 1 && !filtered) {
        const letter = productsOfLetter.get(term) ?? productsOfTerm(term)
        productsOfLetter.set(term, letter)
        return {
          data: Array.from(pageOfBits(letter.bits, letter.count, order, query.skip, query.limit), productOf),
          total: letter.count,
        }
      }
      const matches = productMatches
      resetMatches(matches)
      if (term === undefined) {
        for (let row = 0; row < productCount; row += 1) if (accepts(row)) addMatch(matches, row)
      } else {
        const { starts, items } = productsOfText
        for (const text of productOwnSearch.find(term)) {
          const end = starts[text + 1] ?? 0
          for (let item = starts[text] ?? 0; item < end; item += 1) {
            const row = items[item] ?? 0
            if (!filtered || accepts(row)) addMatch(matches, row)
          }
        }
        const ofMerchant = productsOfMerchantText
        for (const merchant of merchantNameSearch.find(term)) {
          const end = ofMerchant.starts[merchant + 1] ?? 0
          for (let item = ofMerchant.starts[merchant] ?? 0; item < end; item += 1) {
            const row = ofMerchant.items[item] ?? 0
            if (!filtered || accepts(row)) addMatch(matches, row)
          }
        }
      }
      const page = pageOf(matches, order, query.skip, query.limit)
      return { data: Array.from(page, productOf), total: matches.count }
    },
  }
}

type ProductRowCategory = Parameters<typeof toProduct>[0]['categoryId']
