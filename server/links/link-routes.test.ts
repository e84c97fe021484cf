import { once } from 'node:events'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { asc, eq, isNotNull } from 'drizzle-orm'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { linkResolutionSchema, type LinkResolution } from '#domain/contracts/links'
import { shortLinkHosts } from '#domain/links/shop-links'
import { changeCatalogue, type MerchantInput } from '#server/catalogue/catalogue-writes'
import type { Database } from '#server/db/database'
import { merchants, products } from '#server/db/schema'
import { defaultLinkRateLimits, type LinkRateLimits } from '#server/links/link-routes'
import { publicShortLinkPolicy, type ShortLinkPolicy } from '#server/links/short-links'
import { isPublicAddress } from '#server/pictures/public-address'
import { seedCatalogueIfEmpty } from '#server/seed/seed-catalogue'
import { createAccountsTestApp, jsonRequest, signIn } from '#server/test/accounts'
import { createTestApp, readErrorBody } from '#server/test/app'
import { createTestDatabase, type TestDatabase } from '#server/test/database'

let testDatabase: TestDatabase
let database: Database
/** A demo merchant's listed product with its feed link (`https://demo-store.ngernkhuen.test/{merchant}/products/{item}`). */
let demo: { merchantId: string; productId: string; itemId: string; link: string }

/** A merchant from a network, on its own site under a language path, with deep links. */
const shopMerchantId = 'a1a1a1a1a1a1a1a1a1a1a1a1'
const shopProductId = 'a2a2a2a2a2a2a2a2a2a2a2a2'
const shopHiddenProductId = 'a3a3a3a3a3a3a3a3a3a3a3a3'
/** A merchant whose offer the network paused. */
const pausedMerchantId = 'b1b1b1b1b1b1b1b1b1b1b1b1'

function networkMerchant(input: {
  id: string
  name: string
  websiteUrl: string
  deepLinkTemplate: string | null
  listed?: boolean
}): MerchantInput {
  return {
    id: input.id,
    name: { th: `ร้าน ${input.name}`, en: input.name },
    description: { th: 'ร้านค้า', en: 'A shop' },
    categoryLabel: 'Books',
    cashback: { kind: 'up-to', rateBasisPoints: 700, maxPerOrder: null },
    trackingDays: 2,
    confirmationDays: 45,
    terms: { th: [], en: [] },
    topRank: null,
    popularity: 0,
    shopUrl: input.websiteUrl,
    createdAt: new Date('2026-01-01T00:00:00Z'),
    network: {
      id: 'test-network',
      externalId: input.id,
      websiteUrl: input.websiteUrl,
      deepLinkTemplate: input.deepLinkTemplate,
      logoSourceUrl: null,
    },
    listed: input.listed ?? true,
  }
}

function shopProduct(id: string, merchantId: string, itemId: string, link: string) {
  return {
    id,
    merchantId,
    name: { th: `หนังสือ ${itemId}`, en: `Book ${itemId}` },
    price: 35_000,
    categoryId: 'books' as const,
    comparisonKey: `book-${itemId}`,
    popularity: 1,
    createdAt: new Date('2026-01-02T00:00:00Z'),
    feed: {
      itemId,
      regularPrice: null,
      brand: null,
      gtin: null,
      mpn: null,
      link,
      imageSourceUrl: null,
      hasEnglishName: true,
    },
  }
}

beforeAll(async () => {
  testDatabase = await createTestDatabase()
  database = testDatabase.connection.database
  await seedCatalogueIfEmpty(database, { size: { merchantCount: 14, productCount: 80 } })
  const [product] = await database
    .select({ id: products.id, merchantId: products.merchantId, itemId: products.feedItemId, link: products.link })
    .from(products)
    .where(isNotNull(products.link))
    .orderBy(asc(products.id))
    .limit(1)
  if (product?.itemId == null || product.link === null) throw new Error('no demo product with a link')
  demo = { merchantId: product.merchantId, productId: product.id, itemId: product.itemId, link: product.link }

  await changeCatalogue(database, async (writer) => {
    await writer.insertMerchants([
      networkMerchant({
        id: shopMerchantId,
        name: 'Book Shop',
        websiteUrl: 'https://www.bookshop.example/th',
        deepLinkTemplate: 'https://track.network.example/deep?m=1&url={url}',
      }),
      networkMerchant({
        id: pausedMerchantId,
        name: 'Paused Shop',
        websiteUrl: 'https://paused.example',
        deepLinkTemplate: null,
        listed: false,
      }),
    ])
    await writer.insertProducts([
      shopProduct(shopProductId, shopMerchantId, 'BK-1', 'https://www.bookshop.example/th/books/bk-1'),
      shopProduct(shopHiddenProductId, shopMerchantId, 'BK-2', 'https://www.bookshop.example/th/books/bk-2'),
    ])
  })
  await database.update(products).set({ listed: false }).where(eq(products.id, shopHiddenProductId))
})
afterAll(() => testDatabase.dispose())

type AppOptions = Parameters<typeof createTestApp>[1]

async function resolve(text: unknown, options: AppOptions = {}, headers: Record<string, string> = {}) {
  return createTestApp(database, options).request('/api/links/resolve', jsonRequest('POST', { text }, headers))
}

async function resolved(text: string, options: AppOptions = {}): Promise<LinkResolution> {
  const response = await resolve(text, options)
  expect(response.status, await response.clone().text()).toBe(200)
  return v.parse(linkResolutionSchema, await response.json())
}

/** The lookups of most tests must never be limited: each test app is the same address (`unknown`). */
const unlimited: LinkRateLimits = {
  resolvesPerAddress: { limit: 1_000_000, windowSeconds: 60 },
  shortLinksPerAddress: { limit: 1_000_000, windowSeconds: 60 },
  shortLinksOverall: { limit: 1_000_000, windowSeconds: 60 },
}
const options: AppOptions = { linkRateLimits: unlimited }

describe('POST /api/links/resolve: partner links', () => {
  it("answers a demo product's link with its merchant, the product and the tracked link's product", async () => {
    const answer = await resolved(demo.link, options)
    expect(answer).toMatchObject({
      kind: 'partner',
      url: demo.link,
      merchant: { _id: demo.merchantId },
      product: { _id: demo.productId, merchant: { _id: demo.merchantId } },
      clickOut: { merchantId: demo.merchantId, productId: demo.productId },
      hasUnresolvedShortLink: false,
    })
    if (answer.kind !== 'partner') throw new Error('not a partner')
    expect(answer.merchant.cashback.rateBasisPoints).toBeGreaterThan(0)
    expect(answer.clickOut.page).toBeUndefined()
  })

  it('finds the same product however the link was copied, inside other words', async () => {
    const url = new URL(demo.link)
    const shouted = `HTTP://${url.host.toUpperCase()}${url.pathname}/?utm_source=line&utm_medium=share&fbclid=abc&aff_sub=0123#reviews`
    for (const text of [
      shouted,
      `ดูสิ ${demo.link} ถูกมาก`,
      `(${demo.link}).`,
      `Look at this!\n${demo.link}?gclid=x, so cheap`,
    ]) {
      const answer = await resolved(text, options)
      expect(answer, text).toMatchObject({ kind: 'partner', product: { _id: demo.productId }, url: demo.link })
    }
    // `www.` is another host to a server; for matching it is the same shop.
    const withWww = `${url.protocol}//www.${url.host}${url.pathname}`
    expect(await resolved(withWww, options)).toMatchObject({ product: { _id: demo.productId }, url: withWww })
  })

  it("reads this server's own demo store page as the demo shop's (demo mode only)", async () => {
    const path = new URL(demo.link).pathname
    const answer = await resolved(`http://localhost/demo-store${path}?aff_sub=abc`, options)
    expect(answer).toMatchObject({ kind: 'partner', product: { _id: demo.productId }, url: demo.link })

    const production = await resolved(`http://localhost/demo-store${path}`, { ...options, appMode: 'production' })
    expect(production).toMatchObject({ kind: 'not_partner', shop: { name: { en: 'localhost' } } })
  })

  it("answers any other page of a partner's site with the merchant and that page for the deep link", async () => {
    const front = await resolved(`https://demo-store.ngernkhuen.test/${demo.merchantId}/`, options)
    expect(front).toMatchObject({ kind: 'partner', product: null, clickOut: { merchantId: demo.merchantId } })
    if (front.kind !== 'partner') throw new Error('not a partner')
    expect(front.clickOut.page).toBeUndefined()

    const unknownItem = `https://demo-store.ngernkhuen.test/${demo.merchantId}/products/no-such-item`
    expect(await resolved(unknownItem, options)).toMatchObject({
      kind: 'partner',
      product: null,
      clickOut: { merchantId: demo.merchantId, page: unknownItem },
    })
  })

  it('tells merchants on one host apart by the path of their sites, and takes the only one on a host', async () => {
    // The demo storefront's root is no merchant's: every demo merchant's site is a path under it.
    expect(await resolved('https://demo-store.ngernkhuen.test/', options)).toMatchObject({
      kind: 'not_partner',
      reason: 'unknown_shop',
      shop: { name: { en: 'demo-store.ngernkhuen.test' }, marketplace: null },
    })
    // The book shop's site is /th; it is the only merchant on its host, so /en is its page too.
    expect(await resolved('https://bookshop.example/en/books/bk-9?utm_campaign=x', options)).toMatchObject({
      kind: 'partner',
      merchant: { _id: shopMerchantId, name: { en: 'Book Shop' } },
      product: null,
      clickOut: { merchantId: shopMerchantId, page: 'https://bookshop.example/en/books/bk-9' },
    })
  })

  it("matches a network merchant's product on its feed link, with or without www and a trailing slash", async () => {
    for (const text of [
      'https://www.bookshop.example/th/books/bk-1',
      'http://bookshop.example/th/books/bk-1/?utm_source=facebook',
      'https://WWW.BOOKSHOP.EXAMPLE/th/books/bk-1#top',
    ]) {
      expect(await resolved(text, options), text).toMatchObject({
        kind: 'partner',
        product: { _id: shopProductId },
        clickOut: { merchantId: shopMerchantId, productId: shopProductId },
      })
    }
  })

  it('offers no hidden product, but still the page it is on', async () => {
    expect(await resolved('https://www.bookshop.example/th/books/bk-2', options)).toMatchObject({
      kind: 'partner',
      product: null,
      clickOut: { merchantId: shopMerchantId, page: 'https://www.bookshop.example/th/books/bk-2' },
    })
  })

  it('offers no paused merchant: it is named, as paused', async () => {
    expect(await resolved('https://paused.example/item/1', options)).toMatchObject({
      kind: 'not_partner',
      reason: 'paused',
      shop: { name: { th: 'ร้าน Paused Shop', en: 'Paused Shop' }, marketplace: null },
    })
  })
})

describe('POST /api/links/resolve: shops we do not partner with', () => {
  it('recognises Shopee and Lazada product links and names the marketplace', async () => {
    const shopee = [
      'https://shopee.co.th/product/123456/7890123',
      'https://shopee.co.th/%E0%B9%80%E0%B8%AA%E0%B8%B7%E0%B9%89%E0%B8%AD-i.123456.7890123?sp_atk=abc&xptdk=def',
      'ดูอันนี้ https://shopee.co.th/เสื้อยืด-i.123456.7890123 ถูกมาก',
      'https://m.shopee.co.th/',
    ]
    for (const text of shopee) {
      expect(await resolved(text, options), text).toMatchObject({
        kind: 'not_partner',
        reason: 'unknown_shop',
        shop: { name: { th: 'Shopee', en: 'Shopee' }, marketplace: 'shopee' },
      })
    }
    const lazada = [
      'https://www.lazada.co.th/products/some-phone-case-i123456789-s987654321.html?spm=a2o4m&clickTrackInfo=x',
      'https://www.lazada.co.th/products/i123456789.html',
      'https://pages.lazada.co.th/wow/gcp/route/lazada/th/upr_1000345_lazada/channel/th/upr-router/th',
    ]
    for (const text of lazada) {
      expect(await resolved(text, options), text).toMatchObject({
        kind: 'not_partner',
        shop: { name: { en: 'Lazada' }, marketplace: 'lazada' },
      })
    }
  })

  it("names any other site by its host, and never requests it (it is no marketplace's short link)", async () => {
    expect(await resolved('https://www.bigshop.example/p/1', options)).toMatchObject({
      kind: 'not_partner',
      shop: { name: { en: 'bigshop.example' }, marketplace: null },
      hasUnresolvedShortLink: false,
    })
  })

  it('answers text without an http(s) address as no shop link', async () => {
    for (const text of [
      'ถูกมาก',
      'shopee.co.th/product/1/2',
      'ftp://shop.example/x',
      'javascript:alert(1)',
      'https://',
    ]) {
      expect(await resolved(text, options), text).toEqual({ kind: 'not_a_shop_link' })
    }
  })

  it('finds a partner on a marketplace by the item id its feed gives, from any shape of the link', async () => {
    const lazadaMerchantId = 'c1c1c1c1c1c1c1c1c1c1c1c1'
    const lazadaProductId = 'c2c2c2c2c2c2c2c2c2c2c2c2'
    await changeCatalogue(database, async (writer) => {
      await writer.insertMerchants([
        networkMerchant({
          id: lazadaMerchantId,
          name: 'Lazada',
          websiteUrl: 'https://www.lazada.co.th/',
          deepLinkTemplate: 'https://track.network.example/lazada?url={url}',
        }),
      ])
      await writer.insertProducts([
        shopProduct(lazadaProductId, lazadaMerchantId, '555', 'https://www.lazada.co.th/products/a-book-i555-s1.html'),
      ])
    })
    try {
      expect(await resolved('https://lazada.co.th/products/another-slug-i555-s2.html?spm=x', options)).toMatchObject({
        kind: 'partner',
        product: { _id: lazadaProductId },
        clickOut: { merchantId: lazadaMerchantId, productId: lazadaProductId },
      })
      expect(await resolved('https://www.lazada.co.th/products/x-i777.html', options)).toMatchObject({
        kind: 'partner',
        product: null,
        clickOut: { merchantId: lazadaMerchantId, page: 'https://www.lazada.co.th/products/i777.html' },
      })
    } finally {
      await database.delete(merchants).where(eq(merchants.id, lazadaMerchantId))
    }
  })
})

/** A stand-in for a marketplace's short-link service, on this machine. */
async function startShortLinkServer(routes: Record<string, (response: http.ServerResponse) => void>) {
  const requests: string[] = []
  const server = http.createServer((request, response) => {
    requests.push(request.url ?? '')
    const route = routes[new URL(request.url ?? '/', 'http://x').pathname]
    if (route === undefined) {
      response.writeHead(404).end()
      return
    }
    route(response)
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  return {
    port,
    requests,
    origin: `http://127.0.0.1:${port}`,
    close: () => {
      server.closeAllConnections()
      server.close()
    },
  }
}

function redirect(location: string, status = 302) {
  return (response: http.ServerResponse) => response.writeHead(status, { Location: location }).end('moved')
}

describe('POST /api/links/resolve: short links', () => {
  let shortener: Awaited<ReturnType<typeof startShortLinkServer>>
  /** Plain http and this machine's addresses: only in tests, for their own server. */
  let testPolicy: ShortLinkPolicy

  beforeAll(async () => {
    shortener = await startShortLinkServer({
      '/product': redirect('https://shopee.co.th/universal-link/cool-shirt-i.111.222?sp_atk=zzz&xptdk=y'),
      '/hop': redirect('/product', 301),
      '/demo': redirect(demo.link),
      '/loop': redirect('/loop'),
      '/page': (response) =>
        response.writeHead(200, { 'Content-Type': 'text/html' }).end('<script>location=1</script>'),
      '/app': redirect('shopee://product/111/222'),
      '/private': redirect('http://169.254.169.254/latest/meta-data/'),
      '/slow': () => undefined,
    })
    testPolicy = {
      hosts: { [`127.0.0.1:${shortener.port}`]: 'shopee' },
      allowsPlainHttp: true,
      isAllowedAddress: () => true,
      maxRedirects: 3,
      timeoutMilliseconds: 1_000,
    }
  })
  afterAll(() => shortener.close())

  it('follows a short link to the marketplace page it stands for, without requesting that page', async () => {
    const answer = await resolved(`ดูสิ ${shortener.origin}/hop ถูกมาก`, { ...options, shortLinkPolicy: testPolicy })
    expect(answer).toEqual({
      kind: 'not_partner',
      url: 'https://shopee.co.th/universal-link/cool-shirt-i.111.222',
      shop: { name: { th: 'Shopee', en: 'Shopee' }, marketplace: 'shopee' },
      reason: 'unknown_shop',
      hasUnresolvedShortLink: false,
    })
    expect(shortener.requests).toEqual(['/hop', '/product'])
  })

  it("leads to a partner's product when that is where it goes", async () => {
    expect(await resolved(`${shortener.origin}/demo`, { ...options, shortLinkPolicy: testPolicy })).toMatchObject({
      kind: 'partner',
      product: { _id: demo.productId },
    })
  })

  it('still names the marketplace when the short link cannot be followed', async () => {
    for (const path of ['/loop', '/page', '/app', '/slow', '/missing']) {
      const started = Date.now()
      const answer = await resolved(`${shortener.origin}${path}`, { ...options, shortLinkPolicy: testPolicy })
      expect(answer, path).toMatchObject({
        kind: 'not_partner',
        url: 'https://shopee.co.th/',
        shop: { marketplace: 'shopee' },
        hasUnresolvedShortLink: true,
      })
      expect(Date.now() - started, path).toBeLessThan(3_000)
    }
    // The loop is cut after `maxRedirects`.
    expect(shortener.requests.filter((path) => path === '/loop')).toHaveLength(testPolicy.maxRedirects + 1)
  })

  it('never follows a redirect off the short-link hosts (a private address is read, not requested)', async () => {
    const answer = await resolved(`${shortener.origin}/private`, { ...options, shortLinkPolicy: testPolicy })
    expect(answer).toMatchObject({
      kind: 'not_partner',
      url: 'https://169.254.169.254/latest/meta-data',
      shop: { name: { en: '169.254.169.254' }, marketplace: null },
    })
  })

  it('refuses private addresses under the production rule, by name and by literal address', async () => {
    const localhostPolicy: ShortLinkPolicy = {
      ...testPolicy,
      hosts: { [`localhost:${shortener.port}`]: 'lazada', [`127.0.0.1:${shortener.port}`]: 'lazada' },
      isAllowedAddress: isPublicAddress,
    }
    const before = shortener.requests.length
    for (const origin of [`http://localhost:${shortener.port}`, shortener.origin]) {
      const answer = await resolved(`${origin}/product`, { ...options, shortLinkPolicy: localhostPolicy })
      expect(answer, origin).toMatchObject({
        kind: 'not_partner',
        shop: { marketplace: 'lazada' },
        hasUnresolvedShortLink: true,
      })
    }
    expect(shortener.requests.length).toBe(before)
  })

  it('asks only over https in production: an http short link is asked for as https', async () => {
    const httpsOnly: ShortLinkPolicy = { ...testPolicy, allowsPlainHttp: false }
    const before = shortener.requests.length
    const answer = await resolved(`${shortener.origin}/product`, { ...options, shortLinkPolicy: httpsOnly })
    expect(answer).toMatchObject({ kind: 'not_partner', hasUnresolvedShortLink: true })
    // A TLS handshake is no HTTP request.
    expect(shortener.requests.length).toBe(before)
  })

  it("production's rule: the marketplaces' short-link hosts, https, public addresses only", () => {
    expect(publicShortLinkPolicy.hosts).toBe(shortLinkHosts)
    expect(Object.keys(publicShortLinkPolicy.hosts).sort()).toEqual([
      'c.lazada.co.th',
      's.lazada.co.th',
      's.shopee.co.th',
      'shope.ee',
      'shp.ee',
    ])
    expect(publicShortLinkPolicy.allowsPlainHttp).toBe(false)
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '169.254.169.254',
      '192.168.0.1',
      '::1',
      'fd00::1',
      '::ffff:10.0.0.1',
    ]) {
      expect(publicShortLinkPolicy.isAllowedAddress(address), address).toBe(false)
    }
    expect(publicShortLinkPolicy.isAllowedAddress('203.144.0.1')).toBe(true)
  })

  it('limits the short links one network address makes us follow', async () => {
    const limits: LinkRateLimits = { ...unlimited, shortLinksPerAddress: { limit: 2, windowSeconds: 60 } }
    const app = createTestApp(database, { linkRateLimits: limits, shortLinkPolicy: testPolicy })
    // An address of its own: the other tests' short links counted under theirs.
    const ask = (text: string) =>
      app.request('/api/links/resolve', jsonRequest('POST', { text }), {
        incoming: { socket: { remoteAddress: '198.51.100.70' } },
      })
    expect((await ask(`${shortener.origin}/product`)).status).toBe(200)
    expect((await ask(`${shortener.origin}/product`)).status).toBe(200)
    // Plain links are not short links: they do not count.
    expect((await ask(demo.link)).status).toBe(200)
    const refused = await ask(`${shortener.origin}/product`)
    expect(refused.status).toBe(429)
    expect(refused.headers.get('Retry-After')).toMatch(/^\d+$/)
    expect((await readErrorBody(refused)).error.code).toBe('too_many_requests')
    // The global cap holds for everyone together.
    const overall: LinkRateLimits = { ...unlimited, shortLinksOverall: { limit: 0, windowSeconds: 60 } }
    const capped = await resolve(`${shortener.origin}/product`, {
      linkRateLimits: overall,
      shortLinkPolicy: testPolicy,
    })
    expect(capped.status).toBe(429)
  })
})

describe('POST /api/links/resolve: limits and bad input', () => {
  it('limits lookups per network address, in the database every process shares', async () => {
    const limits: LinkRateLimits = { ...unlimited, resolvesPerAddress: { limit: 2, windowSeconds: 60 } }
    // Two apps on one database are two processes: the count is shared.
    const first = createTestApp(database, { linkRateLimits: limits })
    const second = createTestApp(database, { linkRateLimits: limits })
    const ask = (app: typeof first, address: string) =>
      app.request('/api/links/resolve', jsonRequest('POST', { text: demo.link }), {
        incoming: { socket: { remoteAddress: address } },
      })
    expect((await ask(first, '198.51.100.7')).status).toBe(200)
    expect((await ask(second, '198.51.100.7')).status).toBe(200)
    const refused = await ask(first, '198.51.100.7')
    expect(refused.status).toBe(429)
    const body = await readErrorBody(refused)
    expect(body.error.code).toBe('too_many_requests')
    expect(body.error.details?.retryAfterSeconds).toBeGreaterThan(0)
    // Another network has its own allowance.
    expect((await ask(second, '198.51.100.8')).status).toBe(200)
  })

  it('has generous defaults for phones behind one carrier address', () => {
    expect(defaultLinkRateLimits.resolvesPerAddress.limit).toBeGreaterThanOrEqual(30)
    expect(defaultLinkRateLimits.shortLinksPerAddress.limit).toBeLessThan(
      defaultLinkRateLimits.resolvesPerAddress.limit,
    )
  })

  it('refuses a missing, empty, too long or unsafe text with 400 invalid_request', async () => {
    for (const body of [
      {},
      { text: '' },
      { text: '   ' },
      { text: 42 },
      { text: 'x'.repeat(2001) },
      { text: 'https://a.example/\u0000' },
    ]) {
      const response = await createTestApp(database, options).request('/api/links/resolve', jsonRequest('POST', body))
      expect(response.status, JSON.stringify(body).slice(0, 40)).toBe(400)
      expect((await readErrorBody(response)).error.code).toBe('invalid_request')
    }
    const malformed = await createTestApp(database, options).request('/api/links/resolve', {
      method: 'POST',
      body: '{"text":',
      headers: { 'Content-Type': 'application/json' },
    })
    expect(malformed.status).toBe(400)
    const huge = await resolve('x'.repeat(100_000), options)
    expect(huge.status).toBe(413)
    expect((await readErrorBody(huge)).error.code).toBe('payload_too_large')
  })

  it("refuses another site's page posting to it (the API's origin check)", async () => {
    const response = await resolve(demo.link, options, { Origin: 'https://evil.example' })
    expect(response.status).toBe(403)
  })
})

describe('GET /go/{merchantId}?page=', () => {
  it("deep-links to a pasted page of the merchant's own site, and to nothing else", async () => {
    const { app } = createAccountsTestApp(database)
    const { cookie } = await signIn(app, 'paste.link@example.com')
    const go = async (page: string) => {
      const response = await app.request(`/go/${shopMerchantId}?page=${encodeURIComponent(page)}`, {
        headers: { Cookie: cookie },
      })
      expect(response.status).toBe(302)
      return new URL(response.headers.get('Location') ?? '')
    }

    const deep = await go('https://bookshop.example/en/books/bk-9?utm_source=x')
    expect(deep.origin + deep.pathname).toBe('https://track.network.example/deep')
    expect(deep.searchParams.get('url')).toBe('https://bookshop.example/en/books/bk-9')
    expect(deep.searchParams.get('aff_sub')).toMatch(/^[0-9a-f]{24}$/)

    for (const page of [
      'https://evil.example/phish',
      `https://demo-store.ngernkhuen.test/${demo.merchantId}/x`,
      'nonsense',
    ]) {
      const shop = await go(page)
      expect(shop.origin + shop.pathname, page).toBe('https://www.bookshop.example/th')
    }
  })
})

describe('POST /share-target without the service worker', () => {
  async function share(fields: Record<string, string | Blob>) {
    const form = new FormData()
    for (const [name, value] of Object.entries(fields)) form.append(name, value)
    const request = new Request('http://localhost/share-target', { method: 'POST', body: form })
    // `Request` streams a FormData body; a browser's share sends its length.
    const body = await request.arrayBuffer()
    return createTestApp(database).request('/share-target', {
      method: 'POST',
      body,
      headers: { 'Content-Type': request.headers.get('Content-Type') ?? '', 'Content-Length': String(body.byteLength) },
    })
  }

  it('opens paste-a-link with a shared link, from text as often as from url', async () => {
    const fromText = await share({ title: 'Shirt', text: `ดูสิ ${demo.link} ถูกมาก`, url: '' })
    expect(fromText.status).toBe(303)
    expect(fromText.headers.get('Location')).toBe(`/paste-link?link=${encodeURIComponent(demo.link)}`)
    const fromUrl = await share({ url: demo.link })
    expect(fromUrl.headers.get('Location')).toBe(`/paste-link?link=${encodeURIComponent(demo.link)}`)
  })

  it('leaves pictures to the worker: their page says none arrived', async () => {
    const withPicture = await share({
      text: demo.link,
      pictures: new Blob([new Uint8Array(10)], { type: 'image/png' }),
    })
    expect(withPicture.headers.get('Location')).toBe('/share-target?pictures=0')
    const empty = await share({ text: '' })
    expect(empty.headers.get('Location')).toBe('/share-target?pictures=0')
  })
})
