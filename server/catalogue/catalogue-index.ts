import { and, asc, eq, gt, sql, type SQL } from 'drizzle-orm'
import type {
  MerchantListQuery,
  MerchantListResponse,
  MerchantSort,
  ProductListQuery,
  ProductListResponse,
  ProductSort,
} from '#domain/contracts/catalogue'
import type { MerchantCategoryId } from '#domain/categories'
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
import {
  fieldSeparator,
  merchantNameTiers,
  noMatch,
  planSearch,
  productMerchantTiers,
  productNameTiers,
  rankedTier,
  tierCount,
  type FieldTiers,
  type SearchPlan,
  type SearchWord,
} from '#server/catalogue/search-relevance'
import { buildFieldIndex } from '#server/catalogue/word-index'
import type { Database } from '#server/db/database'
import { merchants, products } from '#server/db/schema'
import { madePictureOf, type MadePicture } from '#server/pictures/picture-columns'

/**
 * The merchant and product lists answered in memory: one copy of what they search, filter, sort
 * and show, read from the database in one snapshot and kept for one catalogue version
 * (catalogue-service.ts decides when it is current). The database stays the source of truth.
 *
 * - Searches are this index's to answer (docs/decisions/020): what search-relevance.ts defines,
 *   over the names as read (lower-cased here), found through word-index.ts, and ordered by
 *   relevance or by any other order.
 * - Lists without a search are those catalogue-queries.ts would give on the same database: every
 *   order is the place PostgreSQL gives each row under the very ORDER BY of catalogue-queries.ts,
 *   so collations and ties cannot differ, and filters compare the same stored values.
 *
 * Products with the same names share one text, so each distinct pair of names is searched once,
 * and each merchant's names once for all its products.
 *
 * Memory, measured by `npm run bench:catalogue`: about 35 MB for 10,000 merchants and 100,000
 * products, plus the words and trigrams of the names.
 */
export type CatalogueIndex = {
  listMerchants(query: IndexedMerchantQuery): MerchantListResponse
  listProducts(query: IndexedProductQuery): ProductListResponse
  readonly merchantCount: number
  readonly productCount: number
  /** Typed arrays, strings, rows and sets, as V8 would store them if it shared nothing. */
  readonly approximateBytes: number
}

type IndexedMerchantQuery = Pick<MerchantListQuery, 'search' | 'filter' | 'sort' | 'locale' | 'limit' | 'skip'>
type IndexedProductQuery = Pick<ProductListQuery, 'search' | 'filter' | 'sort' | 'locale' | 'limit' | 'skip'>

/** The names of each order, in the language it depends on. */
const merchantSortKeys = ['popular', 'cashback', 'newest', 'name:th', 'name:en'] as const
const productSortKeys = [...merchantSortKeys, 'price-low', 'price-high'] as const
type MerchantSortKey = (typeof merchantSortKeys)[number]
type ProductSortKey = (typeof productSortKeys)[number]

/** The order a list walks: for `relevance`, the order of each tier's rows (popularity). */
function sortKey<Sort extends MerchantSort | ProductSort>(
  sort: Sort,
  locale: Locale,
): `name:${Locale}` | Exclude<Sort, 'name' | 'relevance'> {
  if (sort === 'name') return `name:${locale}`
  return (sort === 'relevance' ? 'popular' : sort) as Exclude<Sort, 'name' | 'relevance'>
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
 * and a search makes no garbage for the collector. `tier` holds each marked row's relevance tier
 * (search-relevance.ts).
 */
type Matches = { marks: Int32Array; rows: Int32Array; tier: Uint8Array; count: number; mark: number }

function createMatches(size: number): Matches {
  return { marks: new Int32Array(size), rows: new Int32Array(size), tier: new Uint8Array(size), count: 0, mark: 0 }
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

/** Adds a row (once, however often it is added) at the best tier it is added with. */
function addMatch(matches: Matches, row: number, tier = 0): void {
  if (matches.marks[row] === matches.mark) {
    if (tier < (matches.tier[row] ?? noMatch)) matches.tier[row] = tier
    return
  }
  matches.marks[row] = matches.mark
  matches.tier[row] = tier
  matches.rows[matches.count] = row
  matches.count += 1
}

/**
 * Keeps the rows of `matches` that another word also finds (`tierOf` is its tier for a row, or
 * `noMatch`), each at the worse of its two tiers: a search of several words finds what every word
 * finds, as relevant as its least relevant word.
 */
function keepMatchesAlsoFound(matches: Matches, tierOf: (row: number) => number): void {
  let kept = 0
  for (let item = 0; item < matches.count; item += 1) {
    const row = matches.rows[item] ?? 0
    const tier = tierOf(row)
    if (tier === noMatch) {
      matches.marks[row] = 0
      continue
    }
    if (tier > (matches.tier[row] ?? 0)) matches.tier[row] = tier
    matches.rows[kept] = row
    kept += 1
  }
  matches.count = kept
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

/**
 * A product search that found many products (a letter or two, a common word) costs the most to
 * answer, and comes back for the next page, another order, the other language: what it found is
 * kept, for the life of the index, as a bitmap and the first `keptRelevantRows` in relevance
 * order, in a least-recently-used cache of `keptSearchesBytes`. Searches that find fewer cost
 * little and are not kept.
 */
type KeptSearch = { bits: Uint32Array; count: number; relevant: Int32Array }
const keptSearchMinimumMatches = 512
const keptRelevantRows = 600
const keptSearchesBytes = 8_000_000

/**
 * `pageOf` in relevance order: by tier, then in `order`. Each tier the page reaches is paged like
 * `pageOf` pages all matches.
 */
function pageByTier(matches: Matches, order: Ordering, skip: number, limit: number): Int32Array {
  const { count, marks, mark, tier } = matches
  if (skip >= count) return new Int32Array(0)
  const end = Math.min(count, skip + limit)
  if (count <= sortedPageMaximum) {
    const sorted = matches.rows
      .slice(0, count)
      .sort(
        (left, right) => (tier[left] ?? 0) - (tier[right] ?? 0) || (order.rank[left] ?? 0) - (order.rank[right] ?? 0),
      )
    return sorted.subarray(skip, end)
  }
  const counts = new Int32Array(tierCount)
  for (let item = 0; item < count; item += 1) {
    const rowTier = tier[matches.rows[item] ?? 0] ?? 0
    counts[rowTier] = (counts[rowTier] ?? 0) + 1
  }
  const page = new Int32Array(end - skip)
  // Matches of the tiers before this one: the place of its first row.
  let before = 0
  for (let current = 0; current < tierCount && before < end; current += 1) {
    const inTier = counts[current] ?? 0
    const tierEnd = before + inTier
    if (tierEnd > skip) {
      const from = Math.max(skip, before) - before
      const to = Math.min(end, tierEnd) - before
      if (inTier <= sortedPageMaximum) {
        const rows = new Int32Array(inTier)
        let collected = 0
        for (let item = 0; item < count && collected < inTier; item += 1) {
          const row = matches.rows[item] ?? 0
          if (tier[row] !== current) continue
          rows[collected] = row
          collected += 1
        }
        rows.sort((left, right) => (order.rank[left] ?? 0) - (order.rank[right] ?? 0))
        page.set(rows.subarray(from, to), before + from - skip)
      } else {
        let seen = 0
        for (let position = 0; position < order.rows.length && seen < to; position += 1) {
          const row = order.rows[position] ?? 0
          if (marks[row] !== mark || tier[row] !== current) continue
          if (seen >= from) page[before + seen - skip] = row
          seen += 1
        }
      }
    }
    before = tierEnd
  }
  return page
}

/**
 * Adds the items of each group a field found (the products of a text or of a merchant) at the
 * group's tier: `addMatch` written out, as this loop runs over up to every product per search.
 */
function addGroups(
  matches: Matches,
  finds: { texts: Int32Array; tierOf: Uint8Array },
  groups: { starts: Int32Array; items: Int32Array },
  accepts: ((row: number) => boolean) | undefined,
): void {
  const { marks, rows, tier: tierOfRow, mark } = matches
  const { starts, items } = groups
  const { texts, tierOf } = finds
  let count = matches.count
  for (let found = 0; found < texts.length; found += 1) {
    const group = texts[found] ?? 0
    const tier = tierOf[group] ?? noMatch
    const end = starts[group + 1] ?? 0
    for (let item = starts[group] ?? 0; item < end; item += 1) {
      const row = items[item] ?? 0
      if (accepts !== undefined && !accepts(row)) continue
      if (marks[row] === mark) {
        if (tier < (tierOfRow[row] ?? noMatch)) tierOfRow[row] = tier
        continue
      }
      marks[row] = mark
      tierOfRow[row] = tier
      rows[count] = row
      count += 1
    }
  }
  matches.count = count
}

/** How a search finds the rows of one list (merchants or products), word by word. */
type SearchOver = {
  /** Adds the rows `word` finds (and `accepts`), at their tiers. */
  add(matches: Matches, word: SearchWord, accepts: ((row: number) => boolean) | undefined): void
  /** Keeps the rows `word` also finds. */
  keepAlsoFound(matches: Matches, word: SearchWord): void
  /** The tiers of finds in a row's own names, and a row's category: what ranks it (`rankedTier`). */
  tiers: FieldTiers
  categoryOf(row: number): MerchantCategoryId
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
  const merchantNames: string[][] = []
  const lists = new Map<string, string[]>()
  const internList = (list: string[]): string[] => {
    const key = JSON.stringify(list)
    const known = lists.get(key)
    if (known !== undefined) return known
    lists.set(key, list)
    return list
  }
  for (const [position, row] of merchantRows.entries()) {
    const { popularRank, cashbackRank, newestRank, nameThRank, nameEnRank, ...rest } = row
    merchantIndexById.set(row.id, position)
    // Merchants mostly share their terms: one copy of each list (read only, as every row here).
    merchantList.push({ ...rest, termsTh: internList(rest.termsTh), termsEn: internList(rest.termsEn) })
    merchantRanks.popular[position] = popularRank
    merchantRanks.cashback[position] = cashbackRank
    merchantRanks.newest[position] = newestRank
    merchantRanks['name:th'][position] = nameThRank
    merchantRanks['name:en'][position] = nameEnRank
    merchantNames.push([row.nameTh.toLowerCase(), row.nameEn.toLowerCase()])
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
  /** The product's own names as searched: one text per distinct pair. */
  const productText = new Int32Array(productCount)
  const productCountOfMerchant = new Int32Array(merchantCount)
  // Products of one comparison key share their names: one string each, not one per product.
  const shared = new Map<string, string>()
  const intern = <Text extends string>(text: Text): Text => {
    const known = shared.get(text) as Text | undefined
    if (known !== undefined) return known
    shared.set(text, text)
    return text
  }
  const ownNames: string[][] = []
  const ownTextNumber = new Map<string, number>()
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
      const names = [row.nameTh.toLowerCase(), row.nameEn.toLowerCase()]
      const key = names.join(fieldSeparator)
      let number = ownTextNumber.get(key)
      if (number === undefined) {
        number = ownNames.length
        ownNames.push(names)
        ownTextNumber.set(key, number)
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
    merchantNames,
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
    productCountOfMerchant,
    productRanks,
    ownNames,
  }
}

type CatalogueRead = Extract<Awaited<ReturnType<typeof readCatalogue>>, { kind: 'read' }>

async function indexCatalogue(read: CatalogueRead): Promise<CatalogueIndex> {
  const {
    merchantCount,
    merchantIndexById,
    merchantList,
    merchantRanks,
    merchantNames,
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
    productCountOfMerchant,
    productRanks,
    ownNames,
  } = read
  const merchantNameIndex = await buildFieldIndex(merchantNames)
  const productNameIndex = await buildFieldIndex(ownNames)
  const productsOfText = groupItems(productText, ownNames.length)
  const productsOfMerchant = groupItems(productMerchant, merchantCount)
  const merchantOrders = Object.fromEntries(
    merchantSortKeys.map((key) => [key, ordering(merchantRanks[key])]),
  ) as Record<MerchantSortKey, Ordering>
  const productOrders = Object.fromEntries(productSortKeys.map((key) => [key, ordering(productRanks[key])])) as Record<
    ProductSortKey,
    Ordering
  >

  const merchantMatches = createMatches(merchantCount)
  const productMatches = createMatches(productCount)
  const keptSearches = new Map<string, KeptSearch>()
  const keptSearchMaximum = Math.max(
    16,
    Math.floor(keptSearchesBytes / (Math.ceil(productCount / 32) * 4 + keptRelevantRows * 4 + 96)),
  )

  function keepSearch(term: string, matches: Matches): KeptSearch {
    const bits = new Uint32Array(Math.ceil(productCount / 32))
    for (let item = 0; item < matches.count; item += 1) {
      const row = matches.rows[item] ?? 0
      bits[row >>> 5] = (bits[row >>> 5] ?? 0) | (1 << (row & 31))
    }
    const kept = {
      bits,
      count: matches.count,
      relevant: pageByTier(matches, productOrders.popular, 0, keptRelevantRows),
    }
    keptSearches.set(term, kept)
    for (const oldest of keptSearches.keys()) {
      if (keptSearches.size <= keptSearchMaximum) break
      keptSearches.delete(oldest)
    }
    return kept
  }

  /** What `term` finds among all products, once it has been kept; `undefined` if not kept. */
  function keptSearchOf(term: string): KeptSearch | undefined {
    const kept = keptSearches.get(term)
    if (kept === undefined) return undefined
    keptSearches.delete(term)
    keptSearches.set(term, kept)
    return kept
  }

  /** Adds the merchants `word` finds, at their tiers. */
  const merchantSearch: SearchOver = {
    add(matches, word, accepts) {
      const { texts, tierOf } = merchantNameIndex.find(word, merchantNameTiers)
      for (const row of texts) if (accepts === undefined || accepts(row)) addMatch(matches, row, tierOf[row] ?? noMatch)
    },
    keepAlsoFound(matches, word) {
      const { tierOf } = merchantNameIndex.find(word, merchantNameTiers)
      keepMatchesAlsoFound(matches, (row) => tierOf[row] ?? noMatch)
    },
    tiers: merchantNameTiers,
    categoryOf: (row) => present(merchantList[row]).categoryId,
  }

  const productSearch: SearchOver = {
    add: addProductsOf,
    keepAlsoFound(matches, word) {
      const own = productNameIndex.find(word, productNameTiers).tierOf
      const ofMerchant = merchantNameIndex.find(word, productMerchantTiers).tierOf
      keepMatchesAlsoFound(matches, (row) =>
        Math.min(own[productText[row] ?? 0] ?? noMatch, ofMerchant[productMerchant[row] ?? 0] ?? noMatch),
      )
    },
    tiers: productNameTiers,
    categoryOf: (row) => present(productCategories[row]),
  }

  /** Adds the products `word` finds in their own names, then in their merchants' names. */
  function addProductsOf(matches: Matches, word: SearchWord, accepts: ((row: number) => boolean) | undefined): void {
    const own = productNameIndex.find(word, productNameTiers)
    const ofMerchant = merchantNameIndex.find(word, productMerchantTiers)
    let reached = 0
    for (const text of own.texts) reached += (productsOfText.starts[text + 1] ?? 0) - (productsOfText.starts[text] ?? 0)
    for (const merchant of ofMerchant.texts) {
      reached += (productsOfMerchant.starts[merchant + 1] ?? 0) - (productsOfMerchant.starts[merchant] ?? 0)
    }
    if (reached * 4 < productCount) {
      addGroups(matches, own, productsOfText, accepts)
      addGroups(matches, ofMerchant, productsOfMerchant, accepts)
      return
    }
    // Most products found (a letter or two): one pass in product order reads and writes memory in
    // order, where adding text by text and merchant by merchant jumps about it.
    const { marks, rows, tier: tierOfRow, mark } = matches
    const ownTier = own.tierOf
    const merchantTier = ofMerchant.tierOf
    let count = matches.count
    for (let row = 0; row < productCount; row += 1) {
      const tier = Math.min(
        ownTier[productText[row] ?? 0] ?? noMatch,
        merchantTier[productMerchant[row] ?? 0] ?? noMatch,
      )
      if (tier === noMatch || (accepts !== undefined && !accepts(row))) continue
      if (marks[row] === mark) {
        if (tier < (tierOfRow[row] ?? noMatch)) tierOfRow[row] = tier
        continue
      }
      marks[row] = mark
      tierOfRow[row] = tier
      rows[count] = row
      count += 1
    }
    matches.count = count
  }

  /**
   * What a search finds, as search-relevance.ts's `relevanceTier` defines it: the first word's
   * finds (the longest word: it finds the fewest, mostly), kept where every other word finds too,
   * at the weakest word's tier; then the whole search's finds. Then each at its `rankedTier`
   * (with no kind of goods named, the tiers as found are in the same order).
   */
  function findAll(
    plan: SearchPlan,
    matches: Matches,
    over: SearchOver,
    accepts: ((row: number) => boolean) | undefined,
  ): void {
    resetMatches(matches)
    const [first, ...others] = [...plan.words].sort((left, right) => right.text.length - left.text.length)
    if (first !== undefined) over.add(matches, first, accepts)
    for (const word of others) {
      if (matches.count === 0) break
      over.keepAlsoFound(matches, word)
    }
    if (!plan.isOneWord) over.add(matches, plan.whole, accepts)
    if (plan.categories === undefined) return
    for (let item = 0; item < matches.count; item += 1) {
      const row = matches.rows[item] ?? 0
      matches.tier[row] = rankedTier(plan, matches.tier[row] ?? noMatch, over.tiers, over.categoryOf(row))
    }
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

  let approximateBytes = 0
  for (const array of [
    productMerchant,
    productPrice,
    productCashback,
    productCreatedAt,
    productText,
    productCountOfMerchant,
    productsOfText.starts,
    productsOfText.items,
    productsOfMerchant.starts,
    productsOfMerchant.items,
    ...[productMatches, merchantMatches].flatMap((matches) => [matches.marks, matches.rows, matches.tier]),
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
  for (const names of [...ownNames, ...merchantNames])
    approximateBytes += 32 + stringBytes(names[0] ?? '') + stringBytes(names[1] ?? '')
  approximateBytes += merchantNameIndex.approximateBytes + productNameIndex.approximateBytes

  return {
    merchantCount,
    productCount,
    approximateBytes,
    listMerchants(query) {
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
      if (query.search === undefined) {
        resetMatches(matches)
        for (let row = 0; row < merchantCount; row += 1) if (accepts(row)) addMatch(matches, row)
      } else {
        findAll(planSearch(query.search), matches, merchantSearch, accepts)
      }
      const order = merchantOrders[sortKey(query.sort, query.locale)]
      const page =
        query.sort === 'relevance'
          ? pageByTier(matches, order, query.skip, query.limit)
          : pageOf(matches, order, query.skip, query.limit)
      return {
        data: Array.from(page, (row) => toMerchant(present(merchantList[row]), productCountOfMerchant[row] ?? 0)),
        total: matches.count,
      }
    },
    listProducts(query) {
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
      if (query.search === undefined && !filtered) {
        return {
          data: Array.from(order.rows.subarray(query.skip, query.skip + query.limit), productOf),
          total: productCount,
        }
      }
      const { search, skip, limit } = query
      const isRelevance = query.sort === 'relevance'
      const kept = search === undefined || filtered ? undefined : keptSearchOf(search)
      if (
        kept !== undefined &&
        (!isRelevance || skip + limit <= kept.relevant.length || kept.relevant.length === kept.count)
      ) {
        const page = isRelevance
          ? kept.relevant.subarray(skip, skip + limit)
          : pageOfBits(kept.bits, kept.count, order, skip, limit)
        return { data: Array.from(page, productOf), total: kept.count }
      }
      const matches = productMatches
      if (search === undefined) {
        resetMatches(matches)
        for (let row = 0; row < productCount; row += 1) if (accepts(row)) addMatch(matches, row)
      } else {
        findAll(planSearch(search), matches, productSearch, filtered ? accepts : undefined)
        if (!filtered && kept === undefined && matches.count >= keptSearchMinimumMatches) keepSearch(search, matches)
      }
      const page =
        query.sort === 'relevance'
          ? pageByTier(matches, order, query.skip, query.limit)
          : pageOf(matches, order, query.skip, query.limit)
      return { data: Array.from(page, productOf), total: matches.count }
    },
  }
}

type ProductRowCategory = Parameters<typeof toProduct>[0]['categoryId']
