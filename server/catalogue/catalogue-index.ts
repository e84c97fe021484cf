import { eq, sql, type SQL } from 'drizzle-orm'
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

/**
 * The merchant and product lists answered in memory: one copy of what they search, filter, sort
 * and show, read from the database in one snapshot and kept for one catalogue version
 * (catalogue-service.ts decides when it is current). The database stays the source of truth, and
 * every answer is the one catalogue-queries.ts would give on the same database:
 *
 * - the search texts are PostgreSQL's own `lower(search_text)`, and a search is a plain substring
 *   of them, as `ILIKE '%…%'` with `%` and `_` escaped is;
 * - every order is the rank PostgreSQL gives the row under the very ORDER BY of
 *   catalogue-queries.ts (`row_number()`), so collations and ties cannot differ;
 * - filters compare the same stored values.
 *
 * A search with a character outside printable ASCII and Thai is left to SQL (`undefined`): only
 * for those is it certain that PostgreSQL's `lower()` of the term changes nothing after
 * JavaScript's. A product's search text is its own names, the separator, then its merchant's
 * names; since no term can hold the separator's bullet, a match lies in one side or the other, so
 * products with the same names share one text and merchants' names are searched once each.
 */
export type CatalogueIndex = {
  /** `undefined`: this search is SQL's to answer. */
  listMerchants(query: IndexedMerchantQuery): MerchantListResponse | undefined
  listProducts(query: IndexedProductQuery): ProductListResponse | undefined
  readonly merchantCount: number
  readonly productCount: number
  /** Typed arrays, strings and sets, roughly; the merchants' rows are counted at a flat rate. */
  readonly approximateBytes: number
}

type IndexedMerchantQuery = Pick<MerchantListQuery, 'search' | 'filter' | 'sort' | 'locale' | 'limit' | 'skip'>
type IndexedProductQuery = Pick<ProductListQuery, 'search' | 'filter' | 'sort' | 'locale' | 'limit' | 'skip'>

/** Printable ASCII and the Thai block: `lower()` agrees with JavaScript on these in any locale. */
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

const asciiUpper = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
const asciiLower = asciiUpper.toLowerCase()

/** `lower(text)`, sent only where it differs from lowering A–Z alone, which is what is computed here. */
function lowerUnlessAscii(text: SQL): SQL<string | null> {
  return sql<string | null>`nullif(lower(${text}), translate(${text}, ${asciiUpper}, ${asciiLower}))`
}

function lowerAscii(text: string): string {
  return text.replace(/[A-Z]/g, (letter) => letter.toLowerCase())
}

/** One order: rank of each row, and the rows in that order. */
type Ordering = { rank: Int32Array; rows: Int32Array }

function ordering(rank: Int32Array): Ordering {
  const rows = new Int32Array(rank.length)
  for (let row = 0; row < rank.length; row += 1) rows[rank[row] ?? 0] = row
  return { rank, rows }
}

/**
 * Rows `skip` to `skip + limit` in `order` of those marked in `marks` with `mark`; `matches` lists
 * them in any order. Few matches are sorted by rank; many are picked out walking the order.
 */
function pageOf(
  matches: Int32Array,
  marks: Int32Array,
  mark: number,
  order: Ordering,
  skip: number,
  limit: number,
): Int32Array {
  if (skip >= matches.length) return new Int32Array(0)
  const end = Math.min(matches.length, skip + limit)
  if (matches.length * 16 <= order.rows.length) {
    const sorted = matches.slice().sort((left, right) => (order.rank[left] ?? 0) - (order.rank[right] ?? 0))
    return sorted.subarray(skip, end)
  }
  const page = new Int32Array(end - skip)
  let seen = 0
  for (const row of order.rows) {
    if (marks[row] !== mark) continue
    if (seen >= skip) page[seen - skip] = row
    seen += 1
    if (seen === end) break
  }
  return page
}

/** Marks matches in a reusable array with a fresh number each time, so nothing is cleared. */
function createMarker(size: number) {
  const marks = new Int32Array(size)
  let current = 0
  return {
    marks,
    next(): number {
      if (current === 0x7fffffff) {
        marks.fill(0)
        current = 0
      }
      current += 1
      return current
    },
  }
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
  const snapshot = await database.transaction(
    async (transaction) => {
      const [counted] = await transaction.select({ total: sql<number>`count(*)::integer` }).from(products)
      const productTotal = counted?.total ?? 0
      if (productTotal > options.maxProducts) return { kind: 'too-large' as const, productCount: productTotal }
      const merchantRows = await transaction
        .select({
          ...merchantColumns,
          searchText: merchants.searchText,
          searchLower: lowerUnlessAscii(sql`${merchants.searchText}`),
          namesLower: lowerUnlessAscii(sql`${merchants.nameTh} || ${searchTextSeparator} || ${merchants.nameEn}`),
          popularRank: rankColumn(merchantOrder('popular', 'th')),
          cashbackRank: rankColumn(merchantOrder('cashback', 'th')),
          newestRank: rankColumn(merchantOrder('newest', 'th')),
          nameThRank: rankColumn(merchantOrder('name', 'th')),
          nameEnRank: rankColumn(merchantOrder('name', 'en')),
        })
        .from(merchants)
      const ownNames = sql`${products.nameTh} || ${searchTextSeparator} || ${products.nameEn}`
      const merchantNames = sql`${merchants.nameTh} || ${searchTextSeparator} || ${merchants.nameEn}`
      const productRows = await transaction
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
          ownLower: lowerUnlessAscii(ownNames),
          // Null when the stored text is the product's names, then its merchant's (as the writer
          // makes it): the two halves are searched apart. Otherwise the whole text, searched as is.
          irregularLower: sql<string | null>`case when lower(${products.searchText}) =
            lower(${ownNames}) || ${searchTextSeparator} || lower(${merchantNames})
            then null else lower(${products.searchText}) end`,
          popularRank: rankColumn(productOrder('popular', 'th')),
          cashbackRank: rankColumn(productOrder('cashback', 'th')),
          newestRank: rankColumn(productOrder('newest', 'th')),
          nameThRank: rankColumn(productOrder('name', 'th')),
          nameEnRank: rankColumn(productOrder('name', 'en')),
          priceLowRank: rankColumn(productOrder('price-low', 'th')),
          priceHighRank: rankColumn(productOrder('price-high', 'th')),
        })
        .from(products)
        .innerJoin(merchants, eq(merchants.id, products.merchantId))
      return { kind: 'rows' as const, merchantRows, productRows }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  )
  if (snapshot.kind === 'too-large') return snapshot
  const { merchantRows, productRows } = snapshot

  // Merchants, in the order the database listed them.
  const merchantCount = merchantRows.length
  const merchantIndexById = new Map<string, number>()
  const merchantList: MerchantRow[] = []
  const merchantRanks = Object.fromEntries(
    merchantSortKeys.map((key) => [key, new Int32Array(merchantCount)]),
  ) as Record<MerchantSortKey, Int32Array>
  const merchantListTexts: string[] = []
  const merchantNameTexts: string[] = []
  for (const [position, row] of merchantRows.entries()) {
    const {
      searchText,
      searchLower,
      namesLower,
      popularRank,
      cashbackRank,
      newestRank,
      nameThRank,
      nameEnRank,
      ...rest
    } = row
    merchantIndexById.set(row.id, position)
    merchantList.push(rest)
    merchantRanks.popular[position] = popularRank
    merchantRanks.cashback[position] = cashbackRank
    merchantRanks.newest[position] = newestRank
    merchantRanks['name:th'][position] = nameThRank
    merchantRanks['name:en'][position] = nameEnRank
    merchantListTexts.push(searchLower ?? lowerAscii(searchText))
    merchantNameTexts.push(
      separatorAfter + (namesLower ?? lowerAscii(`${row.nameTh}${searchTextSeparator}${row.nameEn}`)),
    )
  }

  // Products: columns, and one search text per distinct pair of names.
  const productCount = productRows.length
  const productIds: string[] = new Array<string>(productCount)
  const productNamesTh: string[] = new Array<string>(productCount)
  const productNamesEn: string[] = new Array<string>(productCount)
  const productCategories: ProductRowCategory[] = new Array<ProductRowCategory>(productCount)
  const productComparisonKeys: string[] = new Array<string>(productCount)
  const productMerchant = new Int32Array(productCount)
  const productPrice = new Int32Array(productCount)
  const productCashback = new Int32Array(productCount)
  const productCreatedAt = new Float64Array(productCount)
  /** The product's own search text; `-1` in `productMerchantText` when it is the whole text. */
  const productText = new Int32Array(productCount)
  const productMerchantText = new Int32Array(productCount)
  const productRanks = Object.fromEntries(productSortKeys.map((key) => [key, new Int32Array(productCount)])) as Record<
    ProductSortKey,
    Int32Array
  >
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
  for (const [position, row] of productRows.entries()) {
    if (position % 5_000 === 4_999) await yieldToEventLoop()
    const merchant = merchantIndexById.get(row.merchantId) ?? -1
    productIds[position] = row.id
    productNamesTh[position] = intern(row.nameTh)
    productNamesEn[position] = intern(row.nameEn)
    productCategories[position] = intern(row.categoryId)
    productComparisonKeys[position] = intern(row.comparisonKey)
    productMerchant[position] = merchant
    productPrice[position] = row.price
    productCashback[position] = row.estimatedCashback
    productCreatedAt[position] = row.createdAt.getTime()
    productCountOfMerchant[merchant] = (productCountOfMerchant[merchant] ?? 0) + 1
    productRanks.popular[position] = row.popularRank
    productRanks.cashback[position] = row.cashbackRank
    productRanks.newest[position] = row.newestRank
    productRanks['name:th'][position] = row.nameThRank
    productRanks['name:en'][position] = row.nameEnRank
    productRanks['price-low'][position] = row.priceLowRank
    productRanks['price-high'][position] = row.priceHighRank
    const text =
      row.irregularLower ??
      (row.ownLower ?? lowerAscii(`${row.nameTh}${searchTextSeparator}${row.nameEn}`)) + separatorBefore
    productMerchantText[position] = row.irregularLower === null ? merchant : -1
    let number = ownTextNumber.get(text)
    if (number === undefined) {
      number = ownTexts.length
      ownTexts.push(text)
      ownTextNumber.set(text, number)
    }
    productText[position] = number
  }
  shared.clear()
  ownTextNumber.clear()

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

  const merchantMarker = createMarker(merchantCount)
  const productMarker = createMarker(productCount)

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
    })
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
    productMarker.marks,
    merchantMarker.marks,
    ...Object.values(productOrders).flatMap((order) => [order.rank, order.rows]),
    ...Object.values(merchantOrders).flatMap((order) => [order.rank, order.rows]),
  ]) {
    approximateBytes += array.byteLength
  }
  // Array slots, then each distinct string once.
  approximateBytes += productCount * 5 * 8
  const counted = new Set<string>()
  for (const list of [productIds, productNamesTh, productNamesEn, productCategories, productComparisonKeys]) {
    for (const text of list) {
      if (counted.has(text)) continue
      counted.add(text)
      approximateBytes += stringBytes(text)
    }
  }
  approximateBytes += merchantCount * 1_500
  approximateBytes +=
    merchantListSearch.approximateBytes + merchantNameSearch.approximateBytes + productOwnSearch.approximateBytes

  return {
    kind: 'loaded',
    index: {
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
        const order = merchantOrders[sortKey(query.sort, query.locale)]
        const mark = merchantMarker.next()
        const found = term === undefined ? undefined : merchantListSearch.find(term)
        const matches: number[] = []
        if (found === undefined) {
          for (let row = 0; row < merchantCount; row += 1) {
            if (!accepts(row)) continue
            merchantMarker.marks[row] = mark
            matches.push(row)
          }
        } else {
          for (const row of found) {
            if (!accepts(row)) continue
            merchantMarker.marks[row] = mark
            matches.push(row)
          }
        }
        const page = pageOf(Int32Array.from(matches), merchantMarker.marks, mark, order, query.skip, query.limit)
        return {
          data: Array.from(page, (row) => {
            const merchant = merchantList[row]
            if (merchant === undefined) throw new Error(`No merchant at ${row}`)
            return toMerchant(merchant, productCountOfMerchant[row] ?? 0)
          }),
          total: matches.length,
        }
      },
      listProducts(query) {
        const term = normalizedTerm(query.search)
        if (term === false) return undefined
        const { filter } = query
        const category = filter?.category
        const merchantFilter =
          filter?.merchant === undefined ? undefined : (merchantIndexById.get(filter.merchant) ?? -1)
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
        const { marks } = productMarker
        const mark = productMarker.next()
        const matches: number[] = []
        const take = (row: number) => {
          if (marks[row] === mark || !accepts(row)) return
          marks[row] = mark
          matches.push(row)
        }
        if (term === undefined) {
          for (let row = 0; row < productCount; row += 1) take(row)
        } else {
          for (const text of productOwnSearch.find(term)) {
            const end = productsOfText.starts[text + 1] ?? 0
            for (let item = productsOfText.starts[text] ?? 0; item < end; item += 1)
              take(productsOfText.items[item] ?? 0)
          }
          for (const merchant of merchantNameSearch.find(term)) {
            const end = productsOfMerchantText.starts[merchant + 1] ?? 0
            for (let item = productsOfMerchantText.starts[merchant] ?? 0; item < end; item += 1) {
              take(productsOfMerchantText.items[item] ?? 0)
            }
          }
        }
        const page = pageOf(Int32Array.from(matches), marks, mark, order, query.skip, query.limit)
        return { data: Array.from(page, productOf), total: matches.length }
      },
    },
  }
}

type ProductRowCategory = Parameters<typeof toProduct>[0]['categoryId']
