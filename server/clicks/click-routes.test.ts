import { asc, count, eq, ne } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setBuyerStatus } from '#server/buyers/buyer-records'
import { changeCatalogue } from '#server/catalogue/catalogue-writes'
import { shopUrlWithClickId } from '#server/clicks/click-records'
import type { Database } from '#server/db/database'
import { clicks, products } from '#server/db/schema'
import { seedCatalogueIfEmpty } from '#server/seed/seed-catalogue'
import { createAccountsTestApp, signIn } from '#server/test/accounts'
import { createTestDatabase, type TestDatabase } from '#server/test/database'

let testDatabase: TestDatabase
let database: Database
/** A demo merchant (its shop is `/demo-store/{id}`), one of its products and another merchant's. */
let merchantId: string
let productId: string
let otherMerchantProductId: string
/** A merchant with an absolute shop URL that already has query parameters. */
const externalMerchantId = 'e0e0e0e0e0e0e0e0e0e0e0e0'

beforeAll(async () => {
  testDatabase = await createTestDatabase()
  database = testDatabase.connection.database
  await seedCatalogueIfEmpty(database, { size: { merchantCount: 14, productCount: 80 } })
  const [product] = await database.select().from(products).orderBy(asc(products.id)).limit(1)
  if (product === undefined) throw new Error('no product seeded')
  merchantId = product.merchantId
  productId = product.id
  const [other] = await database.select().from(products).where(ne(products.merchantId, merchantId)).limit(1)
  if (other === undefined) throw new Error('no second merchant')
  otherMerchantProductId = other.id
  await changeCatalogue(database, (writer) =>
    writer.insertMerchants([
      {
        id: externalMerchantId,
        name: { th: 'ร้านภายนอก', en: 'External Shop' },
        description: { th: 'ร้านค้า', en: 'A shop' },
        categoryLabel: 'Books',
        cashback: { kind: 'up-to', rateBasisPoints: 500, maxPerOrder: null },
        trackingDays: 3,
        confirmationDays: 60,
        terms: { th: [], en: [] },
        topRank: null,
        popularity: 0,
        shopUrl: 'https://shop.example.com/th/landing?utm_source=ngernkhuen&aff_sub=old#top',
        createdAt: new Date('2026-01-01T00:00:00Z'),
      },
    ]),
  )
})
afterAll(() => testDatabase.dispose())

function setup() {
  return createAccountsTestApp(database)
}

async function clickCount(): Promise<number> {
  const [row] = await database.select({ count: count() }).from(clicks)
  return row?.count ?? 0
}

function expectRedirect(response: Response, location: string) {
  expect(response.status).toBe(302)
  expect(response.headers.get('Location')).toBe(location)
  expect(response.headers.get('Cache-Control')).toBe('no-store')
  expect(response.headers.get('Referrer-Policy')).toBe('no-referrer')
}

describe('GET /go/:merchantId', () => {
  it("records the member's click and sends them to the shop with the click id as aff_sub", async () => {
    const { app, clock } = setup()
    const { cookie, buyer } = await signIn(app, 'click.member@example.com')
    const userAgent = `Mozilla/5.0 ${'x'.repeat(1_000)}`

    const response = await app.request(`/go/${merchantId}?product=${productId}`, {
      headers: { Cookie: cookie, 'User-Agent': userAgent },
    })

    expect(response.status).toBe(302)
    const location = new URL(response.headers.get('Location') ?? '', 'http://localhost')
    expect(location.pathname).toBe(`/demo-store/${merchantId}`)
    const clickId = location.searchParams.get('aff_sub') ?? ''
    expect(clickId).toMatch(/^[0-9a-f]{24}$/)
    // The network's deep link to the product's page, which the shop opens with the sub-id.
    const [product] = await database.select({ link: products.link }).from(products).where(eq(products.id, productId))
    expect(location.searchParams.get('url')).toBe(product?.link)
    const landing = await app.request(response.headers.get('Location') ?? '')
    expect(landing.status).toBe(302)
    const productPage = new URL(landing.headers.get('Location') ?? '', 'http://localhost')
    expect(`https://demo-store.ngernkhuen.test${productPage.pathname.replace('/demo-store', '')}`).toBe(product?.link)
    expect(productPage.searchParams.get('aff_sub')).toBe(clickId)
    const page = await app.request(`${productPage.pathname}${productPage.search}`)
    expect(await page.text()).toContain('The product you chose')

    const merchantOnly = await app.request(`/go/${merchantId}`, { headers: { Cookie: cookie } })
    const merchantClick = new URL(merchantOnly.headers.get('Location') ?? '', 'http://localhost').searchParams.get(
      'aff_sub',
    )
    expect(merchantOnly.headers.get('Location')).toBe(`/demo-store/${merchantId}?aff_sub=${merchantClick}`)
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    expect(response.headers.get('Referrer-Policy')).toBe('no-referrer')
    // The other security headers still apply.
    expect(response.headers.get('Content-Security-Policy')).toContain("default-src 'self'")

    const [click] = await database.select().from(clicks).where(eq(clicks.id, clickId))
    expect(click).toMatchObject({ buyerId: buyer.buyerId, merchantId, productId, createdAt: clock.now() })
    expect(click?.userAgent).toHaveLength(512)
    expect(userAgent.startsWith(click?.userAgent ?? '-')).toBe(true)
  })

  it('records a new click on every visit', async () => {
    const { app } = setup()
    const { cookie } = await signIn(app, 'click.twice@example.com')
    const first = await app.request(`/go/${merchantId}`, { headers: { Cookie: cookie } })
    const second = await app.request(`/go/${merchantId}`, { headers: { Cookie: cookie } })
    expect(first.headers.get('Location')).not.toBe(second.headers.get('Location'))
  })

  it('records nothing for a HEAD request (link previews and prefetchers are not shoppers)', async () => {
    const { app } = setup()
    const { cookie } = await signIn(app, 'click.head@example.com')
    const before = await clickCount()
    const response = await app.request(`/go/${merchantId}`, { method: 'HEAD', headers: { Cookie: cookie } })
    expect(response.status).toBe(204)
    expect(await clickCount()).toBe(before)
  })

  it("keeps the product only when it is the merchant's", async () => {
    const { app } = setup()
    const { cookie } = await signIn(app, 'click.product@example.com')
    for (const product of [otherMerchantProductId, 'not-an-id', 'ffffffffffffffffffffffff', '']) {
      const response = await app.request(`/go/${merchantId}?product=${product}`, { headers: { Cookie: cookie } })
      expect(response.status, product).toBe(302)
      const clickId = new URL(response.headers.get('Location') ?? '', 'http://localhost').searchParams.get('aff_sub')
      const [click] = await database
        .select()
        .from(clicks)
        .where(eq(clicks.id, clickId ?? ''))
      expect(click?.productId, product).toBeNull()
    }
  })

  it("keeps an absolute shop URL's own parameters and replaces a sub-id already in it", async () => {
    const { app } = setup()
    const { cookie } = await signIn(app, 'click.external@example.com')
    const response = await app.request(`/go/${externalMerchantId}`, { headers: { Cookie: cookie } })
    expect(response.status).toBe(302)
    const location = new URL(response.headers.get('Location') ?? '')
    expect(location.origin).toBe('https://shop.example.com')
    expect(location.pathname).toBe('/th/landing')
    expect(location.hash).toBe('#top')
    expect(location.searchParams.get('utm_source')).toBe('ngernkhuen')
    expect(location.searchParams.getAll('aff_sub')).toEqual([expect.stringMatching(/^[0-9a-f]{24}$/)])
  })

  it('sends anonymous shoppers to sign in, then back to the merchant page, in their language', async () => {
    const { app } = setup()
    const before = await clickCount()
    expectRedirect(
      await app.request(`/go/${merchantId}?product=${productId}`),
      `/auth?redirect=${encodeURIComponent(`/merchants/${merchantId}`)}`,
    )
    expectRedirect(
      await app.request(`/go/${merchantId}?locale=en`),
      `/en/auth?redirect=${encodeURIComponent(`/en/merchants/${merchantId}`)}`,
    )
    // A cookie that opens no session is anonymous too.
    expectRedirect(
      await app.request(`/go/${merchantId}`, { headers: { Cookie: `ngernkhuen_session=${'A'.repeat(43)}` } }),
      `/auth?redirect=${encodeURIComponent(`/merchants/${merchantId}`)}`,
    )
    expect(await clickCount()).toBe(before)
  })

  it('sends a suspended buyer to /ban without recording a click', async () => {
    const { app } = setup()
    const { cookie, buyer } = await signIn(app, 'click.suspended@example.com')
    await setBuyerStatus(database, { buyerId: buyer.buyerId, status: 'suspended', reason: 'Fraud', actor: 'test' })
    const before = await clickCount()
    expectRedirect(await app.request(`/go/${merchantId}`, { headers: { Cookie: cookie } }), '/ban')
    expectRedirect(await app.request(`/go/${merchantId}?locale=en`, { headers: { Cookie: cookie } }), '/en/ban')
    expect(await clickCount()).toBe(before)
  })

  it("sends unknown and malformed merchant ids to the app's merchant page, which shows not-found", async () => {
    const { app } = setup()
    const { cookie } = await signIn(app, 'click.unknown@example.com')
    const before = await clickCount()
    const unknown = 'ffffffffffffffffffffffff'
    expectRedirect(await app.request(`/go/${unknown}`, { headers: { Cookie: cookie } }), `/merchants/${unknown}`)
    expectRedirect(await app.request(`/go/${unknown}?locale=en`), `/en/merchants/${unknown}`)
    expectRedirect(
      await app.request(`/go/${encodeURIComponent('<script>')}?locale=fr`, { headers: { Cookie: cookie } }),
      `/merchants/${encodeURIComponent('<script>')}`,
    )
    expectRedirect(await app.request(`/go/${merchantId.toUpperCase()}`), `/merchants/${merchantId.toUpperCase()}`)
    expect(await clickCount()).toBe(before)
  })
})

describe('shopUrlWithClickId', () => {
  it.each([
    ['/demo-store/abc', '/demo-store/abc?aff_sub=c1'],
    ['/demo-store/abc?ref=home', '/demo-store/abc?ref=home&aff_sub=c1'],
    ['https://shop.example.com', 'https://shop.example.com/?aff_sub=c1'],
    ['https://shop.example.com/p?aff_sub=x&q=a+b', 'https://shop.example.com/p?aff_sub=c1&q=a+b'],
  ])('%s → %s', (shopUrl, expected) => {
    expect(shopUrlWithClickId(shopUrl, 'c1')).toBe(expected)
  })
})
