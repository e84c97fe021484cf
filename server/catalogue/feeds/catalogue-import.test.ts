import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { asc, eq } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { App } from '#server/app'
import { changeCatalogue } from '#server/catalogue/catalogue-writes'
import { importOffers, importProductFeed, type ImportSource } from '#server/catalogue/feeds/catalogue-import'
import { parseCatalogueOperatorCommand } from '#server/catalogue/feeds/catalogue-import-commands'
import { importFeedOffThread } from '#server/catalogue/feeds/feed-imports'
import { accesstradeAdapter, involveAsiaAdapter } from '#server/catalogue/feeds/network-adapters'
import type { Database } from '#server/db/database'
import { catalogueImportRuns, merchantRateChanges, merchants, products } from '#server/db/schema'
import { createTestApp } from '#server/test/app'
import { createTestDatabase, testDatabaseUrl, type TestDatabase } from '#server/test/database'

/** A file's text as an import source, in chunks small enough to split Thai letters and rows. */
function textSource(text: string, name = 'test-file'): ImportSource {
  return {
    name,
    async *open() {
      const bytes = Buffer.from(text, 'utf8')
      // Big files come in big chunks, as from a disk; small ones in tiny ones.
      const size = bytes.length > 100_000 ? 65_536 : 7
      for (let start = 0; start < bytes.length; start += size) yield bytes.subarray(start, start + size)
    },
  }
}

type OfferJson = Record<string, unknown>

function involveOffer(id: string, overrides: OfferJson = {}): OfferJson {
  return {
    offer_id: id,
    offer_name: `Shop ${id}`,
    offer_name_th: `ร้าน ${id}`,
    description: 'Everything for the home',
    description_th: 'ทุกอย่างสำหรับบ้าน',
    categories: 'Home & Garden, Lifestyle',
    commission_rate: '5.5%',
    commission_type: 'up_to',
    commission_cap: '300 THB',
    tracking_period: 30,
    validation_period: 45,
    terms: ['No cashback on gift cards'],
    terms_th: ['ไม่รวมบัตรของขวัญ'],
    tracking_link: `https://invol.co/aff_m?offer_id=${id}&aff_id=1`,
    preview_url: `https://shop${id}.example.co.th`,
    logo: `https://img.involve.asia/logos/${id}.png`,
    offer_status: 'Active',
    ...overrides,
  }
}

function offersFile(offers: OfferJson[]): string {
  return JSON.stringify({
    status: 'success',
    data: { page: 1, limit: 100, count: offers.length, nextPage: null, data: offers },
  })
}

type FeedItem = Record<string, string>

function feedItem(id: string, overrides: FeedItem = {}): FeedItem {
  return {
    id,
    title: `พัดลมตั้งพื้น 16 นิ้ว รุ่น ${id}`,
    description: 'ลมแรง เสียงเงียบ',
    link: `https://shop.example.co.th/p/${id}`,
    image_link: `https://shop.example.co.th/img/${id}.jpg`,
    price: '1,290.00 THB',
    brand: 'Hatari',
    mpn: `HT-${id}`,
    google_product_category: 'Home & Garden > Household Appliances',
    availability: 'in_stock',
    ...overrides,
  }
}

const csvColumns = [
  'id',
  'title',
  'description',
  'link',
  'image_link',
  'price',
  'sale_price',
  'brand',
  'gtin',
  'mpn',
  'google_product_category',
  'availability',
]

function csvFeed(items: FeedItem[]): string {
  const quote = (value: string) => `"${value.replaceAll('"', '""')}"`
  return [
    csvColumns.join(','),
    ...items.map((item) => csvColumns.map((column) => quote(item[column] ?? '')).join(',')),
  ].join('\r\n')
}

function xmlFeed(items: FeedItem[]): string {
  const escape = (value: string) => value.replaceAll('&', '&amp;').replaceAll('<', '&lt;')
  const body = items
    .map(
      (item) =>
        `<item>${Object.entries(item)
          .map(([key, value]) => `<g:${key}>${escape(value)}</g:${key}>`)
          .join('')}</item>`,
    )
    .join('\n')
  return `<?xml version="1.0"?>\n<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel><title>Feed</title>\n${body}\n</channel></rss>`
}

describe('catalogue import from affiliate networks', () => {
  let testDatabase: TestDatabase
  let database: Database
  let app: App

  beforeAll(async () => {
    testDatabase = await createTestDatabase()
    database = testDatabase.connection.database
    app = createTestApp(database)
  })

  afterAll(async () => {
    await testDatabase.dispose()
  })

  beforeEach(async () => {
    await changeCatalogue(database, (writer) => writer.deleteEverything())
  })

  async function importShop(offers: OfferJson[] = [involveOffer('101')]) {
    return importOffers(database, { adapter: involveAsiaAdapter, source: textSource(offersFile(offers)) })
  }

  async function importFeed(
    text: string,
    options: { merchant?: string; language?: 'th' | 'en'; allowShrink?: boolean } = {},
  ) {
    return importProductFeed(database, {
      adapter: involveAsiaAdapter,
      merchantExternalId: options.merchant ?? '101',
      language: options.language ?? 'th',
      allowShrink: options.allowShrink,
      source: textSource(text),
    })
  }

  /** Everything an import writes, in a stable order, to compare runs. */
  async function catalogueState() {
    return {
      merchants: await database.select().from(merchants).orderBy(asc(merchants.id)),
      products: await database.select().from(products).orderBy(asc(products.id)),
      rates: await database
        .select({ merchantId: merchantRateChanges.merchantId, rate: merchantRateChanges.rateBasisPoints })
        .from(merchantRateChanges)
        .orderBy(asc(merchantRateChanges.merchantId), asc(merchantRateChanges.changedAt)),
    }
  }

  async function listedProductNames(): Promise<string[]> {
    const response = await app.request('/cws-api/products?limit=50&sort=name')
    const body = (await response.json()) as { data: { name: { th: string; en: string } }[] }
    return body.data.map((product) => product.name.th)
  }

  it("brings a network's offers in as merchants, with their first rate in the history", async () => {
    const report = await importShop([
      involveOffer('101'),
      involveOffer('102', { commission_type: 'flat', commission_rate: '2%', commission_cap: '100' }),
    ])
    expect(report).toMatchObject({ status: 'applied', rowCount: 2, changedCount: 2, rejectedCount: 0 })
    const rows = await database.select().from(merchants).orderBy(asc(merchants.externalId))
    expect(
      rows.map((row) => [
        row.externalId,
        row.nameTh,
        row.nameEn,
        row.categoryId,
        row.cashbackKind,
        row.cashbackRateBasisPoints,
        row.cashbackMaxPerOrder,
      ]),
    ).toEqual([
      ['101', 'ร้าน 101', 'Shop 101', 'home', 'up-to', 550, 30_000],
      ['102', 'ร้าน 102', 'Shop 102', 'home', 'flat', 200, 10_000],
    ])
    expect(rows[0]?.deepLinkTemplate).toBe('https://invol.co/aff_m?offer_id=101&aff_id=1&url={url}')
    expect(rows[0]?.websiteUrl).toBe('https://shop101.example.co.th')
    expect(await database.select().from(merchantRateChanges)).toHaveLength(2)

    const again = await importShop([
      involveOffer('101'),
      involveOffer('102', { commission_type: 'flat', commission_rate: '2%', commission_cap: '100' }),
    ])
    expect(again).toMatchObject({ status: 'unchanged', changedCount: 0 })
    expect(await database.select().from(merchantRateChanges)).toHaveLength(2)
  })

  it('reports each bad offer with its reason and imports the rest', async () => {
    const report = await importShop([
      involveOffer('1'),
      involveOffer('2', { categories: 'Crypto' }),
      involveOffer('3', { commission_type: 'flat', commission_cap: undefined }),
      involveOffer('4', { tracking_link: 'javascript:alert(1)' }),
      involveOffer('5', { offer_name: 'Bad\u0000name' }),
      involveOffer('1'),
    ])
    expect(report.status).toBe('applied')
    expect(report.rejections).toEqual([
      { row: 2, reason: 'category is unknown: Crypto' },
      { row: 3, reason: 'a flat rate needs a cap' },
      { row: 4, reason: 'tracking_link is not an http(s) address' },
      { row: 5, reason: 'name contains a NUL byte or broken characters' },
      { row: 6, reason: 'id 1 repeats row 1' },
    ])
    expect(await database.select({ id: merchants.externalId }).from(merchants)).toEqual([{ id: '1' }])
  })

  it("reads Accesstrade's campaign export the same way", async () => {
    const csv = [
      'campaign_id,campaign_name,campaign_name_th,category,commission_rate,commission_type,commission_cap,cookie_days,approval_days,terms,tracking_url,deeplink_url,status',
      '77,Book Planet,บุ๊คแพลนเน็ต,Books & Media,8%,up_to,,30,60,"No cashback on e-books\nOne order per day",https://atth.me/c/77,https://atth.me/c/77?url={url},active',
    ].join('\n')
    const report = await importOffers(database, { adapter: accesstradeAdapter, source: textSource(csv) })
    expect(report).toMatchObject({ status: 'applied', rejectedCount: 0 })
    const [row] = await database.select().from(merchants)
    expect(row).toMatchObject({
      network: 'accesstrade',
      nameTh: 'บุ๊คแพลนเน็ต',
      categoryId: 'books',
      cashbackMaxPerOrder: null,
    })
    expect(row?.termsEn).toEqual(['No cashback on e-books', 'One order per day'])
  })

  it("keeps every rate change with its time and rewrites the products' estimates", async () => {
    await importShop()
    await importFeed(csvFeed([feedItem('a', { price: '1000 THB' })]))
    const [before] = await database.select().from(products)
    expect(before?.estimatedCashback).toBe(5_500)
    await importShop([involveOffer('101', { commission_rate: '7%' })])
    const [after] = await database.select().from(products)
    expect(after?.estimatedCashback).toBe(7_000)
    const history = await database.select().from(merchantRateChanges).orderBy(asc(merchantRateChanges.changedAt))
    expect(history.map((change) => change.rateBasisPoints)).toEqual([550, 700])
    expect(history[1]?.source).toMatch(/^import:[0-9a-f]{24}$/)
  })

  it('delists a paused or dropped offer with its products, and lists them again when it returns', async () => {
    await importShop([involveOffer('101'), involveOffer('102')])
    await importFeed(csvFeed([feedItem('a'), feedItem('b')]))
    expect(await listedProductNames()).toHaveLength(2)
    const [merchant] = await database.select().from(merchants).where(eq(merchants.externalId, '101'))

    await importShop([involveOffer('102')])
    expect(await listedProductNames()).toEqual([])
    expect((await app.request(`/cws-api/merchants/${merchant?.id}`)).status).toBe(404)
    expect(await database.select().from(products)).toHaveLength(2)

    await importShop([involveOffer('101'), involveOffer('102', { offer_status: 'Paused' })])
    expect(await listedProductNames()).toHaveLength(2)
    expect((await app.request(`/cws-api/merchants/${merchant?.id}`)).status).toBe(200)
  })

  it('imports the good rows of a product feed and reports each bad one', async () => {
    await importShop()
    const report = await importFeed(
      csvFeed([
        feedItem('good-1'),
        feedItem('no-price', { price: '' }),
        feedItem('bad-url', { link: 'ftp://shop.example.co.th/x' }),
        feedItem('odd-category', { google_product_category: 'Vehicles & Parts' }),
        feedItem('nul', { title: 'พัดลม\u0000' }),
        feedItem('huge', { title: 'ก'.repeat(10 * 1024 * 1024) }),
        feedItem('dollars', { price: '30 USD' }),
        feedItem('bad-gtin', { gtin: '1234567890123' }),
        feedItem('good-2', { sale_price: '990 THB', gtin: '8851234567898' }),
        feedItem('good-1'),
      ]),
    )
    expect(report).toMatchObject({ status: 'applied', rowCount: 10, changedCount: 2, rejectedCount: 8 })
    expect(report.rejections).toEqual([
      { row: 2, reason: 'price missing' },
      { row: 3, reason: 'link is not an http(s) address' },
      { row: 4, reason: 'category is unknown: Vehicles & Parts' },
      { row: 5, reason: 'title contains a NUL byte or broken characters' },
      { row: 6, reason: 'title too long' },
      { row: 7, reason: 'price is not in THB: 30 USD' },
      { row: 8, reason: 'gtin is not a valid GTIN: 1234567890123' },
      { row: 10, reason: 'id good-1 repeats row 1' },
    ])
    const rows = await database.select().from(products).orderBy(asc(products.feedItemId))
    expect(
      rows.map((row) => [
        row.feedItemId,
        row.price,
        row.regularPrice,
        row.gtin,
        row.categoryId,
        row.comparisonKey.split('-')[0],
      ]),
    ).toEqual([
      ['good-1', 129_000, null, null, 'home', 'mpn'],
      ['good-2', 99_000, 129_000, '08851234567898', 'home', 'gtin'],
    ])
    const [run] = await database.select().from(catalogueImportRuns).where(eq(catalogueImportRuns.id, report.runId))
    expect(run).toMatchObject({ status: 'applied', rejectedCount: 8, kind: 'products' })
  })

  it('changes nothing when the file is truncated or malformed', async () => {
    await importShop()
    await importFeed(csvFeed([feedItem('a'), feedItem('b')]))
    const before = await catalogueState()

    const xml = xmlFeed([feedItem('a', { price: '5 THB' }), feedItem('c'), feedItem('d')])
    const truncated = await importFeed(xml.slice(0, Math.floor(xml.length * 0.8)))
    expect(truncated.status).toBe('failed')
    expect(truncated.error).toMatch(/not well-formed XML/)

    const brokenCsv = await importFeed(`${csvFeed([feedItem('a', { price: '5 THB' })])}\r\n"c,"unclosed`)
    expect(brokenCsv.status).toBe('failed')
    const ragged = await importFeed(`${csvFeed([feedItem('a', { price: '5 THB' })])}\r\n"c","cut`)
    expect(ragged.status).toBe('failed')
    const empty = await importFeed('')
    expect(empty).toMatchObject({ status: 'failed', error: 'the file is empty' })
    const allBad = await importFeed(csvFeed([feedItem('a', { price: 'free' })]))
    expect(allBad).toMatchObject({ status: 'failed', error: 'the feed has no item that could be imported' })

    expect(await catalogueState()).toEqual(before)
  })

  it('reads CSV, TSV and RSS XML feeds alike', async () => {
    await importShop([involveOffer('101'), involveOffer('102'), involveOffer('103')])
    const items = [feedItem('a', { title: 'ทีวี 55" สมาร์ท & ดี' }), feedItem('b', { availability: 'out_of_stock' })]
    const tsv = [
      csvColumns.join('\t'),
      ...items.map((item) => csvColumns.map((column) => item[column] ?? '').join('\t')),
    ].join('\n')
    await importFeed(csvFeed(items), { merchant: '101' })
    await importFeed(tsv, { merchant: '102' })
    await importFeed(xmlFeed(items), { merchant: '103' })
    const rows = await database.select().from(products).orderBy(asc(products.feedItemId), asc(products.merchantId))
    const shape = rows.map((row) => [row.feedItemId, row.nameTh, row.price, row.listed, row.link])
    expect(shape).toHaveLength(6)
    expect(new Set(shape.map((row) => JSON.stringify(row))).size).toBe(2)
    expect(rows.find((row) => row.feedItemId === 'a')?.nameTh).toBe('ทีวี 55" สมาร์ท & ดี')
    expect(rows.find((row) => row.feedItemId === 'b')?.listed).toBe(false)
  })

  it('delists products a later feed leaves out, and refuses a feed that would empty the shelf', async () => {
    await importShop()
    await importFeed(csvFeed([feedItem('a'), feedItem('b'), feedItem('c')]))
    await importFeed(csvFeed([feedItem('a'), feedItem('b')]))
    expect(await listedProductNames()).toHaveLength(2)
    const gone = (await database.select().from(products).where(eq(products.feedItemId, 'c')))[0]
    expect(gone).toMatchObject({ listed: false })
    expect(gone?.delistedAt).toBeInstanceOf(Date)
    expect((await app.request(`/cws-api/products/${gone?.id}`)).status).toBe(404)

    const collapse = await importFeed(csvFeed([feedItem('z')]))
    expect(collapse.status).toBe('failed')
    expect(collapse.error).toMatch(/--allow-shrink/)
    expect(await listedProductNames()).toHaveLength(2)
    const allowed = await importFeed(csvFeed([feedItem('z')]), { allowShrink: true })
    expect(allowed.status).toBe('applied')
    expect(await listedProductNames()).toHaveLength(1)

    await importFeed(csvFeed([feedItem('z'), feedItem('c')]))
    expect(await listedProductNames()).toHaveLength(2)
  })

  it('takes English titles from a supplemental feed and keeps them through the next Thai feed', async () => {
    await importShop()
    await importFeed(csvFeed([feedItem('a'), feedItem('b')]))
    const english = ['id,title', 'a,"Standing fan 16 inch, model a"', 'nope,Unknown item'].join('\n')
    const report = await importFeed(english, { language: 'en' })
    expect(report).toMatchObject({
      status: 'applied',
      changedCount: 1,
      rejections: [{ row: 2, reason: "id nope is not in the merchant's primary feed" }],
    })
    await importFeed(csvFeed([feedItem('a', { price: '999 THB' }), feedItem('b')]))
    const rows = await database.select().from(products).orderBy(asc(products.feedItemId))
    expect(rows.map((row) => [row.nameEn, row.price])).toEqual([
      ['Standing fan 16 inch, model a', 99_900],
      [rows[1]?.nameTh, 129_000],
    ])
    expect(rows[0]?.searchText).toContain('Standing fan 16 inch')
  })

  it('lists the same GTIN at every merchant that sells it in the compare table', async () => {
    await importShop([involveOffer('101'), involveOffer('102'), involveOffer('103')])
    for (const [merchant, price] of [
      ['101', '990 THB'],
      ['102', '1,050 THB'],
      ['103', '1,010.50 THB'],
    ] as const) {
      await importFeed(
        csvFeed([feedItem(`x-${merchant}`, { gtin: '8851234567898', price }), feedItem(`own-${merchant}`)]),
        { merchant },
      )
    }
    const [product] = await database.select().from(products).where(eq(products.feedItemId, 'x-101'))
    const response = await app.request(`/cws-api/products/${product?.id}/offers`)
    const offers = (await response.json()) as { data?: { price: number }[] } | { price: number }[]
    const list = Array.isArray(offers) ? offers : (offers.data ?? [])
    expect(list.map((offer) => offer.price).sort((a, b) => a - b)).toEqual([99_000, 101_050, 105_000])
  })

  it('imports any feed twice to the same state as once', async () => {
    await importShop()
    const itemArbitrary = fc.record({
      id: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'),
      title: fc.oneof(
        fc.constantFrom('พัดลม', 'Fan "turbo"', 'กระทะ, 28 ซม.'),
        fc.string({ minLength: 0, maxLength: 12 }),
      ),
      price: fc.oneof(
        fc.integer({ min: 0, max: 99_999 }).map((baht) => `${baht} THB`),
        fc.constantFrom('', 'free', '1,000.5 THB'),
      ),
      sale_price: fc.constantFrom('', '10 THB', '5 USD'),
      gtin: fc.constantFrom('', '8851234567898', '4006381333931', '123'),
      availability: fc.constantFrom('in_stock', 'out_of_stock', 'maybe'),
    })
    await fc.assert(
      fc.asyncProperty(fc.array(itemArbitrary, { minLength: 1, maxLength: 8 }), async (items) => {
        const feed = csvFeed(items.map((item) => feedItem(item.id, item)))
        const first = await importFeed(feed, { allowShrink: true })
        const once = await catalogueState()
        const second = await importFeed(feed, { allowShrink: true })
        expect(await catalogueState()).toEqual(once)
        if (first.status !== 'failed') expect(second.status).toBe('unchanged')
      }),
      { numRuns: 25 },
    )
  })

  // The worker thread takes PostgreSQL only: an embedded database cannot be shared with it.
  it.runIf(testDatabaseUrl !== undefined)(
    'on PostgreSQL imports on a worker thread of its own, with the same reports and refusals',
    async () => {
      const folder = await mkdtemp(path.join(tmpdir(), 'ngernkhuen-import-worker-'))
      try {
        const importFeedFile = importFeedOffThread(testDatabase.url ?? '', 'silent')
        const feedFile = (name: string, text: string) => {
          const file = path.join(folder, name)
          return writeFile(file, text).then(() => file)
        }
        const offers = await importFeedFile({
          adapter: 'involve-asia',
          source: await feedFile('offers.json', offersFile([involveOffer('101')])),
          merchantExternalId: null,
          language: 'th',
          allowShrink: false,
        })
        expect(offers).toMatchObject({ status: 'applied', changedCount: 1 })
        const feed = {
          adapter: 'involve-asia',
          source: await feedFile('feed.csv', csvFeed([feedItem('A1'), feedItem('A2', { price: '' })])),
          merchantExternalId: '101',
          language: 'th' as const,
          allowShrink: false,
        }
        const first = await importFeedFile(feed)
        expect(first).toMatchObject({ status: 'applied', rowCount: 2, changedCount: 1, rejectedCount: 1 })
        expect(first.rejections).toEqual([{ row: 2, reason: 'price missing' }])
        expect(await listedProductNames()).toEqual(['พัดลมตั้งพื้น 16 นิ้ว รุ่น A1'])
        expect(await importFeedFile(feed)).toMatchObject({ status: 'unchanged', changedCount: 0 })
        // A refused run is a report, as in process; a file that cannot be read is an error.
        const empty = { ...feed, source: await feedFile('empty.csv', csvFeed([])) }
        expect(await importFeedFile(empty)).toMatchObject({ status: 'failed' })
        await expect(importFeedFile({ ...feed, source: path.join(folder, 'missing.csv') })).rejects.toThrow(/ENOENT/)
        expect(await listedProductNames()).toEqual(['พัดลมตั้งพื้น 16 นิ้ว รุ่น A1'])
      } finally {
        await rm(folder, { recursive: true, force: true })
      }
    },
  )

  it('is an operator command', () => {
    expect(parseCatalogueOperatorCommand(['catalogue', 'import', 'involve-asia', '/tmp/offers.json'])).toMatchObject({
      adapter: 'involve-asia',
      merchant: undefined,
    })
    expect(
      parseCatalogueOperatorCommand([
        'catalogue',
        'import',
        'accesstrade',
        'https://x.example/feed.xml',
        '--merchant',
        '77',
        '--language',
        'en',
      ]),
    ).toMatchObject({ merchant: '77', language: 'en', allowShrink: false })
    expect(parseCatalogueOperatorCommand(['catalogue', 'import', 'nope', '/tmp/x'])).toBeUndefined()
    expect(
      parseCatalogueOperatorCommand(['catalogue', 'import', 'involve-asia', '/tmp/x', '--language', 'en']),
    ).toBeUndefined()
  })
})
