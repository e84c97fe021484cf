import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateDemoCatalogue } from '#server/seed/demo-catalogue'
import { seedCatalogueIfEmpty } from '#server/seed/seed-catalogue'
import { createTestApp } from '#server/test/app'
import { createTestDatabase, type TestDatabase } from '#server/test/database'

const size = { merchantCount: 15, productCount: 60 }

describe('generated media', () => {
  let testDatabase: TestDatabase
  const demo = generateDemoCatalogue(size)

  beforeAll(async () => {
    testDatabase = await createTestDatabase()
    await seedCatalogueIfEmpty(testDatabase.connection.database, { size })
  })
  afterAll(() => testDatabase.dispose())

  it.each([
    ['a merchant logo', () => `/media/merchants/${demo.merchants[0]?.id}/logo.svg`],
    ['a product picture', () => `/media/products/${demo.products[0]?.id}/picture.svg`],
  ])('serves %s as a cacheable SVG', async (_, path) => {
    const app = createTestApp(testDatabase.connection.database)
    const response = await app.request(path())
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('image/svg+xml; charset=utf-8')
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=86400')
    expect(await response.text()).toMatch(/^<svg[\s\S]*<\/svg>\s*$/)
    const entityTag = response.headers.get('ETag') ?? ''
    expect((await app.request(path(), { headers: { 'If-None-Match': entityTag } })).status).toBe(304)
  })

  it.each([
    '/media/merchants/0123456789abcdef01234567/logo.svg',
    '/media/products/0123456789abcdef01234567/picture.svg',
    '/media/products/..%2F..%2Fetc/picture.svg',
  ])('answers 404 for %s', async (path) => {
    const response = await createTestApp(testDatabase.connection.database).request(path)
    expect(response.status).toBe(404)
  })
})
