import { eq } from 'drizzle-orm'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { estimateCashback } from '#domain/cashback-estimate'
import { categoryOfLabel, type MerchantCategoryId } from '#domain/categories'
import {
  merchantListResponseSchema,
  merchantListSearchParams,
  productListResponseSchema,
  productListSearchParams,
  type MerchantListRequest,
  type MerchantListResponse,
  type MerchantSort,
  type ProductListRequest,
  type ProductListResponse,
  type ProductSort,
} from '#domain/contracts/catalogue'
import type { Locale } from '#domain/locale'
import type { App } from '#server/app'
import { changeCatalogue, searchTextSeparator } from '#server/catalogue/catalogue-writes'
import {
  merchantNameTiers,
  noMatch,
  planSearch,
  productMerchantTiers,
  productNameTiers,
  rankedTier,
  relevanceTier,
  searchFieldOf,
  type SearchField,
} from '#server/catalogue/search-relevance'
import { merchants } from '#server/db/schema'
import { createSilentEventChannel, openEventChannel, publishEvent } from '#server/events/event-channel'
import { defaultDemoSeed, demoCatalogueSize, generateDemoCatalogue } from '#server/seed/demo-catalogue'
import { seedCatalogueIfEmpty } from '#server/seed/seed-catalogue'
import { createRecordingLogger, createTestApp } from '#server/test/app'
import { createTestDatabase, type TestDatabase } from '#server/test/database'
import { createSeededRandom } from '#server/seed/seeded-random'

/**
 * Catalogue lists answer the same whichever database holds the catalogue (PGlite here, PostgreSQL
 * with TEST_DATABASE_URL) and, without a search, whichever path serves them (the in-memory index
 * of catalogue-index.ts or SQL). A search is the index's: it answers what search-relevance.ts
 * defines; SQL, the fallback when there is no index, answers plain substrings
 * (docs/decisions/020). Expectations are computed from the seeded rows in plain JavaScript.
 */
const demo = generateDemoCatalogue(demoCatalogueSize, defaultDemoSeed)
const merchantById = new Map(demo.merchants.map((merchant) => [merchant.id, merchant]))

type DemoMerchant = (typeof demo.merchants)[number]
type DemoProduct = (typeof demo.products)[number]

function merchantOf(product: DemoProduct): DemoMerchant {
  const merchant = merchantById.get(product.merchantId)
  if (merchant === undefined) throw new Error(`No merchant ${product.merchantId}`)
  return merchant
}

/** What the writer stores, lowered as `ILIKE` compares it. */
function merchantSearchText(merchant: DemoMerchant): string {
  return [merchant.name.th, merchant.name.en].join(searchTextSeparator).toLowerCase()
}

function productSearchText(product: DemoProduct): string {
  const merchant = merchantOf(product)
  return [product.name.th, product.name.en, merchant.name.th, merchant.name.en].join(searchTextSeparator).toLowerCase()
}

/** The fields search-relevance.ts searches, made once per row. */
const merchantFields = new Map<string, SearchField>()
const productFields = new Map<string, SearchField>()
function merchantFieldOf(merchant: DemoMerchant): SearchField {
  let field = merchantFields.get(merchant.id)
  if (field === undefined) {
    field = searchFieldOf([merchant.name.th, merchant.name.en])
    merchantFields.set(merchant.id, field)
  }
  return field
}
function productFieldOf(product: DemoProduct): SearchField {
  let field = productFields.get(product.id)
  if (field === undefined) {
    field = searchFieldOf([product.name.th, product.name.en])
    productFields.set(product.id, field)
  }
  return field
}

/** Each row's relevance tier for a search, by search: the expectations of many queries share them. */
const merchantTiers = new Map<string, Map<string, number>>()
const productTiers = new Map<string, Map<string, number>>()
function tiersOf<Row extends { id: string }>(
  cache: Map<string, Map<string, number>>,
  rows: readonly Row[],
  term: string,
  tierOf: (row: Row, plan: ReturnType<typeof planSearch>) => number,
): Map<string, number> {
  let tiers = cache.get(term)
  if (tiers === undefined) {
    const plan = planSearch(term)
    tiers = new Map(rows.map((row) => [row.id, tierOf(row, plan)]))
    cache.set(term, tiers)
  }
  return tiers
}
function categoryOfMerchant(merchant: DemoMerchant): MerchantCategoryId {
  const category = categoryOfLabel(merchant.categoryLabel)
  if (category === undefined) throw new Error(`No category for ${merchant.categoryLabel}`)
  return category
}
function merchantTier(merchant: DemoMerchant, term: string): number {
  return (
    tiersOf(merchantTiers, demo.merchants, term, (row, plan) =>
      rankedTier(
        plan,
        relevanceTier(plan, [{ field: merchantFieldOf(row), tiers: merchantNameTiers }]),
        merchantNameTiers,
        categoryOfMerchant(row),
      ),
    ).get(merchant.id) ?? noMatch
  )
}
function productTier(product: DemoProduct, term: string): number {
  return (
    tiersOf(productTiers, demo.products, term, (row, plan) =>
      rankedTier(
        plan,
        relevanceTier(plan, [
          { field: productFieldOf(row), tiers: productNameTiers },
          { field: merchantFieldOf(merchantOf(row)), tiers: productMerchantTiers },
        ]),
        productNameTiers,
        row.categoryId,
      ),
    ).get(product.id) ?? noMatch
  )
}

/** Who answers: the index (searches as search-relevance.ts defines them) or SQL (substrings). */
type Path = 'index' | 'sql'

/** Code-point order, as the `C.UTF-8` cluster and PGlite compare text. */
function compareText(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0
}

/** The `thai_dictionary` collation's order (ICU's root, migration 0018): Thai names as a dictionary has them. */
const thaiDictionary = new Intl.Collator('und')

function compareNumbers(left: number, right: number): number {
  return left - right
}

function expectedMerchants(
  query: Required<Pick<MerchantListRequest, 'sort' | 'locale' | 'skip' | 'limit'>> & MerchantListRequest,
  path: Path = 'index',
) {
  const term = query.search?.trim().toLowerCase()
  const filter = query.filter ?? {}
  const rows = demo.merchants.filter(
    (merchant) =>
      (term === undefined ||
        (path === 'index' ? merchantTier(merchant, term) !== noMatch : merchantSearchText(merchant).includes(term))) &&
      (filter.category === undefined || categoryOfLabel(merchant.categoryLabel) === filter.category) &&
      (filter.flatRate === undefined || (merchant.cashback.kind === 'flat') === filter.flatRate) &&
      (filter.top === undefined || (merchant.topRank !== null) === filter.top),
  )
  const byId = (left: DemoMerchant, right: DemoMerchant) => compareText(left.id, right.id)
  const popular = (left: DemoMerchant, right: DemoMerchant) =>
    compareNumbers(left.topRank ?? Number.MAX_SAFE_INTEGER, right.topRank ?? Number.MAX_SAFE_INTEGER) ||
    compareNumbers(right.popularity, left.popularity) ||
    byId(left, right)
  const orders: Record<string, (left: DemoMerchant, right: DemoMerchant) => number> = {
    relevance: (left, right) =>
      (term === undefined || path === 'sql' ? 0 : merchantTier(left, term) - merchantTier(right, term)) ||
      popular(left, right),
    popular,
    cashback: (left, right) =>
      compareNumbers(right.cashback.rateBasisPoints, left.cashback.rateBasisPoints) || byId(left, right),
    newest: (left, right) => compareNumbers(right.createdAt.getTime(), left.createdAt.getTime()) || byId(right, left),
    'name:th': (left, right) => thaiDictionary.compare(left.name.th, right.name.th) || byId(left, right),
    'name:en': (left, right) =>
      compareText(left.name.en.toLowerCase(), right.name.en.toLowerCase()) || byId(left, right),
  }
  const order = orders[query.sort === 'name' ? `name:${query.locale}` : query.sort]
  const sorted = rows.sort(order)
  return { ids: sorted.slice(query.skip, query.skip + query.limit).map((row) => row.id), total: rows.length }
}

function expectedProducts(
  query: Required<Pick<ProductListRequest, 'sort' | 'locale' | 'skip' | 'limit'>> & ProductListRequest,
  path: Path = 'index',
) {
  const term = query.search?.trim().toLowerCase()
  const filter = query.filter ?? {}
  const rows = demo.products.filter(
    (product) =>
      (term === undefined ||
        (path === 'index' ? productTier(product, term) !== noMatch : productSearchText(product).includes(term))) &&
      (filter.category === undefined || product.categoryId === filter.category) &&
      (filter.merchant === undefined || product.merchantId === filter.merchant) &&
      (filter.minPrice === undefined || product.price >= filter.minPrice) &&
      (filter.maxPrice === undefined || product.price <= filter.maxPrice) &&
      (filter.comparisonKey === undefined || product.comparisonKey === filter.comparisonKey),
  )
  const cashbackOf = (product: DemoProduct) => estimateCashback(product.price, merchantOf(product).cashback)
  const byId = (left: DemoProduct, right: DemoProduct) => compareText(left.id, right.id)
  const popular = (left: DemoProduct, right: DemoProduct) =>
    compareNumbers(right.popularity, left.popularity) || byId(left, right)
  const orders: Record<string, (left: DemoProduct, right: DemoProduct) => number> = {
    relevance: (left, right) =>
      (term === undefined || path === 'sql' ? 0 : productTier(left, term) - productTier(right, term)) ||
      popular(left, right),
    popular,
    cashback: (left, right) => compareNumbers(cashbackOf(right), cashbackOf(left)) || byId(left, right),
    newest: (left, right) => compareNumbers(right.createdAt.getTime(), left.createdAt.getTime()) || byId(right, left),
    'name:th': (left, right) => thaiDictionary.compare(left.name.th, right.name.th) || byId(left, right),
    'name:en': (left, right) =>
      compareText(left.name.en.toLowerCase(), right.name.en.toLowerCase()) || byId(left, right),
    'price-low': (left, right) => compareNumbers(left.price, right.price) || byId(left, right),
    'price-high': (left, right) => compareNumbers(right.price, left.price) || byId(right, left),
  }
  const order = orders[query.sort === 'name' ? `name:${query.locale}` : query.sort]
  const sorted = rows.sort(order)
  return { ids: sorted.slice(query.skip, query.skip + query.limit).map((row) => row.id), total: rows.length }
}

const merchantSorts: MerchantSort[] = ['relevance', 'popular', 'cashback', 'newest', 'name']
const productSorts: ProductSort[] = [...merchantSorts, 'price-low', 'price-high']
const locales: Locale[] = ['th', 'en']

/**
 * Thai of 1, 2 and more letters, English, mixed case, several words, a typo, other characters,
 * nothing found; each also on page 2 and in every order.
 */
const fixedSearches = [
  'ร',
  'า',
  'สย',
  'หู',
  'ิ่ง',
  'รองเท้า',
  'วิ่งผู้ชาย',
  'มือถือ',
  'a',
  'e',
  'pro',
  'RuNNiNg',
  'SHOES',
  'Siam',
  'running shoes',
  'black pro',
  'samsng',
  'café',
  '•',
  'ไม่มีร้านนี้แน่นอน',
  'zqxv',
]

async function readList<Schema extends typeof merchantListResponseSchema | typeof productListResponseSchema>(
  app: App,
  path: string,
  schema: Schema,
): Promise<v.InferOutput<Schema>> {
  const response = await app.request(path)
  expect(response.status, path).toBe(200)
  return v.parse(schema, await response.json())
}

function merchantsPath(query: MerchantListRequest): string {
  return `/cws-api/merchants?${new URLSearchParams(merchantListSearchParams(query)).toString()}`
}

function productsPath(query: ProductListRequest): string {
  return `/cws-api/products?${new URLSearchParams(productListSearchParams(query)).toString()}`
}

/** An app whose lists come from the index (no response cache in front), once the index is loaded. */
async function indexedApp(testDatabase: TestDatabase, options: Parameters<typeof createTestApp>[1] = {}) {
  const recording = createRecordingLogger()
  const app = createTestApp(testDatabase.connection.database, {
    logger: recording.logger,
    ...options,
    catalogueCache: { maxEntries: 0, ...options.catalogueCache },
  })
  const ready = () => recording.lines().filter((line) => line['msg'] === 'catalogue index ready').length
  const readyBefore = ready()
  // The first list starts the load; SQL answers it.
  expect((await app.request('/cws-api/merchants')).status).toBe(200)
  // Polled by hand: `expect.poll` only works inside a test, and this also serves `beforeAll`.
  const deadline = Date.now() + 30_000
  while (ready() === readyBefore) {
    if (Date.now() > deadline) throw new Error(`The catalogue index did not load: ${JSON.stringify(recording.lines())}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return { app, ready, lines: recording.lines }
}

describe('catalogue search, index and SQL alike', () => {
  let testDatabase: TestDatabase
  let indexed: App
  let sqlOnly: App

  beforeAll(async () => {
    testDatabase = await createTestDatabase()
    await seedCatalogueIfEmpty(testDatabase.connection.database)
    ;({ app: indexed } = await indexedApp(testDatabase))
    sqlOnly = createTestApp(testDatabase.connection.database, {
      catalogueCache: { maxEntries: 0, searchIndex: false },
    })
  })
  afterAll(() => testDatabase.dispose())

  describe.each([
    ['the index', () => indexed, 'index'],
    ['SQL', () => sqlOnly, 'sql'],
  ] as const)('answered by %s', (_, appOf, path) => {
    it.each(fixedSearches)('lists the merchants and products that %s finds, in every order', async (search) => {
      const app = appOf()
      for (const skip of [0, 12]) {
        for (const locale of locales) {
          for (const sort of merchantSorts) {
            // The language changes the name order only.
            if (locale === 'en' && sort !== 'name') continue
            const query = { search, sort, locale, skip, limit: 12 }
            const answer: MerchantListResponse = await readList(app, merchantsPath(query), merchantListResponseSchema)
            const expected = expectedMerchants(query, path)
            expect({ ids: answer.data.map((item) => item._id), total: answer.total }, JSON.stringify(query)).toEqual(
              expected,
            )
          }
          for (const sort of productSorts) {
            if (locale === 'en' && sort !== 'name') continue
            const query = { search, sort, locale, skip, limit: 12 }
            const answer: ProductListResponse = await readList(app, productsPath(query), productListResponseSchema)
            const expected = expectedProducts(query, path)
            expect({ ids: answer.data.map((item) => item._id), total: answer.total }, JSON.stringify(query)).toEqual(
              expected,
            )
          }
        }
      }
    })

    it('finds one or two Thai letters anywhere in a name, not only at its start', async () => {
      const app = appOf()
      for (const search of ['า', 'หู', 'ง']) {
        const expected = demo.products.filter((product) => productSearchText(product).includes(search))
        expect(expected.some((product) => !product.name.th.startsWith(search))).toBe(true)
        const answer = await readList(app, productsPath({ search, limit: 50 }), productListResponseSchema)
        expect(answer.total).toBe(expected.length)
        const merchantsFound = await readList(app, merchantsPath({ search, limit: 50 }), merchantListResponseSchema)
        expect(merchantsFound.total).toBe(
          demo.merchants.filter((merchant) => merchantSearchText(merchant).includes(search)).length,
        )
      }
    })

    it('filters a search by category, merchant and price', async () => {
      const app = appOf()
      const merchant = demo.merchants[3]
      if (merchant === undefined) throw new Error('no merchant')
      for (const filter of [
        { category: 'fashion' as const },
        { merchant: merchant.id },
        { minPrice: 20_000, maxPrice: 90_000 },
      ]) {
        for (const sort of ['price-low', 'cashback'] as const) {
          const query = { search: 'e', filter, sort, locale: 'th' as const, skip: 12, limit: 12 }
          const answer = await readList(app, productsPath(query), productListResponseSchema)
          expect({ ids: answer.data.map((item) => item._id), total: answer.total }).toEqual(
            expectedProducts(query, path),
          )
        }
      }
    })
  })

  // A long test: each search the definition has not seen costs it a pass over the demo catalogue.
  it('answers every random search, filter, order and page: by SQL alike without a search, as defined with one', async () => {
    const seeded = createSeededRandom(13)
    const random = () => seeded.next()
    const pick = <Item>(items: readonly Item[]): Item => seeded.pick(items)
    const termOf = () => {
      const product = pick(demo.products)
      const name = Array.from(pick([product.name.th, product.name.en, merchantOf(product).name.th]))
      const length = 1 + Math.floor(random() * 6)
      const start = Math.floor(random() * Math.max(1, name.length - length))
      const term = name.slice(start, start + length).join('')
      return random() < 0.3 ? term.toUpperCase() : term
    }
    for (let round = 0; round < 150; round += 1) {
      const search = random() < 0.9 ? termOf() : undefined
      const merchantQuery: MerchantListRequest = {
        search,
        sort: pick(merchantSorts),
        locale: pick(locales),
        skip: pick([0, 0, 12, 24, 48]),
        limit: pick([12, 50]),
        ...(random() < 0.3
          ? {
              filter: pick([
                { top: true },
                { flatRate: false },
                { category: 'food' as const },
                { top: false, flatRate: true, category: 'fashion' as const },
              ]),
            }
          : {}),
      }
      const productQuery: ProductListRequest = {
        search,
        sort: pick(productSorts),
        locale: pick(locales),
        skip: pick([0, 0, 12, 24, 48]),
        limit: pick([12, 50]),
        ...(random() < 0.3
          ? {
              filter: pick([
                { category: 'computers' as const },
                { minPrice: 100_000 },
                { maxPrice: 50_000 },
                { merchant: pick(demo.merchants).id },
                { comparisonKey: pick(demo.products).comparisonKey },
                { category: 'health' as const, minPrice: 20_000, maxPrice: 80_000 },
              ]),
            }
          : {}),
      }
      if (search === undefined) {
        for (const path of [merchantsPath(merchantQuery), productsPath(productQuery)]) {
          const fromIndex = await indexed.request(path)
          const fromSql = await sqlOnly.request(path)
          expect(fromIndex.status, path).toBe(200)
          expect(await fromIndex.text(), path).toBe(await fromSql.text())
        }
        continue
      }
      const complete = <Query extends MerchantListRequest | ProductListRequest>(query: Query) => ({
        ...query,
        sort: query.sort ?? 'relevance',
        locale: query.locale ?? 'th',
        skip: query.skip ?? 0,
        limit: query.limit ?? 12,
      })
      const merchantsFound = await readList(indexed, merchantsPath(merchantQuery), merchantListResponseSchema)
      expect(
        { ids: merchantsFound.data.map((item) => item._id), total: merchantsFound.total },
        JSON.stringify(merchantQuery),
      ).toEqual(expectedMerchants(complete(merchantQuery)))
      const productsFound = await readList(indexed, productsPath(productQuery), productListResponseSchema)
      expect(
        { ids: productsFound.data.map((item) => item._id), total: productsFound.total },
        JSON.stringify(productQuery),
      ).toEqual(expectedProducts(complete(productQuery)))
    }
  }, 90_000)
})

describe('catalogue index around changes', () => {
  let testDatabase: TestDatabase

  beforeAll(async () => {
    testDatabase = await createTestDatabase()
    await seedCatalogueIfEmpty(testDatabase.connection.database, { size: { merchantCount: 20, productCount: 300 } })
  })
  afterAll(() => testDatabase.dispose())

  async function firstMerchant(app: App) {
    const [merchant] = (await readList(app, merchantsPath({ sort: 'newest' }), merchantListResponseSchema)).data
    if (merchant === undefined) throw new Error('no merchant')
    return merchant
  }

  it("shows this process's change at once, and loads the index again for the new catalogue", async () => {
    const database = testDatabase.connection.database
    const { app, ready } = await indexedApp(testDatabase)
    const merchant = await firstMerchant(app)
    const cashback = { kind: 'flat', rateBasisPoints: 1_234, maxPerOrder: 700 } as const
    await changeCatalogue(database, (writer) => writer.updateMerchantCashback(merchant._id, cashback))
    const readyBefore = ready()
    const path = productsPath({ filter: { merchant: merchant._id } })
    const answer = await readList(app, path, productListResponseSchema)
    expect(answer.data.every((product) => product.merchant.cashback.rateBasisPoints === 1_234)).toBe(true)
    await expect.poll(ready).toBeGreaterThan(readyBefore)
    const fromIndex = await readList(app, path, productListResponseSchema)
    expect(fromIndex).toEqual(answer)
  })

  it("drops the index when any process announces a change, the channel's way", async () => {
    const { connection } = testDatabase
    const events = openEventChannel(connection, createRecordingLogger().logger)
    try {
      await events.whenListening()
      const { app } = await indexedApp(testDatabase, { events })
      const merchant = await firstMerchant(app)
      await connection.database.transaction(async (transaction) => {
        await transaction.update(merchants).set({ nameEn: 'Announced Rename' }).where(eq(merchants.id, merchant._id))
        await publishEvent(transaction, 'catalogue.changed', {})
      })
      await expect.poll(async () => (await firstMerchant(app)).name.en).toBe('Announced Rename')
    } finally {
      await events.close()
    }
  })
})

describe('catalogue index while no channel hears other processes', () => {
  let testDatabase: TestDatabase

  // A database of its own: a listening channel of another test's app on the same database would
  // (rightly) count as hearing every change.
  beforeAll(async () => {
    testDatabase = await createTestDatabase()
    await seedCatalogueIfEmpty(testDatabase.connection.database, { size: { merchantCount: 20, productCount: 300 } })
  })
  afterAll(() => testDatabase.dispose())

  it('keeps the index no longer than the time-to-live', async () => {
    const database = testDatabase.connection.database
    const deafChannel = createSilentEventChannel()
    await deafChannel.close()
    const { app } = await indexedApp(testDatabase, {
      events: deafChannel,
      catalogueCache: { timeToLiveMilliseconds: 1_500 },
    })
    const [merchant] = (await readList(app, merchantsPath({ sort: 'newest' }), merchantListResponseSchema)).data
    if (merchant === undefined) throw new Error('no merchant')
    const newestName = async () =>
      (await readList(app, merchantsPath({ sort: 'newest' }), merchantListResponseSchema)).data[0]?.name.en
    // Another process's write whose announcement never arrives.
    await database.update(merchants).set({ nameEn: 'Unannounced Rename' }).where(eq(merchants.id, merchant._id))
    expect(await newestName()).toBe(merchant.name.en)
    await new Promise((resolve) => setTimeout(resolve, 1_600))
    expect(await newestName()).toBe('Unannounced Rename')
  })
})
