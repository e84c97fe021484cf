import { eq } from 'drizzle-orm'
import pg from 'pg'
import { pino } from 'pino'
import sharp from 'sharp'
import * as v from 'valibot'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { merchantSchema, productSchema, type Product } from '#domain/contracts/catalogue'
import { pictureSourceSet } from '#domain/pictures/catalogue-pictures'
import { demoPictureUrl } from '#server/catalogue/catalogue-urls'
import { changeCatalogue } from '#server/catalogue/catalogue-writes'
import { drawnProductTypes } from '#server/catalogue/images/product-type-pictures'
import { connectPostgres, type Database } from '#server/db/database'
import { cataloguePictures, products } from '#server/db/schema'
import { createRecordId } from '#server/db/record-id'
import { openEventChannel } from '#server/events/event-channel'
import { demoPictureSource } from '#server/pictures/demo-pictures'
import { fetchPicture, publicInternetPolicy } from '#server/pictures/fetch-picture'
import { discoverNewPictures, selectPicture } from '#server/pictures/picture-queries'
import { networkPictureSource, type ReadPictureSource } from '#server/pictures/picture-sources'
import {
  makeDuePictures,
  maxPictureAttempts,
  startPictureWorker,
  type PictureRound,
} from '#server/pictures/picture-worker'
import { findCashbackTransaction } from '#server/cashback/cashback-transaction-queries'
import { createTestApp } from '#server/test/app'
import { createTestBuyer, recordTestPurchase } from '#server/test/cashback'
import { createTestDatabase, type TestDatabase } from '#server/test/database'
import { localTestFetchPolicy, startPictureServer, type PictureServer } from '#server/test/pictures'
import { createMemoryProofStorage } from '#server/test/proofs'
import { parseOperatorCommand, runOperatorCommand } from '#server/operator-commands'

const silent = pino({ level: 'silent' })

/** One merchant (with its logo's address, if any) and a product per picture address. */
async function addShop(
  database: Database,
  options: { logo?: string | null; pictures: (string | null)[]; popularity?: number },
): Promise<{ merchantId: string; productIds: string[] }> {
  const merchantId = createRecordId()
  const productIds = options.pictures.map(() => createRecordId())
  const now = new Date()
  await changeCatalogue(database, async (writer) => {
    await writer.insertMerchants([
      {
        id: merchantId,
        name: { th: 'ร้านทดสอบรูป', en: 'Picture Test Shop' },
        description: { th: 'ร้าน', en: 'A shop' },
        categoryLabel: 'Fashion',
        cashback: { kind: 'up-to', rateBasisPoints: 500, maxPerOrder: null },
        trackingDays: 1,
        confirmationDays: 30,
        terms: { th: [], en: [] },
        topRank: null,
        popularity: 0,
        shopUrl: 'https://shop.example.com/',
        createdAt: now,
        network: {
          id: 'involve-asia',
          externalId: merchantId,
          websiteUrl: null,
          deepLinkTemplate: null,
          logoSourceUrl: options.logo ?? null,
        },
      },
    ])
    await writer.insertProducts(
      options.pictures.map((picture, index) => ({
        id: productIds[index] ?? '',
        merchantId,
        name: { th: `รองเท้าผ้าใบ ${index}`, en: `Canvas sneakers ${index}` },
        price: 99_000,
        categoryId: 'fashion',
        comparisonKey: `picture-test-${productIds[index]}`,
        popularity: options.popularity ?? 0,
        createdAt: now,
        feed: {
          itemId: `item-${index}`,
          regularPrice: null,
          brand: null,
          gtin: null,
          mpn: null,
          link: `https://shop.example.com/items/${index}`,
          imageSourceUrl: picture,
          hasEnglishName: true,
        },
      })),
    )
  })
  return { merchantId, productIds }
}

type Work = Parameters<typeof makeDuePictures>[0]

/** Looks for new pictures, then works rounds until none is due at `now`. */
async function makeEverythingDue(work: Work, now: () => Date = () => new Date()): Promise<PictureRound> {
  await discoverNewPictures(work.database, now())
  const total: PictureRound = { made: 0, failed: 0, retrying: 0, postponed: 0, claimed: 0 }
  for (;;) {
    const round = await makeDuePictures(work, { now })
    if (round.claimed === 0) return total
    for (const key of Object.keys(total) as (keyof PictureRound)[]) total[key] += round[key]
  }
}

describe('catalogue pictures', () => {
  let pictureServer: PictureServer
  let testDatabase: TestDatabase
  let database: Database
  let storage: ReturnType<typeof createMemoryProofStorage>
  let work: Work

  // One database: each test names pictures of its own (`?case=…`) and leaves none due.
  beforeAll(async () => {
    pictureServer = await startPictureServer()
    testDatabase = await createTestDatabase()
    database = testDatabase.connection.database
  })
  afterAll(async () => {
    await pictureServer.close()
    await testDatabase.dispose()
  })
  beforeEach(() => {
    storage = createMemoryProofStorage()
    work = { database, storage, readSource: networkPictureSource(localTestFetchPolicy), logger: silent }
  })

  const at = (path: string) => `${pictureServer.origin}${path}`

  async function readProduct(id: string): Promise<Product> {
    const response = await createTestApp(database, { pictureStorage: storage }).request(`/cws-api/products/${id}`)
    expect(response.status).toBe(200)
    return v.parse(productSchema, await response.json())
  }

  it('fetches a picture once and makes the sizes the app shows, as WebP and JPEG, for every product naming it', async () => {
    const source = at('/photo.jpg?case=once')
    const { productIds } = await addShop(database, { pictures: [source, source] })
    expect(await makeEverythingDue(work)).toMatchObject({ made: 1, failed: 0 })
    expect(pictureServer.hits.get('/photo.jpg?case=once')).toBe(1)

    const row = await selectPicture(database, source)
    expect(row).toMatchObject({ status: 'ready', widths: [160, 320, 640], width: 640, height: 480, attempts: 1 })
    const hash = row?.contentHash ?? ''
    expect(hash).toMatch(/^[0-9a-f]{32}$/)
    expect([...storage.objects.keys()].sort()).toEqual(
      ['160.jpg', '160.webp', '320.jpg', '320.webp', '640.jpg', '640.webp'].map((file) => `${hash}/${file}`),
    )

    for (const id of productIds) {
      const product = await readProduct(id)
      expect(product.image).toEqual({
        path: `/media/pictures/${hash}`,
        widths: [160, 320, 640],
        width: 640,
        height: 480,
      })
      expect(product.imageUrl).toBe(`/media/pictures/${hash}/640.jpg`)
    }
    const [first] = productIds
    const app = createTestApp(database, { pictureStorage: storage })
    const listed = await app.request(`/cws-api/products?filter=${encodeURIComponent(JSON.stringify({}))}&limit=50`)
    expect(JSON.stringify(await listed.json())).toContain(`/media/pictures/${hash}`)

    // Every size is a real picture of its width, in its format.
    for (const [file, format, width] of [
      ['160.webp', 'webp', 160],
      ['320.jpg', 'jpeg', 320],
      ['640.webp', 'webp', 640],
    ] as const) {
      const response = await app.request(`/media/pictures/${hash}/${file}`)
      expect(response.status).toBe(200)
      expect(response.headers.get('Content-Type')).toBe(format === 'webp' ? 'image/webp' : 'image/jpeg')
      const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata()
      expect({ format: metadata.format, width: metadata.width }).toEqual({ format, width })
    }

    // Looking again and working again fetches nothing more.
    await addShop(database, { pictures: [source] })
    expect(await makeEverythingDue(work)).toMatchObject({ made: 0, claimed: 0 })
    expect(pictureServer.hits.get('/photo.jpg?case=once')).toBe(1)
    expect(first).toBeDefined()
  })

  it('serves the sizes with immutable caching, and 404 for anything else', async () => {
    const source = at('/other.jpg?case=headers')
    await addShop(database, { pictures: [source] })
    await makeEverythingDue(work)
    const hash = (await selectPicture(database, source))?.contentHash ?? ''
    const app = createTestApp(database, { pictureStorage: storage })

    const response = await app.request(`/media/pictures/${hash}/960.webp`)
    expect(response.status).toBe(200)
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff')
    const entityTag = response.headers.get('ETag') ?? ''
    expect(entityTag).toBe(`"${hash}-960.webp"`)
    expect(
      (await app.request(`/media/pictures/${hash}/960.webp`, { headers: { 'If-None-Match': entityTag } })).status,
    ).toBe(304)

    for (const path of [
      `/media/pictures/${'0'.repeat(32)}/640.webp`,
      `/media/pictures/${hash}/641.webp`,
      `/media/pictures/${hash}/640.png`,
      `/media/pictures/${hash}/640.webp.exe`,
      `/media/pictures/${hash.slice(0, 31)}/640.webp`,
      `/media/pictures/..%2F..%2Fetc/640.webp`,
    ]) {
      const missing = await app.request(path)
      expect(missing.status, path).toBe(404)
      expect(missing.headers.get('Cache-Control') ?? '', path).not.toContain('immutable')
    }
  })

  it("makes a merchant's logo, which the merchant and its products answer with", async () => {
    const logo = at('/logo.png?case=logo')
    const { merchantId, productIds } = await addShop(database, { logo, pictures: [null] })
    expect(await makeEverythingDue(work)).toMatchObject({ made: 1 })
    const row = await selectPicture(database, logo)
    // 300 px wide: the widths up to it, never blown up past the source.
    expect(row).toMatchObject({ status: 'ready', widths: [160], width: 160, height: 53 })
    const hash = row?.contentHash ?? ''

    const app = createTestApp(database, { pictureStorage: storage })
    const merchant = v.parse(merchantSchema, await (await app.request(`/cws-api/merchants/${merchantId}`)).json())
    expect(merchant.logo).toEqual({ path: `/media/pictures/${hash}`, widths: [160], width: 160, height: 53 })
    expect(merchant.logoUrl).toBe(`/media/pictures/${hash}/160.jpg`)
    const product = await readProduct(productIds[0] ?? '')
    expect(product.merchant.logo).toEqual(merchant.logo)
    // A product without a picture keeps the placeholder drawn for its category.
    expect(product.image).toBeNull()
    expect(product.imageUrl).toBe(`/media/products/${product._id}/picture.svg`)
    // Transparent corners stay transparent in WebP.
    const webp = await app.request(`/media/pictures/${hash}/160.webp`)
    expect((await sharp(Buffer.from(await webp.arrayBuffer())).metadata()).hasAlpha).toBe(true)

    // A purchase at the merchant shows the same logo.
    const now = new Date()
    const buyerId = await createTestBuyer(database, now)
    const purchase = await recordTestPurchase(database, { buyerId, merchantId, purchaseAmount: 100_000, now })
    expect((await findCashbackTransaction(database, buyerId, purchase.id))?.merchant.logoUrl).toBe(merchant.logoUrl)
  })

  it.each([
    ['HTML labelled as a JPEG', '/not-a-picture.jpg', /not a JPEG, PNG or WebP picture/],
    ['a page, not a picture', '/page.html', /content type is text\/html/],
    ['more than the size cap', '/huge.jpg', /larger than 10485760 bytes/],
    ['a 404', '/missing.jpg', /answered 404/],
    ['a redirect loop', '/redirect-loop.jpg', /more than 3 redirects/],
    [
      'a redirect to the cloud metadata address',
      '/to-metadata.jpg',
      /169\.254\.169\.254.*not an address of the public internet/,
    ],
  ])('gives up %s at once, and the product keeps its placeholder', async (_label, path, reason) => {
    const source = at(`${path}?case=refused`)
    const { productIds } = await addShop(database, { pictures: [source] })
    expect(await makeEverythingDue(work)).toMatchObject({ made: 0, failed: 1 })
    const row = await selectPicture(database, source)
    expect(row).toMatchObject({ status: 'failed', attempts: 1, contentHash: null, nextAttemptAt: null })
    expect(row?.error).toMatch(reason)
    expect(storage.objects.size).toBe(0)

    const product = await readProduct(productIds[0] ?? '')
    expect(product.image).toBeNull()
    expect(product.imageUrl).toBe(`/media/products/${product._id}/picture.svg`)
    const placeholder = await createTestApp(database).request(product.imageUrl)
    expect(placeholder.status).toBe(200)
    expect(placeholder.headers.get('Content-Type')).toBe('image/svg+xml; charset=utf-8')
  })

  it('follows a redirect to the picture', async () => {
    const source = at('/redirect.jpg?case=redirect')
    await addShop(database, { pictures: [source] })
    expect(await makeEverythingDue(work)).toMatchObject({ made: 1 })
    expect(await selectPicture(database, source)).toMatchObject({ status: 'ready', widths: [160, 320, 640, 960] })
  })

  it('tries an unreachable or failing source again later, then gives it up with the placeholder', async () => {
    const unreachable = `http://127.0.0.1:9/picture.jpg`
    const busy = at('/busy.jpg?case=retry')
    const { productIds } = await addShop(database, { pictures: [unreachable, busy] })
    let clock = Date.now()
    const now = () => new Date(clock)
    expect(await makeEverythingDue(work, now)).toMatchObject({ retrying: 2, failed: 0 })
    const first = await selectPicture(database, unreachable)
    expect(first).toMatchObject({ status: 'pending', attempts: 1 })
    expect(first?.error).toMatch(/ECONNREFUSED/)
    expect(first?.nextAttemptAt?.getTime()).toBe(clock + 60_000)
    // Not due yet: nothing is tried.
    expect(await makeDuePictures(work, { now })).toMatchObject({ claimed: 0 })

    for (let attempt = 2; attempt <= maxPictureAttempts; attempt += 1) {
      clock += 4 ** attempt * 60_000
      await makeEverythingDue(work, now)
    }
    for (const source of [unreachable, busy]) {
      const row = await selectPicture(database, source)
      expect(row).toMatchObject({ status: 'failed', attempts: maxPictureAttempts, nextAttemptAt: null })
      expect(row?.error).toMatch(/tries\)$/)
    }
    expect(pictureServer.hits.get('/busy.jpg?case=retry')).toBe(maxPictureAttempts)
    const product = await readProduct(productIds[0] ?? '')
    expect(product.imageUrl).toBe(`/media/products/${product._id}/picture.svg`)
  })

  it('refuses loopback, link-local and private addresses in production, before connecting', async () => {
    for (const [source, address] of [
      [`https://127.0.0.1:${pictureServer.port}/photo.jpg`, '127.0.0.1'],
      ['https://169.254.169.254/latest/meta-data/iam/security-credentials/', '169.254.169.254'],
      ['https://10.0.0.1/picture.jpg', '10.0.0.1'],
      ['https://10.255.3.7:8443/picture.jpg', '10.255.3.7'],
      ['https://[::1]/picture.jpg', '::1'],
      ['https://[::ffff:127.0.0.1]/picture.jpg', '::ffff:7f00:1'],
      [`https://localhost:${pictureServer.port}/photo.jpg`, '127.0.0.1'],
    ] as const) {
      const outcome = await fetchPicture(source, publicInternetPolicy)
      expect(outcome, source).toEqual({
        ok: false,
        isLasting: true,
        reason: expect.stringContaining(`${address}, not an address of the public internet`) as string,
      })
    }
    // Names that never resolve on the internet are refused at once (a demo feed in production).
    expect(
      await fetchPicture('https://demo-store.ngernkhuen.test/pictures/canvas-sneakers/red.svg', publicInternetPolicy),
    ).toEqual({ ok: false, isLasting: true, reason: "demo-store.ngernkhuen.test is a reserved name, never a shop's" })
    // Plain http is refused before anything else.
    expect(await fetchPicture(`${pictureServer.origin}/photo.jpg?case=http`, publicInternetPolicy)).toMatchObject({
      ok: false,
      isLasting: true,
      reason: 'only https addresses are fetched, not http:',
    })
    expect(pictureServer.hits.get('/photo.jpg?case=http')).toBeUndefined()

    // The production worker gives such a picture up, and never asks the address.
    const source = `https://localhost:${pictureServer.port}/photo.jpg?case=production`
    await addShop(database, { pictures: [source] })
    await makeEverythingDue({ ...work, readSource: networkPictureSource() })
    expect(await selectPicture(database, source)).toMatchObject({ status: 'failed', attempts: 1 })
    expect(pictureServer.hits.has('/photo.jpg?case=production')).toBe(false)
  })

  it('lets two workers share the queue without making a picture twice (FOR UPDATE SKIP LOCKED)', async () => {
    const sources = Array.from({ length: 12 }, (_, index) => at(`/photo.jpg?case=shared-${index}`))
    await addShop(database, { pictures: sources })
    await discoverNewPictures(database, new Date())
    // On PostgreSQL the second worker has a pool of its own, as another process would.
    const otherPool =
      testDatabase.url === undefined
        ? undefined
        : connectPostgres(new pg.Pool({ connectionString: testDatabase.url, max: 4 }), silent)
    try {
      const otherWork = { ...work, database: otherPool?.database ?? database }
      const rounds: PictureRound[] = []
      const workOff = async (worker: Work) => {
        for (;;) {
          const round = await makeDuePictures(worker, { batchSize: 3 })
          rounds.push(round)
          if (round.claimed === 0) return
        }
      }
      await Promise.all([workOff(work), workOff(otherWork), workOff(work), workOff(otherWork)])
      expect(rounds.reduce((total, round) => total + round.made, 0)).toBe(12)
      expect(rounds.reduce((total, round) => total + round.claimed, 0)).toBe(12)
      for (const [index, source] of sources.entries()) {
        expect(pictureServer.hits.get(`/photo.jpg?case=shared-${index}`), source).toBe(1)
        expect(await selectPicture(database, source)).toMatchObject({ status: 'ready', attempts: 1 })
      }
    } finally {
      await otherPool?.close()
    }
  })

  it.runIf(process.env['TEST_DATABASE_URL'] !== undefined)(
    'skips a picture another session holds, and takes it once it is free',
    async () => {
      const held = at('/photo.jpg?case=held')
      const free = at('/other.jpg?case=free')
      await addShop(database, { pictures: [held, free] })
      await discoverNewPictures(database, new Date())
      const holder = new pg.Client({ connectionString: testDatabase.url })
      await holder.connect()
      try {
        await holder.query('begin')
        await holder.query('select 1 from catalogue_pictures where source_url = $1 for update', [held])
        expect(await makeDuePictures(work)).toMatchObject({ claimed: 1, made: 1 })
        expect((await selectPicture(database, held))?.status).toBe('pending')
        await holder.query('rollback')
        expect(await makeDuePictures(work)).toMatchObject({ claimed: 1, made: 1 })
      } finally {
        await holder.end()
      }
    },
  )

  it('takes over a picture whose worker died, once its lease has ended', async () => {
    const source = at('/photo.jpg?case=lease')
    await addShop(database, { pictures: [source] })
    await discoverNewPictures(database, new Date())
    // A worker that claims and never settles (its process died).
    const stuck: ReadPictureSource = () => new Promise(() => undefined)
    void makeDuePictures({ ...work, readSource: stuck })
    await expect.poll(async () => (await selectPicture(database, source))?.leaseUntil).not.toBeNull()
    expect(await makeDuePictures(work)).toMatchObject({ claimed: 0 })
    const later = () => new Date(Date.now() + 6 * 60_000)
    expect(await makeDuePictures(work, { now: later })).toMatchObject({ claimed: 1, made: 1 })
    expect(await selectPicture(database, source)).toMatchObject({ status: 'ready', attempts: 2 })
  })

  it("draws the demo's pictures for their product type and colour, never asking the network", async () => {
    const [typeKey = '', otherType = ''] = [...drawnProductTypes]
    const red = demoPictureUrl(typeKey, 'red')
    const plain = demoPictureUrl(otherType, undefined)
    const unknownType = demoPictureUrl('flying-carpet', 'red')
    const unknownColour = demoPictureUrl(typeKey, 'ultraviolet')
    const elsewhere = at('/photo.jpg?case=demo-mode')
    await addShop(database, { pictures: [red, plain, unknownType, unknownColour, elsewhere] })
    const asked: string[] = []
    const network: ReadPictureSource = (sourceUrl) => {
      asked.push(sourceUrl)
      return networkPictureSource(localTestFetchPolicy)(sourceUrl)
    }
    const round = await makeEverythingDue({ ...work, readSource: demoPictureSource(network) })
    expect(round).toMatchObject({ made: 3, failed: 2, retrying: 0 })
    // Only the merchant's own picture went to the network; the demo's addresses exist nowhere.
    expect(asked).toEqual([elsewhere])
    for (const source of [red, plain]) {
      // Drawings are sharp at every width.
      expect(await selectPicture(database, source)).toMatchObject({
        status: 'ready',
        widths: [160, 320, 640, 960],
        width: 960,
        height: 960,
      })
    }
    expect((await selectPicture(database, unknownType))?.error).toBe('no drawing of the product type flying-carpet')
    expect((await selectPicture(database, unknownColour))?.error).toBe('no demo colour ultraviolet')
    // Red and plain are drawn differently.
    const hashes = await Promise.all(
      [red, plain].map(async (source) => (await selectPicture(database, source))?.contentHash),
    )
    expect(new Set(hashes).size).toBe(2)
  })

  it('announces made pictures to every process: the lists and details answer with them at once', async () => {
    const source = at('/photo.jpg?case=announce')
    const { productIds } = await addShop(database, { pictures: [source] })
    const events = openEventChannel(testDatabase.connection, silent)
    await events.whenListening()
    const app = createTestApp(database, { events, pictureStorage: storage })
    const read = async () =>
      v.parse(productSchema, await (await app.request(`/cws-api/products/${productIds[0]}`)).json())
    expect((await read()).image).toBeNull()
    const worker = startPictureWorker({
      database,
      events,
      readSource: networkPictureSource(localTestFetchPolicy),
      storage,
      logger: silent,
    })
    try {
      await expect.poll(async () => (await read()).image?.widths, { timeout: 10_000 }).toEqual([160, 320, 640])
      const image = (await read()).image
      expect(image === null || image === undefined ? '' : pictureSourceSet(image, 'webp')).toMatch(
        /^\/media\/pictures\/[0-9a-f]{32}\/160\.webp 160w, .*\/640\.webp 640w$/,
      )
    } finally {
      await worker.stop()
      await events.close()
    }
  })

  it('sweeps picture rows no product names and made files no row names, older than the cutoff, only with --delete', async () => {
    let time = Date.now()
    const clock = () => new Date(time)
    const files = createMemoryProofStorage({ now: clock })
    // A picture made and named by its row.
    const source = at('/photo.jpg?case=sweep')
    await addShop(database, { pictures: [source] })
    await makeEverythingDue({ ...work, storage: files }, clock)
    const madeHash = (await selectPicture(database, source))?.contentHash ?? ''
    expect(madeHash).toMatch(/^[0-9a-f]{32}$/)
    const madeKeys = [...files.objects.keys()].filter((key) => key.startsWith(`${madeHash}/`))
    expect(madeKeys).toHaveLength(6)
    // A row a product names that is not ready but still names a hash keeps its files too.
    const failedSource = at('/photo.jpg?case=sweep-failed')
    await addShop(database, { pictures: [failedSource] })
    const failedHash = 'f'.repeat(32)
    await database
      .insert(cataloguePictures)
      .values({ sourceUrl: failedSource, status: 'failed', contentHash: failedHash, error: 'given up' })
    // A product's feed gave it a new picture address: the old address's row and files are stale.
    const oldSource = at('/photo.jpg?case=sweep-old-address')
    const {
      productIds: [changedProduct = ''],
    } = await addShop(database, { pictures: [oldSource] })
    const staleHash = 'e'.repeat(32)
    await database.insert(cataloguePictures).values({
      sourceUrl: oldSource,
      status: 'ready',
      contentHash: staleHash,
      widths: [160],
      width: 160,
      height: 120,
    })
    await database
      .update(products)
      .set({ imageSourceUrl: at('/photo.jpg?case=sweep-new-address') })
      .where(eq(products.id, changedProduct))
    // Files no row names: a picture whose try failed after storing some; anything else the folder holds is not ours.
    const orphanHash = 'a'.repeat(32)
    const orphanKeys = [`${orphanHash}/160.webp`, `${orphanHash}/160.jpg`]
    const otherKeys = [`${'b'.repeat(24)}/${'c'.repeat(24)}`, `${orphanHash}/161.webp`, 'notes.txt']
    for (const key of [`${failedHash}/160.webp`, `${staleHash}/160.webp`, ...orphanKeys, ...otherKeys]) {
      await files.put(key, new Uint8Array([1]), 'image/webp')
    }
    // Two hours later, another unnamed file: it may be a picture being made right now.
    time += 2 * 60 * 60 * 1000
    const newerKey = `${'d'.repeat(32)}/320.webp`
    await files.put(newerKey, new Uint8Array([1]), 'image/webp')

    const sweep = (...options: string[]) => {
      const parsed = parseOperatorCommand(['catalogue', 'pictures', 'orphans', ...options])
      if (!parsed.success) throw new Error(parsed.message)
      return runOperatorCommand(parsed.command, database, { actor: 'tester', now: clock, pictureStorage: files })
    }
    const everything = [...files.objects.keys()].sort()
    const staleRow = [
      '1 picture row no product or merchant names (remove with --delete, which also removes their files):',
      `  ${oldSource}`,
    ]
    expect((await sweep()).split('\n')).toEqual([...staleRow, 'no unreferenced picture files older than 24 h'])
    time += 23 * 60 * 60 * 1000
    const listed = (await sweep()).split('\n')
    expect(listed.slice(0, 3)).toEqual([
      ...staleRow,
      '2 unreferenced picture files older than 24 h (remove with --delete):',
    ])
    expect(listed.slice(3).sort()).toEqual(orphanKeys.map((key) => `  ${key}`).sort())
    expect([...files.objects.keys()].sort()).toEqual(everything)
    expect(await selectPicture(database, oldSource)).toBeDefined()

    const removed = (await sweep('--delete')).split('\n')
    expect(removed.slice(0, 3)).toEqual([
      '1 picture row no product or merchant names, removed:',
      `  ${oldSource}`,
      '3 unreferenced picture files older than 24 h, removed:',
    ])
    const removedKeys = [...orphanKeys, `${staleHash}/160.webp`]
    expect(removed.slice(3).sort()).toEqual(removedKeys.map((key) => `  ${key}`).sort())
    expect(await selectPicture(database, oldSource)).toBeUndefined()
    const left = everything.filter((key) => !removedKeys.includes(key))
    expect([...files.objects.keys()].sort()).toEqual(left)
    expect(left).toEqual(expect.arrayContaining([...madeKeys, `${failedHash}/160.webp`, newerKey, ...otherKeys]))
    expect(await sweep()).toBe('no unreferenced picture files older than 24 h')
    // With a shorter cutoff the newer file is found, and listed only.
    expect(await sweep('--older-than-hours', '1')).toBe(
      `1 unreferenced picture file older than 1 h (remove with --delete):\n  ${newerKey}`,
    )
    expect([...files.objects.keys()].sort()).toEqual(left)
    // The made picture is still served.
    const response = await createTestApp(database, { pictureStorage: files }).request(
      `/media/pictures/${madeHash}/160.webp`,
    )
    expect(response.status).toBe(200)
  })

  it('reads the options of the sweep and refuses anything else', async () => {
    const parse = (...options: string[]) => parseOperatorCommand(['catalogue', 'pictures', 'orphans', ...options])
    expect(parse()).toEqual({
      success: true,
      command: { name: 'catalogue', action: 'pictures-orphans', isDeleting: false, olderThanHours: 24 },
    })
    expect(parse('--older-than-hours=6', '--delete')).toMatchObject({
      command: { isDeleting: true, olderThanHours: 6 },
    })
    for (const refused of [
      ['--older-than-hours', '0'],
      ['--older-than-hours', 'x'],
      ['--older-than-hours', '-3'],
      ['--older-than-hours'],
      ['--older-than-hours', '2', '--older-than-hours', '3'],
      ['--everything'],
      ['--delete', 'now'],
    ]) {
      expect(parse(...refused).success).toBe(false)
    }
    expect(parseOperatorCommand(['catalogue', 'pictures', 'retry', '--delete']).success).toBe(false)
    // Without the storage it cannot run.
    const parsed = parse()
    if (!parsed.success) throw new Error(parsed.message)
    await expect(runOperatorCommand(parsed.command, database)).rejects.toThrow(/picture storage/)
  })
})

describe('pictures an operator tries again', () => {
  let pictureServer: PictureServer
  let testDatabase: TestDatabase

  // A database of its own: retrying makes every given-up picture due, other tests' included.
  beforeAll(async () => {
    pictureServer = await startPictureServer()
    testDatabase = await createTestDatabase()
  })
  afterAll(async () => {
    await pictureServer.close()
    await testDatabase.dispose()
  })

  async function ops(...argumentList: string[]): Promise<string> {
    const parsed = parseOperatorCommand(argumentList)
    if (!parsed.success) throw new Error(`not a command: ${argumentList.join(' ')}`)
    return runOperatorCommand(parsed.command, testDatabase.connection.database)
  }

  it('says how many pictures are made, waiting and given up and why, and tries the given-up ones again', async () => {
    const database = testDatabase.connection.database
    const storage = createMemoryProofStorage()
    const photo = `${pictureServer.origin}/photo.jpg?case=fixed-later`
    const made = `${pictureServer.origin}/other.jpg?case=fine`
    await addShop(database, { pictures: [photo, made] })
    // The merchant's picture server answers 404 for the photo at first: given up at once.
    const network = networkPictureSource(localTestFetchPolicy)
    const broken: ReadPictureSource = (source) =>
      network(source === photo ? `${pictureServer.origin}/missing.jpg` : source)
    expect(await makeEverythingDue({ database, storage, readSource: broken, logger: silent })).toMatchObject({
      made: 1,
      failed: 1,
    })
    expect(await ops('catalogue', 'pictures')).toMatch(
      /^pictures: 1 made, 0 waiting, 1 given up\ngiven up, by reason:\n {2}1 {2}.*404/,
    )

    // Fixed: the operator tries it again, and the next round makes it.
    expect(await ops('catalogue', 'pictures', 'retry')).toBe('1 given-up pictures are waiting to be tried again')
    expect(await selectPicture(database, photo)).toMatchObject({ status: 'pending', attempts: 0 })
    expect(await makeDuePictures({ database, storage, readSource: network, logger: silent })).toMatchObject({
      made: 1,
    })
    expect(await selectPicture(database, photo)).toMatchObject({ status: 'ready' })
    expect(await ops('catalogue', 'pictures')).toBe('pictures: 2 made, 0 waiting, 0 given up')
    expect(await ops('catalogue', 'pictures', 'retry')).toBe('no given-up pictures to try again')
    expect(parseOperatorCommand(['catalogue', 'pictures', 'retry', 'now']).success).toBe(false)
  })
})
