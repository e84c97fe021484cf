import { gunzipSync } from 'node:zlib'
import { eq } from 'drizzle-orm'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { merchantCategoryIds } from '#domain/categories'
import { estimateCashback } from '#domain/cashback-estimate'
import {
  merchantListResponseSchema,
  merchantListSearchParams,
  merchantSchema,
  productListResponseSchema,
  productListSearchParams,
  productSchema,
  type MerchantListRequest,
  type MerchantListResponse,
  type ProductListRequest,
  type ProductListResponse,
} from '#domain/contracts/catalogue'
import { changeCatalogue } from '#server/catalogue/catalogue-writes'
import { merchants } from '#server/db/schema'
import { openEventChannel, publishEvent } from '#server/events/event-channel'
import type { App } from '#server/app'
import { defaultDemoSeed, demoCatalogueSize, generateDemoCatalogue } from '#server/seed/demo-catalogue'
import { seedCatalogueIfEmpty } from '#server/seed/seed-catalogue'
import { createRecordingLogger, createTestApp, readErrorBody } from '#server/test/app'
import { createTestDatabase, type TestDatabase } from '#server/test/database'

/** What the seed wrote; the expectations below are computed from it independently of SQL. */
const demo = generateDemoCatalogue(demoCatalogueSize, defaultDemoSeed)
const merchantById = new Map(demo.merchants.map((merchant) => [merchant.id, merchant]))

function searchTextOf(product: (typeof demo.products)[number]): string {
  const merchant = merchantById.get(product.merchantId)
  return [product.name.th, product.name.en, merchant?.name.th, merchant?.name.en].join(' ').toLowerCase()
}

describe('catalogue API', () => {
  let testDatabase: TestDatabase
  let app: App

  beforeAll(async () => {
    testDatabase = await createTestDatabase()
    await seedCatalogueIfEmpty(testDatabase.connection.database)
    app = createTestApp(testDatabase.connection.database)
  })
  afterAll(() => testDatabase.dispose())

  function request(path: string, headers: Record<string, string> = {}) {
    return app.request(path, { headers })
  }

  async function listMerchants(query: MerchantListRequest): Promise<MerchantListResponse> {
    const response = await request(
      `/cws-api/merchants?${new URLSearchParams(merchantListSearchParams(query)).toString()}`,
    )
    expect(response.status).toBe(200)
    return v.parse(merchantListResponseSchema, await response.json())
  }

  async function listProducts(query: ProductListRequest): Promise<ProductListResponse> {
    const response = await request(
      `/cws-api/products?${new URLSearchParams(productListSearchParams(query)).toString()}`,
    )
    expect(response.status).toBe(200)
    return v.parse(productListResponseSchema, await response.json())
  }

  /** Every page of a list, `limit` at a time, as a shopper scrolling to the end would load it. */
  async function loadAllPages<Item>(
    load: (skip: number) => Promise<{ data: Item[]; total: number }>,
  ): Promise<{ items: Item[]; total: number }> {
    const items: Item[] = []
    let total = Number.POSITIVE_INFINITY
    // Bounded: a broken `skip` must fail the test, not loop forever.
    for (let page = 0; page < 500 && items.length < total; page += 1) {
      const answer = await load(items.length)
      total = answer.total
      if (answer.data.length === 0) break
      items.push(...answer.data)
    }
    return { items, total }
  }

  describe('query validation', () => {
    it.each([
      ['limit=0', 'limit'],
      ['limit=51', 'limit'],
      ['limit=abc', 'limit'],
      ['limit=1.5', 'limit'],
      ['limit=-1', 'limit'],
      ['skip=-1', 'skip'],
      ['skip=x', 'skip'],
      ['sort=cheapest', 'sort'],
      ['locale=fr', 'locale'],
      [`search=${'ก'.repeat(101)}`, 'search'],
      ['filter=%7Bnot-json', 'filter'],
      ['filter=%5B%5D', 'filter'],
      ['filter=null', 'filter'],
      [`filter=${encodeURIComponent('{"category":"shoes"}')}`, 'category'],
      [`filter=${encodeURIComponent('{"colour":"red"}')}`, 'colour'],
      [`filter=${encodeURIComponent('{"top":"yes"}')}`, 'top'],
    ])('answers 400 invalid_request to merchants?%s', async (query, mentioned) => {
      const response = await request(`/cws-api/merchants?${query}`)
      expect(response.status).toBe(400)
      expect(response.headers.get('Cache-Control')).toBe('no-store')
      const body = await readErrorBody(response)
      expect(body.error.code).toBe('invalid_request')
      expect(body.error.message).toContain(mentioned)
    })

    it.each([
      'sort=price-cheap',
      `filter=${encodeURIComponent('{"minPrice":-1}')}`,
      `filter=${encodeURIComponent('{"minPrice":1.5}')}`,
      `filter=${encodeURIComponent('{"minPrice":5000,"maxPrice":100}')}`,
      `filter=${encodeURIComponent('{"maxPrice":99999999999}')}`,
      `filter=${encodeURIComponent('{"merchant":"not-an-id"}')}`,
      `filter=${encodeURIComponent('{"comparisonKey":"Has Spaces"}')}`,
      `filter=${encodeURIComponent('{"flatRate":true}')}`,
    ])('answers 400 invalid_request to products?%s', async (query) => {
      const response = await request(`/cws-api/products?${query}`)
      expect(response.status).toBe(400)
      expect((await readErrorBody(response)).error.code).toBe('invalid_request')
    })

    it('takes the defaults of spec section 7: 12 per page from the start, top merchants first', async () => {
      const answer = await listMerchants({})
      expect(answer.data).toHaveLength(12)
      expect(answer.total).toBe(demo.merchants.length)
      expect(answer.data[0]?.topRank).toBe(1)
      expect((await listProducts({})).data).toHaveLength(12)
    })

    it('treats a blank search as no search and accepts the limits of the range', async () => {
      expect((await listMerchants({ search: '   ' })).total).toBe(demo.merchants.length)
      expect((await listMerchants({ limit: 1 })).data).toHaveLength(1)
      expect((await listMerchants({ limit: 50 })).data).toHaveLength(50)
      const beyondTheEnd = await listMerchants({ skip: 100_000 })
      expect(beyondTheEnd).toEqual({ data: [], total: demo.merchants.length })
    })
  })

  describe('paging', () => {
    it.each(['popular', 'cashback', 'newest', 'name'] as const)(
      'walks every merchant once when sorted by %s',
      async (sort) => {
        const { items, total } = await loadAllPages((skip) => listMerchants({ sort, skip, limit: 50 }))
        expect(total).toBe(demo.merchants.length)
        expect(new Set(items.map((merchant) => merchant._id)).size).toBe(total)
        expect(items).toHaveLength(total)
      },
    )

    it.each(['popular', 'price-low', 'price-high', 'cashback', 'newest', 'name'] as const)(
      'walks every product of a category once when sorted by %s, with pages of 12',
      async (sort) => {
        const expected = demo.products.filter((product) => product.categoryId === 'books').map((product) => product.id)
        const { items, total } = await loadAllPages((skip) =>
          listProducts({ sort, skip, limit: 12, filter: { category: 'books' } }),
        )
        expect(total).toBe(expected.length)
        expect(items.map((product) => product._id).sort()).toEqual(expected.sort())
      },
    )
  })

  describe('sorting', () => {
    it('puts top merchants first by rank, then the most popular', async () => {
      const { items } = await loadAllPages((skip) => listMerchants({ sort: 'popular', skip, limit: 50 }))
      const ranks = items.slice(0, 20).map((merchant) => merchant.topRank)
      expect(ranks).toEqual(Array.from({ length: 20 }, (_, index) => index + 1))
      expect(items.slice(20).every((merchant) => merchant.topRank === null)).toBe(true)
      const popularity = items.slice(20).map((merchant) => merchantById.get(merchant._id)?.popularity ?? -1)
      expect(popularity).toEqual([...popularity].sort((left, right) => right - left))
    })

    it('sorts merchants by highest rate, newest and name in the requested language', async () => {
      const byRate = (await listMerchants({ sort: 'cashback', limit: 50 })).data.map(
        (merchant) => merchant.cashback.rateBasisPoints,
      )
      expect(byRate).toEqual([...byRate].sort((left, right) => right - left))
      const byDate = (await listMerchants({ sort: 'newest', limit: 50 })).data.map((merchant) => merchant.createdAt)
      expect(byDate).toEqual([...byDate].sort().reverse())
      const thaiNames = (await listMerchants({ sort: 'name', limit: 50 })).data.map((merchant) => merchant.name.th)
      // As a Thai dictionary has them: a word with a leading vowel among those of its first consonant.
      expect(thaiNames).toEqual([...thaiNames].sort(new Intl.Collator('und').compare))
      const englishNames = (await listMerchants({ sort: 'name', locale: 'en', limit: 50 })).data.map((merchant) =>
        merchant.name.en.toLowerCase(),
      )
      expect(englishNames).toEqual([...englishNames].sort())
    })

    it('sorts products by price both ways and by estimated cashback', async () => {
      const cheapest = (await listProducts({ sort: 'price-low', limit: 50 })).data.map((product) => product.price)
      expect(cheapest).toEqual([...cheapest].sort((left, right) => left - right))
      expect(cheapest[0]).toBe(Math.min(...demo.products.map((product) => product.price)))
      const dearest = (await listProducts({ sort: 'price-high', limit: 50 })).data.map((product) => product.price)
      expect(dearest).toEqual([...dearest].sort((left, right) => right - left))
      expect(dearest[0]).toBe(Math.max(...demo.products.map((product) => product.price)))
      const cashback = (await listProducts({ sort: 'cashback', limit: 50 })).data.map(
        (product) => product.estimatedCashback,
      )
      expect(cashback).toEqual([...cashback].sort((left, right) => right - left))
    })
  })

  describe('filters', () => {
    it.each(merchantCategoryIds)('lists only %s merchants for that category', async (category) => {
      const answer = await listMerchants({ filter: { category }, limit: 50 })
      const expected = demo.merchants.filter((merchant) => answer.data.some((item) => item._id === merchant.id))
      expect(answer.total).toBeGreaterThan(0)
      expect(answer.data.every((merchant) => merchant.categoryId === category)).toBe(true)
      expect(expected).toHaveLength(answer.data.length)
    })

    it('lists flat-rate merchants (always capped), the others, and top merchants', async () => {
      const flat = await listMerchants({ filter: { flatRate: true }, limit: 50 })
      const flatCount = demo.merchants.filter((merchant) => merchant.cashback.kind === 'flat').length
      expect(flat.total).toBe(flatCount)
      expect(
        flat.data.every((merchant) => merchant.cashback.kind === 'flat' && merchant.cashback.maxPerOrder !== null),
      ).toBe(true)
      const upTo = await listMerchants({ filter: { flatRate: false } })
      expect(upTo.total).toBe(demo.merchants.length - flatCount)
      const top = await listMerchants({ filter: { top: true }, limit: 50 })
      expect(top.total).toBe(20)
      expect((await listMerchants({ filter: { top: false } })).total).toBe(demo.merchants.length - 20)
      const topFood = await listMerchants({ filter: { top: true, category: 'food' }, limit: 50 })
      expect(topFood.data.every((merchant) => merchant.topRank !== null && merchant.categoryId === 'food')).toBe(true)
    })

    it('lists products by category, merchant, price range and comparison key', async () => {
      const toys = await listProducts({ filter: { category: 'toys' } })
      expect(toys.total).toBe(demo.products.filter((product) => product.categoryId === 'toys').length)

      const [merchant] = (await listMerchants({ limit: 1 })).data
      if (merchant === undefined) throw new Error('no merchant')
      const ofMerchant = await listProducts({ filter: { merchant: merchant._id }, limit: 50 })
      expect(ofMerchant.total).toBe(merchant.productCount)
      expect(ofMerchant.data.every((product) => product.merchant._id === merchant._id)).toBe(true)

      const inRange = await listProducts({
        filter: { minPrice: 50_000, maxPrice: 100_000 },
        sort: 'price-low',
        limit: 50,
      })
      const expectedInRange = demo.products.filter((product) => product.price >= 50_000 && product.price <= 100_000)
      expect(inRange.total).toBe(expectedInRange.length)
      expect(inRange.data.every((product) => product.price >= 50_000 && product.price <= 100_000)).toBe(true)

      const shared = demo.products.find(
        (product) => demo.products.filter((other) => other.comparisonKey === product.comparisonKey).length >= 3,
      )
      if (shared === undefined) throw new Error('the demo has no shared comparison keys')
      const sameItem = await listProducts({ filter: { comparisonKey: shared.comparisonKey } })
      expect(sameItem.total).toBe(
        demo.products.filter((product) => product.comparisonKey === shared.comparisonKey).length,
      )
    })

    it('answers an empty page, not an error, when nothing matches', async () => {
      expect(await listProducts({ filter: { minPrice: 2_000_000_000 } })).toEqual({ data: [], total: 0 })
      expect(await listMerchants({ search: 'ไม่มีร้านนี้แน่นอน' })).toEqual({ data: [], total: 0 })
    })
  })

  describe('search', () => {
    it('finds a Thai word inside names without spaces: รองเท้า finds รองเท้าวิ่งผู้ชาย', async () => {
      const expected = demo.products.filter((product) => searchTextOf(product).includes('รองเท้า'))
      expect(expected.some((product) => product.name.th.startsWith('รองเท้าวิ่งผู้ชาย'))).toBe(true)
      const { items, total } = await loadAllPages((skip) => listProducts({ search: 'รองเท้า', skip, limit: 50 }))
      expect(total).toBe(expected.length)
      expect(items.map((product) => product._id).sort()).toEqual(expected.map((product) => product.id).sort())

      const middle = await listProducts({ search: 'วิ่งผู้ชาย', limit: 50 })
      expect(middle.total).toBe(demo.products.filter((product) => searchTextOf(product).includes('วิ่งผู้ชาย')).length)
      expect(middle.data.every((product) => product.name.th.includes('วิ่งผู้ชาย'))).toBe(true)
    })

    // What else a search finds (words, synonyms, typos) is server/catalogue/search-relevance.test.ts's.
    it('finds English words whatever their case, inside words too', async () => {
      const ids = (products: readonly { _id: string }[]) => products.map((product) => product._id)
      for (const [search, spelled] of [
        ['running shoes', 'RUNNING Shoes'],
        ['unnin', 'UNNIN'],
      ] as const) {
        const containing = demo.products.filter((product) => searchTextOf(product).includes(search))
        expect(containing.length).toBeGreaterThan(0)
        const found = await loadAllPages((skip) => listProducts({ search: spelled, skip, limit: 50 }))
        expect(ids(found.items)).toEqual(expect.arrayContaining(containing.map((product) => product.id)))
        expect((await listProducts({ search })).total).toBe(found.total)
      }
    })

    it('finds merchants by a Thai or English part of their name, and products by their merchant', async () => {
      const merchant = demo.merchants.find((candidate) => candidate.name.th.length >= 6)
      if (merchant === undefined) throw new Error('no merchant')
      const thaiPart = merchant.name.th.slice(2, 6)
      const thai = await listMerchants({ search: thaiPart, limit: 50 })
      expect(thai.data.map((item) => item._id)).toContain(merchant.id)
      expect(thai.total).toBeGreaterThanOrEqual(
        demo.merchants.filter((candidate) =>
          `${candidate.name.th} ${candidate.name.en}`.toLowerCase().includes(thaiPart),
        ).length,
      )
      const english = await listMerchants({ search: merchant.name.en.toUpperCase(), limit: 50 })
      expect(english.data.map((item) => item._id)).toContain(merchant.id)

      const ofMerchant = await listProducts({ search: merchant.name.en, limit: 50 })
      expect(ofMerchant.data.some((product) => product.merchant._id === merchant.id)).toBe(true)
    })

    it('finds what contains a search of one or two characters, not only what starts with it', async () => {
      const answer = await listMerchants({ search: 'ยา', limit: 50 })
      const expected = demo.merchants.filter((merchant) =>
        `${merchant.name.th} ${merchant.name.en}`.toLowerCase().includes('ยา'),
      )
      expect(answer.total).toBe(expected.length)
      expect(expected.some((merchant) => !merchant.name.th.startsWith('ยา'))).toBe(true)
      const english = await listProducts({ search: 'A', limit: 50 })
      expect(english.total).toBe(demo.products.filter((product) => searchTextOf(product).includes('a')).length)
      expect(english.data.some((product) => !product.name.en.toLowerCase().startsWith('a'))).toBe(true)
    })

    it('treats % and _ as the characters they are, not as wildcards', async () => {
      expect((await listProducts({ search: '%%%' })).total).toBe(0)
      expect((await listMerchants({ search: '___' })).total).toBe(0)
      expect((await listMerchants({ search: '%' })).total).toBe(0)
    })
  })

  describe('details', () => {
    it('answers a merchant as the list shows it', async () => {
      const [listed] = (await listMerchants({ limit: 1 })).data
      if (listed === undefined) throw new Error('no merchant')
      const response = await request(`/cws-api/merchants/${listed._id}`)
      expect(response.status).toBe(200)
      const merchant = v.parse(merchantSchema, await response.json())
      expect(merchant).toEqual(listed)
      expect(merchant.terms.en.length).toBeGreaterThanOrEqual(5)
      expect(merchant.terms.th).toHaveLength(merchant.terms.en.length)
      expect(merchant.logoUrl).toBe(`/media/merchants/${merchant._id}/logo.svg`)
      expect(merchant.shopUrl).toBe(`/demo-store/${merchant._id}`)
    })

    it('answers a product with its merchant summary and estimated cashback', async () => {
      const [listed] = (await listProducts({ sort: 'price-high', limit: 1 })).data
      if (listed === undefined) throw new Error('no product')
      const response = await request(`/cws-api/products/${listed._id}`)
      expect(response.status).toBe(200)
      const product = v.parse(productSchema, await response.json())
      expect(product).toEqual(listed)
      expect(product.estimatedCashback).toBe(estimateCashback(product.price, product.merchant.cashback))
      expect(product.imageUrl).toBe(`/media/products/${product._id}/picture.svg`)
    })

    it.each([
      ['/cws-api/merchants/0123456789abcdef01234567', 'merchant_not_found'],
      ['/cws-api/merchants/not-an-id', 'merchant_not_found'],
      ["/cws-api/merchants/'%20or%201=1", 'merchant_not_found'],
      ['/cws-api/products/0123456789abcdef01234567', 'product_not_found'],
      ['/cws-api/products/ZZZ', 'product_not_found'],
      ['/cws-api/products/0123456789abcdef01234567/offers', 'product_not_found'],
    ])('answers 404 to %s with %s', async (path, code) => {
      const response = await request(path)
      expect(response.status).toBe(404)
      expect(response.headers.get('Cache-Control')).toBe('no-store')
      expect((await readErrorBody(response)).error.code).toBe(code)
    })

    it('answers the JSON 404 for unknown catalogue paths', async () => {
      const response = await request('/cws-api/shops')
      expect(response.status).toBe(404)
      expect((await readErrorBody(response)).error.code).toBe('not_found')
    })
  })

  describe('offers', () => {
    it('lists the same product at every merchant, cheapest after cashback first', async () => {
      const key = demo.products.find(
        (product) => demo.products.filter((other) => other.comparisonKey === product.comparisonKey).length >= 3,
      )
      if (key === undefined) throw new Error('no shared comparison key')
      const response = await request(`/cws-api/products/${key.id}/offers`)
      expect(response.status).toBe(200)
      const offers = v.parse(productListResponseSchema, await response.json())
      const expected = demo.products.filter((product) => product.comparisonKey === key.comparisonKey)
      expect(offers.total).toBe(expected.length)
      expect(offers.data.map((offer) => offer._id).sort()).toEqual(expected.map((product) => product.id).sort())
      expect(new Set(offers.data.map((offer) => offer.merchant._id)).size).toBe(expected.length)
      const netPrices = offers.data.map((offer) => offer.price - offer.estimatedCashback)
      expect(netPrices).toEqual([...netPrices].sort((left, right) => left - right))
    })
  })

  describe('HTTP caching', () => {
    it.each([
      '/cws-api/merchants',
      '/cws-api/products?search=%E0%B8%A3%E0%B8%AD%E0%B8%87%E0%B9%80%E0%B8%97%E0%B9%89%E0%B8%B2',
      '/cws-api/merchants/__merchant__',
      '/cws-api/products/__product__',
      '/cws-api/products/__product__/offers',
    ])('lets browsers keep %s a minute and revalidate it with its ETag', async (template) => {
      const path = template
        .replace('__merchant__', demo.merchants[0]?.id ?? '')
        .replace('__product__', demo.products[0]?.id ?? '')
      const first = await request(path)
      expect(first.status).toBe(200)
      expect(first.headers.get('Cache-Control')).toBe('public, max-age=60, stale-while-revalidate=300')
      const entityTag = first.headers.get('ETag')
      expect(entityTag).toMatch(/^"[\w-]+"$/)
      if (entityTag === null) throw new Error('no ETag')

      const revalidated = await request(path, { 'If-None-Match': entityTag })
      expect(revalidated.status).toBe(304)
      expect(revalidated.headers.get('ETag')).toBe(entityTag)
      expect(revalidated.headers.get('Cache-Control')).toBe('public, max-age=60, stale-while-revalidate=300')
      expect(await revalidated.text()).toBe('')

      // Compressed answers carry the weak form of the same tag.
      expect((await request(path, { 'If-None-Match': `W/${entityTag}` })).status).toBe(304)
      expect((await request(path, { 'If-None-Match': '"something-else"' })).status).toBe(200)
    })

    it('sends the gzip form to clients that take it, as a representation with its own strong tag', async () => {
      const path = '/cws-api/merchants'
      const plain = await request(path)
      const plainTag = plain.headers.get('ETag') ?? ''
      expect(plain.headers.get('Content-Encoding')).toBeNull()
      expect(plain.headers.get('Vary')).toContain('Accept-Encoding')
      const plainBody = await plain.text()

      const zipped = await request(path, { 'Accept-Encoding': 'gzip, deflate, br' })
      expect(zipped.status).toBe(200)
      expect(zipped.headers.get('Content-Encoding')).toBe('gzip')
      expect(zipped.headers.get('Vary')).toBe('Accept-Encoding')
      const zippedTag = zipped.headers.get('ETag') ?? ''
      expect(zippedTag).toMatch(/^"[\w-]+-gz"$/)
      expect(zippedTag).not.toBe(plainTag)
      expect(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString('utf8')).toBe(plainBody)
      // The same bytes again: one gzip per cached answer, so the tag cannot drift.
      expect((await request(path, { 'Accept-Encoding': 'gzip' })).headers.get('ETag')).toBe(zippedTag)

      const revalidated = await request(path, { 'Accept-Encoding': 'gzip', 'If-None-Match': zippedTag })
      expect(revalidated.status).toBe(304)
      expect(revalidated.headers.get('ETag')).toBe(zippedTag)
      expect(revalidated.headers.get('Vary')).toContain('Accept-Encoding')
      // A tag of the other representation does not validate this one.
      expect((await request(path, { 'Accept-Encoding': 'gzip', 'If-None-Match': plainTag })).status).toBe(200)
      expect((await request(path, { 'If-None-Match': zippedTag })).status).toBe(200)
      expect((await request(path, { 'Accept-Encoding': 'gzip;q=0, identity' })).headers.get('ETag')).toBe(plainTag)
    })

    it('gives different answers different tags', async () => {
      const first = await request('/cws-api/merchants?skip=0')
      const second = await request('/cws-api/merchants?skip=12')
      expect(first.headers.get('ETag')).not.toBe(second.headers.get('ETag'))
    })
  })
})

describe('catalogue API around changes and maintenance', () => {
  let testDatabase: TestDatabase

  beforeAll(async () => {
    testDatabase = await createTestDatabase()
    await seedCatalogueIfEmpty(testDatabase.connection.database, {
      size: { merchantCount: 20, productCount: 300 },
    })
  })
  afterAll(() => testDatabase.dispose())

  it('shows a catalogue change at once, lists and details alike, with new ETags', async () => {
    const database = testDatabase.connection.database
    const app = createTestApp(database)
    const listResponse = await app.request('/cws-api/products?filter=' + encodeURIComponent('{"category":"books"}'))
    const before = v.parse(productListResponseSchema, await listResponse.json())
    const [product] = before.data
    if (product === undefined) throw new Error('no product')
    const merchantPath = `/cws-api/merchants/${product.merchant._id}`
    const merchantBefore = await app.request(merchantPath)
    const tagBefore = merchantBefore.headers.get('ETag')

    const newCashback = { kind: 'flat', rateBasisPoints: 1_000, maxPerOrder: 500 } as const
    await changeCatalogue(database, (writer) => writer.updateMerchantCashback(product.merchant._id, newCashback))

    const merchantAfter = await app.request(merchantPath, { headers: { 'If-None-Match': tagBefore ?? '' } })
    expect(merchantAfter.status).toBe(200)
    expect(merchantAfter.headers.get('ETag')).not.toBe(tagBefore)
    expect(v.parse(merchantSchema, await merchantAfter.json()).cashback).toEqual(newCashback)

    const after = v.parse(
      productListResponseSchema,
      await (await app.request('/cws-api/products?filter=' + encodeURIComponent('{"category":"books"}'))).json(),
    )
    const changed = after.data.find((item) => item._id === product._id)
    expect(changed?.merchant.cashback).toEqual(newCashback)
    // The stored estimate follows the same rule as the domain function.
    expect(changed?.estimatedCashback).toBe(estimateCashback(product.price, newCashback))
  })

  it('keeps answering from the cache until the time-to-live, then reads again', async () => {
    const database = testDatabase.connection.database
    const app = createTestApp(database, { catalogueCache: { timeToLiveMilliseconds: 300 } })
    const [merchant] = v.parse(merchantListResponseSchema, await (await app.request('/cws-api/merchants')).json()).data
    if (merchant === undefined) throw new Error('no merchant')
    const path = `/cws-api/merchants/${merchant._id}`
    expect(v.parse(merchantSchema, await (await app.request(path)).json()).name.en).toBe(merchant.name.en)

    // What another process's write looks like from here: the data changes, this process's
    // catalogue version does not.
    await database.update(merchants).set({ nameEn: 'Renamed Elsewhere' }).where(eq(merchants.id, merchant._id))
    expect(v.parse(merchantSchema, await (await app.request(path)).json()).name.en).toBe(merchant.name.en)
    await new Promise((resolve) => setTimeout(resolve, 350))
    expect(v.parse(merchantSchema, await (await app.request(path)).json()).name.en).toBe('Renamed Elsewhere')
  })

  it('drops its answers and pictures at once when any process announces a catalogue change', async () => {
    const { connection } = testDatabase
    const events = openEventChannel(connection, createRecordingLogger().logger)
    try {
      await events.whenListening()
      const app = createTestApp(connection.database, { events })
      const [merchant] = v.parse(
        merchantListResponseSchema,
        await (await app.request('/cws-api/merchants')).json(),
      ).data
      if (merchant === undefined) throw new Error('no merchant')
      const path = `/cws-api/merchants/${merchant._id}`
      const logoPath = `/media/merchants/${merchant._id}/logo.svg`
      expect(v.parse(merchantSchema, await (await app.request(path)).json()).name.en).toBe(merchant.name.en)
      expect(await (await app.request(logoPath)).text()).toContain(merchant.name.en)

      // Another process's write: the data changes and the event comes through the database,
      // while this process's catalogue version stays where it was.
      await connection.database.transaction(async (transaction) => {
        await transaction.update(merchants).set({ nameEn: 'Renamed Anywhere' }).where(eq(merchants.id, merchant._id))
        await publishEvent(transaction, 'catalogue.changed', {})
      })
      await expect
        .poll(async () => v.parse(merchantSchema, await (await app.request(path)).json()).name.en)
        .toBe('Renamed Anywhere')
      expect(await (await app.request(logoPath)).text()).toContain('Renamed Anywhere')
      const list = v.parse(merchantListResponseSchema, await (await app.request('/cws-api/merchants')).json())
      expect(list.data.find((item) => item._id === merchant._id)?.name.en).toBe('Renamed Anywhere')
    } finally {
      await events.close()
    }
  })

  it('answers 503 maintenance on the catalogue while maintenance is on', async () => {
    const app = createTestApp(testDatabase.connection.database, { maintenance: true })
    const response = await app.request('/cws-api/merchants')
    expect(response.status).toBe(503)
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    expect((await readErrorBody(response)).error.code).toBe('maintenance')
  })
})
