import { asc, count, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { postbackSignatureHeader } from '#domain/contracts/postback'
import { changeCatalogue } from '#server/catalogue/catalogue-writes'
import type { Database } from '#server/db/database'
import { cashbackTransactionEvents, cashbackTransactions, conversions, products } from '#server/db/schema'
import { demoPostbackUrl } from '#server/demo-store/demo-store-routes'
import { demoStoreStylesheetPath } from '#server/demo-store/demo-store-styles'
import { parseEnvironment } from '#server/env'
import { contentSecurityPolicy } from '#server/http/security-headers'
import { createPostbackConfig } from '#server/postbacks/postback-config'
import { demoPostbackSecret } from '#server/postbacks/postback-secrets'
import { isValidPostbackSignature } from '#server/postbacks/postback-signature'
import { seedCatalogueIfEmpty } from '#server/seed/seed-catalogue'
import { signIn } from '#server/test/accounts'
import { readErrorBody } from '#server/test/app'
import { createTestDatabase, type TestDatabase } from '#server/test/database'
import { createPostbackTestApp, signedPostback } from '#server/test/postbacks'

let testDatabase: TestDatabase
let database: Database
let merchantId: string
/** A merchant whose names would break the page if they were not escaped. */
const trickyMerchantId = 'b0b0b0b0b0b0b0b0b0b0b0b0'
const trickyProductId = 'b1b1b1b1b1b1b1b1b1b1b1b1'

beforeAll(async () => {
  testDatabase = await createTestDatabase()
  database = testDatabase.connection.database
  await seedCatalogueIfEmpty(database, { size: { merchantCount: 14, productCount: 200 } })
  const [busiest] = await database
    .select({ merchantId: products.merchantId, count: count() })
    .from(products)
    .groupBy(products.merchantId)
    .orderBy(desc(count()), asc(products.merchantId))
    .limit(1)
  if (busiest === undefined || busiest.count < 7) throw new Error('expected a merchant with more than 6 products')
  merchantId = busiest.merchantId
  await changeCatalogue(database, async (writer) => {
    await writer.insertMerchants([
      {
        id: trickyMerchantId,
        name: { th: 'ร้าน <b>ตัวหนา</b>', en: 'Tom & "Jerry" <script>alert(1)</script>' },
        description: { th: 'ร้านค้า', en: 'A shop' },
        categoryLabel: 'Books',
        cashback: { kind: 'up-to', rateBasisPoints: 500, maxPerOrder: null },
        trackingDays: 3,
        confirmationDays: 60,
        terms: { th: [], en: [] },
        topRank: null,
        popularity: 0,
        shopUrl: `/demo-store/${trickyMerchantId}`,
        createdAt: new Date('2026-01-01T00:00:00Z'),
      },
    ])
    await writer.insertProducts([
      {
        id: trickyProductId,
        merchantId: trickyMerchantId,
        name: { th: 'หนังสือ <i>', en: "Book 'quoted' </li>" },
        price: 45_950,
        categoryId: 'books',
        comparisonKey: 'tricky-book',
        popularity: 1,
        createdAt: new Date('2026-01-01T00:00:00Z'),
      },
    ])
  })
})
afterAll(() => testDatabase.dispose())

function setup(options: Parameters<typeof createPostbackTestApp>[1] = {}) {
  return createPostbackTestApp(database, options)
}

type Setup = ReturnType<typeof setup>

function form(fields: Record<string, string>, headers: Record<string, string> = {}): RequestInit {
  return {
    method: 'POST',
    body: new URLSearchParams(fields).toString(),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
  }
}

/** Signs in and taps "Shop now": the store URL with the new click id. */
async function clickOut({ app }: Setup, email: string) {
  const { cookie, buyer } = await signIn(app, email)
  const response = await app.request(`/go/${merchantId}`, { headers: { Cookie: cookie } })
  expect(response.status).toBe(302)
  const storeUrl = response.headers.get('Location') ?? ''
  const clickId = new URL(storeUrl, 'http://localhost').searchParams.get('aff_sub') ?? ''
  return { buyerId: buyer.buyerId, storeUrl, clickId }
}

/** The product ids of the store page's buy forms, in page order. */
function productIdsOf(page: string): string[] {
  return [...page.matchAll(/name="product_id" value="([0-9a-f]{24})"/g)].map((match) => match[1] ?? '')
}

async function buy(context: Setup, fields: Record<string, string>) {
  const response = await context.app.request(`/demo-store/${merchantId}/orders`, form(fields))
  expect(response.status).toBe(303)
  const location = response.headers.get('Location') ?? ''
  const match = /^\/demo-store\/[0-9a-f]{24}\/orders\/(DS-[0-9A-F]{12})\?outcome=(\w+)$/.exec(location)
  if (match === null) throw new Error(`unexpected redirect ${location}`)
  return { location, orderId: match[1] ?? '', outcome: match[2] }
}

async function readConversion(orderId: string) {
  const [row] = await database.select().from(conversions).where(eq(conversions.conversionId, orderId))
  if (row === undefined) throw new Error(`no conversion ${orderId}`)
  return row
}

describe('the store page', () => {
  it('shows the merchant, 6 products with THB prices and buy forms, under the app CSP', async () => {
    const context = setup()
    const { storeUrl, clickId } = await clickOut(context, 'store.page@example.com')

    const response = await context.app.request(storeUrl)

    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toMatch(/^text\/html; charset=utf-8/i)
    expect(response.headers.get('Content-Security-Policy')).toBe(contentSecurityPolicy)
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    const page = await response.text()
    expect(page).toContain('ร้านค้าจำลอง / Demo store — no real purchase')
    expect(page).toContain(`src="/media/merchants/${merchantId}/logo.svg"`)
    expect(page).toContain(`href="${demoStoreStylesheetPath}"`)
    expect(page).toContain(`name="click_id" value="${clickId}"`)
    expect(page).not.toMatch(/<script|<style|style="/)

    const shown = productIdsOf(page)
    const expected = await database
      .select({ id: products.id, nameTh: products.nameTh, price: products.price })
      .from(products)
      .where(eq(products.merchantId, merchantId))
      .orderBy(desc(products.popularity), asc(products.id))
      .limit(6)
    expect(shown).toEqual(expected.map((product) => product.id))
    for (const product of expected) expect(page).toContain(`฿${(product.price / 100).toLocaleString('en-US')}`)
    expect(page.match(/ซื้อ \/ Buy/g)).toHaveLength(6)
  })

  it('serves its stylesheet from its own path', async () => {
    const response = await setup().app.request(demoStoreStylesheetPath)
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toMatch(/^text\/css/)
    expect(await response.text()).toContain('.banner')
  })

  it('serves the Thai font its stylesheet names, so Thai never shows as boxes', async () => {
    const context = setup()
    const stylesheet = await (await context.app.request(demoStoreStylesheetPath)).text()
    const fontPaths = [...stylesheet.matchAll(/url\('([^']+)'\)/g)].map((match) => match[1] ?? '')
    expect(fontPaths).toHaveLength(2)
    for (const fontPath of fontPaths) {
      const response = await context.app.request(fontPath)
      expect(response.status).toBe(200)
      expect(response.headers.get('Content-Type')).toBe('font/woff2')
      // Every WOFF2 file starts with the signature "wOF2".
      expect(new TextDecoder().decode((await response.arrayBuffer()).slice(0, 4))).toBe('wOF2')
    }
    expect((await context.app.request('/demo-store/assets/thai/500')).status).toBe(404)
  })

  it('escapes the merchant, the products and the sub-id', async () => {
    const context = setup()
    const subId = `"><script>alert('x')</script>`
    const response = await context.app.request(
      `/demo-store/${trickyMerchantId}?${new URLSearchParams({ aff_sub: subId }).toString()}`,
    )
    expect(response.status).toBe(200)
    const page = await response.text()
    expect(page).not.toContain('<script')
    expect(page).not.toContain('<b>')
    expect(page).not.toContain('<i>')
    expect(page).toContain('Tom &amp; &quot;Jerry&quot; &lt;script&gt;alert(1)&lt;/script&gt;')
    expect(page).toContain('ร้าน &lt;b&gt;ตัวหนา&lt;/b&gt;')
    expect(page).toContain('Book &#39;quoted&#39; &lt;/li&gt;')
    expect(page).toContain('value="&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"')
  })

  it('says when the shopper came without a sub-id', async () => {
    const page = await (await setup().app.request(`/demo-store/${merchantId}`)).text()
    expect(page).toContain('No NgernKhuen sub-id (aff_sub)')
    expect(page).not.toContain('name="click_id"')
  })

  it('answers unknown and malformed merchants with a 404 page', async () => {
    const context = setup()
    for (const id of ['ffffffffffffffffffffffff', 'nope', merchantId.toUpperCase()]) {
      const response = await context.app.request(`/demo-store/${id}`)
      expect(response.status, id).toBe(404)
      expect(response.headers.get('Content-Type')).toMatch(/^text\/html/)
      expect(await response.text()).toContain('Store not found')
    }
  })
})

describe('buying', () => {
  it("creates a TRACKING → PENDING transaction for the click's buyer through the signed postback endpoint", async () => {
    const context = setup()
    const { buyerId, storeUrl, clickId } = await clickOut(context, 'store.buyer@example.com')
    const page = await (await context.app.request(storeUrl)).text()
    const [productId] = productIdsOf(page)
    if (productId === undefined) throw new Error('no product on the page')
    const [product] = await database.select().from(products).where(eq(products.id, productId))

    const { orderId, outcome, location } = await buy(context, {
      click_id: clickId,
      product_id: productId,
      quantity: '3',
    })

    expect(outcome).toBe('created')
    // Delivered as a network delivers it: a signed JSON POST to our own origin, without cookies.
    const [delivered] = context.deliveredPostbacks
    if (delivered === undefined) throw new Error('no postback delivered')
    expect(delivered.method).toBe('POST')
    expect(delivered.url).toBe('http://localhost/api/postbacks/demo')
    expect(delivered.headers.get('Cookie')).toBeNull()
    const deliveredBody = new Uint8Array(await delivered.arrayBuffer())
    expect(
      isValidPostbackSignature(demoPostbackSecret, deliveredBody, delivered.headers.get(postbackSignatureHeader) ?? ''),
    ).toBe(true)

    const conversion = await readConversion(orderId)
    expect(conversion).toMatchObject({
      network: 'demo',
      clickId,
      orderId,
      networkStatus: 'pending',
      saleAmount: (product?.price ?? 0) * 3,
    })
    expect(conversion.payload).toMatchObject({ merchant_id: merchantId, product_id: productId, quantity: 3 })
    const [transaction] = await database
      .select()
      .from(cashbackTransactions)
      .where(eq(cashbackTransactions.id, conversion.transactionId ?? ''))
    expect(transaction).toMatchObject({
      buyerId,
      clickId,
      merchantId,
      orderId,
      purchaseAmount: (product?.price ?? 0) * 3,
      status: 'PENDING',
    })
    const history = await database
      .select({ kind: cashbackTransactionEvents.kind, actor: cashbackTransactionEvents.actor })
      .from(cashbackTransactionEvents)
      .where(eq(cashbackTransactionEvents.transactionId, transaction?.id ?? ''))
      .orderBy(asc(cashbackTransactionEvents.id))
    expect(history).toEqual([
      { kind: 'TRACKING', actor: 'network:demo' },
      { kind: 'PENDING', actor: 'network:demo' },
    ])

    const orderPage = await context.app.request(location)
    expect(orderPage.status).toBe(200)
    const orderHtml = await orderPage.text()
    expect(orderHtml).toContain(orderId)
    expect(orderHtml).toContain('Postback outcome: <strong>created</strong>')
    expect(orderHtml).toContain(transaction?.id ?? '-')
    expect(orderHtml).toContain('href="/cashback"')
    expect(orderHtml).toContain('กลับไปที่ เงินคืน / Back to NgernKhuen')
    for (const label of ['Merchant confirms (approved)', 'Item returned', 'Order cancelled (cancelled)']) {
      expect(orderHtml).toContain(label)
    }
  })

  it("sends the network's later updates from the order page: approved, then a refused cancellation", async () => {
    const context = setup()
    const { clickId } = await clickOut(context, 'store.updates@example.com')
    const [product] = await database.select().from(products).where(eq(products.merchantId, merchantId)).limit(1)
    const { orderId } = await buy(context, { click_id: clickId, product_id: product?.id ?? '', quantity: '1' })
    const updatesPath = `/demo-store/${merchantId}/orders/${orderId}/updates`

    const approved = await context.app.request(updatesPath, form({ status: 'approved' }))
    expect(approved.status).toBe(303)
    expect(approved.headers.get('Location')).toBe(`/demo-store/${merchantId}/orders/${orderId}?outcome=updated`)
    const conversion = await readConversion(orderId)
    expect(conversion.networkStatus).toBe('approved')
    const [transaction] = await database
      .select({ status: cashbackTransactions.status })
      .from(cashbackTransactions)
      .where(eq(cashbackTransactions.id, conversion.transactionId ?? ''))
    expect(transaction?.status).toBe('APPROVED')

    const cancelled = await context.app.request(updatesPath, form({ status: 'cancelled' }))
    expect(cancelled.headers.get('Location')).toMatch(/\?outcome=ignored$/)
    const page = await (await context.app.request(cancelled.headers.get('Location') ?? '')).text()
    expect(page).toContain('Postback outcome: <strong>ignored</strong>')
    expect(page).toContain('invalid_transition')

    const returned = await context.app.request(updatesPath, form({ status: 'rejected' }))
    expect(returned.headers.get('Location')).toMatch(/\?outcome=updated$/)
    const [rejected] = await database
      .select()
      .from(cashbackTransactions)
      .where(eq(cashbackTransactions.id, conversion.transactionId ?? ''))
    expect(rejected).toMatchObject({
      status: 'REJECTED',
      rejectionReason: 'Item returned',
      reasonCode: 'item_returned',
    })
  })

  it('sends the item and pieces, so a sixth piece of one product on one day earns nothing', async () => {
    const context = setup()
    const { clickId } = await clickOut(context, 'store.item.limit@example.com')
    const [product] = await database.select().from(products).where(eq(products.merchantId, merchantId)).limit(1)
    const productId = product?.id ?? ''

    const five = await buy(context, { click_id: clickId, product_id: productId, quantity: '5' })
    const sixth = await buy(context, { click_id: clickId, product_id: productId, quantity: '1' })

    for (const { orderId } of [five, sixth]) {
      expect((await readConversion(orderId)).payload).toMatchObject({ sku: productId })
    }
    const statusOf = async (orderId: string) => {
      const conversion = await readConversion(orderId)
      const [transaction] = await database
        .select()
        .from(cashbackTransactions)
        .where(eq(cashbackTransactions.id, conversion.transactionId ?? ''))
      return transaction
    }
    expect(await statusOf(five.orderId)).toMatchObject({ status: 'PENDING', sku: productId, quantity: 5 })
    expect(await statusOf(sixth.orderId)).toMatchObject({ status: 'CANCELLED', sku: productId, quantity: 1 })
  })

  it('still works without a sub-id, and the order shows as unmatched', async () => {
    const context = setup()
    const [product] = await database.select().from(products).where(eq(products.merchantId, merchantId)).limit(1)
    const { orderId, outcome, location } = await buy(context, { product_id: product?.id ?? '', quantity: '2' })
    expect(outcome).toBe('unmatched')
    expect((await readConversion(orderId)).transactionId).toBeNull()
    const page = await (await context.app.request(location)).text()
    expect(page).toContain('Postback outcome: <strong>unmatched</strong>')
    expect(page).toContain('ไม่ถูกจับคู่ / unmatched')
  })

  it('refuses a bad form with a 400 page and sends no postback', async () => {
    const context = setup()
    const [product] = await database.select().from(products).where(eq(products.merchantId, merchantId)).limit(1)
    const productId = product?.id ?? ''
    const invalidForms: Record<string, string>[] = [
      { product_id: productId, quantity: '6' },
      { product_id: productId, quantity: '0' },
      { product_id: productId, quantity: 'one' },
      { product_id: productId },
      { product_id: trickyProductId, quantity: '1' },
      { product_id: 'nope', quantity: '1' },
      { click_id: 'x'.repeat(101), product_id: productId, quantity: '1' },
    ]
    for (const fields of invalidForms) {
      const response = await context.app.request(`/demo-store/${merchantId}/orders`, form(fields))
      expect(response.status, JSON.stringify(fields)).toBe(400)
      expect(await response.text()).toContain('Order not placed')
    }
    const unknownStatus = await context.app.request(
      `/demo-store/${merchantId}/orders/DS-000000000000/updates`,
      form({ status: 'approved' }),
    )
    expect(unknownStatus.status).toBe(404)
    expect(context.deliveredPostbacks).toEqual([])
  })

  it('refuses forms posted from another site', async () => {
    const context = setup()
    const [product] = await database.select().from(products).where(eq(products.merchantId, merchantId)).limit(1)
    const response = await context.app.request(
      `/demo-store/${merchantId}/orders`,
      form({ product_id: product?.id ?? '', quantity: '1' }, { Origin: 'https://evil.example' }),
    )
    expect(response.status).toBe(403)
    expect(context.deliveredPostbacks).toEqual([])
  })

  it('posts back through the app itself, never to the origin a request names', async () => {
    // Behind a forged Host (or a proxy that maps ports or terminates TLS) the request's origin
    // is not this server: posting there would be a blind SSRF or a postback into the void.
    const [product] = await database.select().from(products).where(eq(products.merchantId, merchantId)).limit(1)
    const forged = {
      url: `http://attacker.example:8443/demo-store/${merchantId}/orders`,
      headers: { Host: 'attacker.example:8443', 'X-Forwarded-Proto': 'https' },
    }

    const recorded = setup()
    const response = await recorded.app.request(
      forged.url,
      form({ product_id: product?.id ?? '', quantity: '1' }, forged.headers),
    )
    expect(response.status).toBe(303)
    expect(recorded.deliveredPostbacks.map((request) => request.url)).toEqual([demoPostbackUrl])

    // The app's default delivery (no test hook): its own handler, signature check included.
    const ownDelivery = setup({ sendPostback: undefined })
    const delivered = await ownDelivery.app.request(
      forged.url,
      form({ product_id: product?.id ?? '', quantity: '2' }, forged.headers),
    )
    expect(delivered.status).toBe(303)
    const orderId = /orders\/(DS-[0-9A-F]{12})\?outcome=unmatched$/.exec(delivered.headers.get('Location') ?? '')?.[1]
    expect((await readConversion(orderId ?? '')).networkStatus).toBe('pending')
  })

  it('says so when the postback is refused, as a network would see it', async () => {
    const context = setup({ maintenance: true })
    const [product] = await database.select().from(products).where(eq(products.merchantId, merchantId)).limit(1)
    const response = await context.app.request(
      `/demo-store/${merchantId}/orders`,
      form({ product_id: product?.id ?? '', quantity: '1' }),
    )
    expect(response.status).toBe(502)
    const page = await response.text()
    expect(page).toContain('The postback to NgernKhuen failed')
    expect(page).toContain('HTTP 503')
  })

  it('does not show an order of another store or an unknown one', async () => {
    const context = setup()
    const [product] = await database.select().from(products).where(eq(products.merchantId, merchantId)).limit(1)
    const { orderId } = await buy(context, { product_id: product?.id ?? '', quantity: '1' })
    for (const path of [
      `/demo-store/${trickyMerchantId}/orders/${orderId}`,
      `/demo-store/${merchantId}/orders/DS-FFFFFFFFFFFF`,
      `/demo-store/${merchantId}/orders/${orderId.toLowerCase()}`,
    ]) {
      const response = await context.app.request(path)
      expect(response.status, path).toBe(404)
      expect(await response.text()).toContain('Order not found')
    }
  })
})

describe('production mode', () => {
  it('has neither the demo store nor the demo network', async () => {
    const production = parseEnvironment({
      APP_MODE: 'production',
      DATABASE_URL: 'postgres://app:secret@db:5432/ngernkhuen',
      AUTH_SECRET: 'k3Vq9x2LmN8pR4sT6uW1yZ0aB5cD7eF9gH2jK4',
      SMTP_URL: 'smtps://mailer:secret@smtp.example.com:465',
      MAIL_FROM: 'NgernKhuen <no-reply@example.com>',
      POSTBACK_SECRETS: 'involve-asia=ia-production-secret-7Hq2Lw9Zr4Tx8Mv1Nc6Pb3Ks5',
      PROOF_STORAGE: 'filesystem',
      PROOF_DIR: '/mnt/shared/proofs',
      PICTURE_STORAGE: 'filesystem',
      PICTURE_DIR: '/mnt/shared/pictures',
      VAPID_PUBLIC_KEY: 'BA2seXgPhO29W1NFby3NaPLyE26G3RIotv4YUnipE_6xbGbuhkUTsKo7OIRDzYHj71Bm6A6vrZj5PofCCegG7Nw',
      VAPID_PRIVATE_KEY: 'UhP6XIahmvxTCvseCtWNxp9J7rUkT61ZDyVrNcZ3DZ8',
      VAPID_SUBJECT: 'mailto:push@example.com',
    })
    const { app } = setup({ appMode: 'production', postbacks: createPostbackConfig(production.postbackSecrets) })

    for (const path of [`/demo-store/${merchantId}`, demoStoreStylesheetPath]) {
      expect((await app.request(path)).status, path).toBe(404)
    }
    expect((await app.request(`/demo-store/${merchantId}/orders`, form({ quantity: '1' }))).status).toBe(404)
    const demoPostback = await app.request('/api/postbacks/demo', signedPostback('{}', { secret: demoPostbackSecret }))
    expect(demoPostback.status).toBe(404)
    expect((await readErrorBody(demoPostback)).error.code).toBe('unknown_network')
  })
})
