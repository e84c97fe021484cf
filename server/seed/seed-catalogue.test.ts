import { count, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { merchantCategoryIds } from '#domain/categories'
import { estimateCashback } from '#domain/cashback-estimate'
import { merchants, products } from '#server/db/schema'
import { demoCatalogueSize, generateDemoCatalogue } from '#server/seed/demo-catalogue'
import { seedCatalogueIfEmpty } from '#server/seed/seed-catalogue'
import { createTestDatabase, type TestDatabase } from '#server/test/database'

describe('demo catalogue seed', () => {
  let testDatabase: TestDatabase
  let firstRun: Awaited<ReturnType<typeof seedCatalogueIfEmpty>>

  beforeAll(async () => {
    testDatabase = await createTestDatabase()
    firstRun = await seedCatalogueIfEmpty(testDatabase.connection.database)
  })
  afterAll(() => testDatabase.dispose())

  it('fills an empty catalogue once; a second start adds nothing', async () => {
    expect(firstRun).toMatchObject({ seeded: true })
    const database = testDatabase.connection.database
    const before = await database.select({ total: count() }).from(products)
    expect(await seedCatalogueIfEmpty(database)).toEqual({ seeded: false })
    expect(await database.select({ total: count() }).from(products)).toEqual(before)
  })

  it('has at least 300 merchants over all categories and at least 10,000 products', async () => {
    const database = testDatabase.connection.database
    const [merchantTotal] = await database.select({ total: count() }).from(merchants)
    const [productTotal] = await database.select({ total: count() }).from(products)
    expect(merchantTotal?.total).toBeGreaterThanOrEqual(300)
    expect(productTotal?.total).toBeGreaterThanOrEqual(10_000)
    const categories = await database.selectDistinct({ categoryId: merchants.categoryId }).from(merchants)
    expect(categories.map((row) => row.categoryId).sort()).toEqual([...merchantCategoryIds].sort())
  })

  it('has top merchants ranked 1 to 20, capped flat-rate merchants and products sold by several merchants', async () => {
    const database = testDatabase.connection.database
    const ranks = await database
      .select({ rank: merchants.topRank })
      .from(merchants)
      .where(sql`${merchants.topRank} is not null`)
    expect(ranks.map((row) => row.rank).sort((left, right) => (left ?? 0) - (right ?? 0))).toEqual(
      Array.from({ length: 20 }, (_, index) => index + 1),
    )
    const flat = await database
      .select({ cap: merchants.cashbackMaxPerOrder, rate: merchants.cashbackRateBasisPoints })
      .from(merchants)
      .where(sql`${merchants.cashbackKind} = 'flat'`)
    expect(flat.length).toBeGreaterThan(10)
    expect(flat.every((row) => row.cap !== null && row.cap > 0 && row.rate === 200)).toBe(true)
    const shared = await database
      .select({ key: products.comparisonKey, offers: count() })
      .from(products)
      .groupBy(products.comparisonKey)
      .having(sql`count(distinct ${products.merchantId}) > 1`)
    expect(shared.length).toBeGreaterThan(500)
  })

  it('stores estimates that follow the domain rule, and sane waiting times', async () => {
    const database = testDatabase.connection.database
    const rows = await database
      .select({
        price: products.price,
        estimatedCashback: products.estimatedCashback,
        netPrice: products.netPrice,
        rateBasisPoints: merchants.cashbackRateBasisPoints,
        maxPerOrder: merchants.cashbackMaxPerOrder,
        trackingDays: merchants.trackingDays,
        confirmationDays: merchants.confirmationDays,
      })
      .from(products)
      .innerJoin(merchants, sql`${merchants.id} = ${products.merchantId}`)
      .limit(2_000)
    for (const row of rows) {
      expect(row.estimatedCashback).toBe(estimateCashback(row.price, row))
      expect(row.netPrice).toBe(row.price - row.estimatedCashback)
      expect(row.trackingDays).toBeGreaterThanOrEqual(1)
      expect(row.trackingDays).toBeLessThanOrEqual(7)
      expect(row.confirmationDays).toBeGreaterThanOrEqual(30)
      expect(row.confirmationDays).toBeLessThanOrEqual(120)
    }
  })
})

describe('generateDemoCatalogue', () => {
  it('is deterministic', () => {
    const size = { merchantCount: 40, productCount: 500 }
    expect(generateDemoCatalogue(size, 7)).toEqual(generateDemoCatalogue(size, 7))
    expect(generateDemoCatalogue(size, 7)).not.toEqual(generateDemoCatalogue(size, 8))
  })

  it('gives merchants unique names in both languages and Thai text in Thai names', () => {
    const { merchants: generated } = generateDemoCatalogue(demoCatalogueSize)
    expect(new Set(generated.map((merchant) => merchant.name.th)).size).toBe(generated.length)
    expect(new Set(generated.map((merchant) => merchant.name.en.toLowerCase())).size).toBe(generated.length)
    expect(generated.every((merchant) => /[\u0E00-\u0E7F]/.test(merchant.name.th))).toBe(true)
    expect(generated.every((merchant) => /^[A-Za-z]/.test(merchant.name.en))).toBe(true)
  })

  it('prices offers of one item within a few percent of each other before sales, in whole baht', () => {
    const { products: generated } = generateDemoCatalogue(demoCatalogueSize)
    const pricesByKey = new Map<string, number[]>()
    for (const product of generated) {
      expect(product.price % 100).toBe(0)
      const usualPrice = product.feed?.regularPrice ?? product.price
      expect(usualPrice).toBeGreaterThanOrEqual(product.price)
      pricesByKey.set(product.comparisonKey, [...(pricesByKey.get(product.comparisonKey) ?? []), usualPrice])
    }
    for (const prices of pricesByKey.values()) {
      expect(Math.max(...prices) / Math.min(...prices)).toBeLessThan(1.25)
    }
  })
})
