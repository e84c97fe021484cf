import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { supportPurchasePageSchema } from '#domain/support/chat'
import { setBuyerStatus } from '#server/buyers/buyer-records'
import { merchantLogoUrl } from '#server/catalogue/catalogue-urls'
import { signIn } from '#server/test/accounts'
import { createTestApp, readErrorBody } from '#server/test/app'
import { recordTestPurchase, useTestDatabaseWithMerchant } from '#server/test/cashback'
import { supportShopper } from '#server/test/support'

/** `GET /api/support/{buyerId}/purchases`: what the chat's purchase picker lists (domain/support/chat.ts). */

const { database, merchant } = useTestDatabaseWithMerchant()

let shopperCounter = 0

async function newShopper(app: ReturnType<typeof createTestApp>) {
  shopperCounter += 1
  const { cookie, buyer } = await signIn(app, `chat.purchases.${shopperCounter}.${process.pid}@example.co.th`)
  return { cookie, buyerId: buyer.buyerId, ...supportShopper(app, { cookie, buyerId: buyer.buyerId }) }
}

async function purchasePage(shopper: Awaited<ReturnType<typeof newShopper>>, query = '') {
  const response = await shopper.get(`/purchases${query}`)
  expect(response.status).toBe(200)
  return v.parse(supportPurchasePageSchema, await response.json())
}

/** Purchases of the buyer ordered on the days given (of November 2026), in that order. */
async function purchasesOn(buyerId: string, days: number[]) {
  const recorded = []
  for (const day of days) {
    const now = new Date(Date.UTC(2026, 10, day, 3))
    recorded.push(
      await recordTestPurchase(database(), { buyerId, merchantId: merchant().id, purchaseAmount: 100_000, now }),
    )
  }
  return recorded
}

describe("the support chat's purchase list", () => {
  it("lists the shopper's own purchases, newest order first, as a message would carry them with the logo", async () => {
    const app = createTestApp(database())
    const shopper = await newShopper(app)
    const other = await newShopper(app)
    const [older, newer] = await purchasesOn(shopper.buyerId, [2, 9])
    const [foreign] = await purchasesOn(other.buyerId, [5])
    if (older === undefined || newer === undefined) throw new Error('no purchases recorded')

    const page = await purchasePage(shopper)
    expect(page.data.map((purchase) => purchase.id)).toEqual([newer.id, older.id])
    expect(page.nextBefore).toBeNull()
    expect(page.data[0]).toEqual({
      id: newer.id,
      merchantNameTh: expect.stringContaining('ร้านทดสอบ'),
      merchantNameEn: expect.any(String),
      orderId: newer.orderId,
      orderDate: newer.orderDate.toISOString(),
      status: 'TRACKING',
      cashbackAmount: newer.cashbackAmount,
      merchantLogoUrl: merchantLogoUrl(merchant().id),
    })
    expect((await purchasePage(other)).data.map((purchase) => purchase.id)).toEqual([foreign?.id])
    expect((await purchasePage(await newShopper(app))).data).toEqual([])
  })

  it('pages with the cursor, without repeating or missing a purchase of the same order date', async () => {
    const app = createTestApp(database())
    const shopper = await newShopper(app)
    const recorded = await purchasesOn(shopper.buyerId, [1, 3, 3, 3, 7])
    const expected = [...recorded]
      .sort(
        (left, right) =>
          right.orderDate.getTime() - left.orderDate.getTime() ||
          (right.id < left.id ? -1 : right.id > left.id ? 1 : 0),
      )
      .map((purchase) => purchase.id)

    const seen: string[] = []
    let query = '?limit=2'
    for (let pages = 0; pages < 5; pages += 1) {
      const page = await purchasePage(shopper, query)
      expect(page.data.length).toBeLessThanOrEqual(2)
      seen.push(...page.data.map((purchase) => purchase.id))
      if (page.nextBefore === null) break
      expect(page.nextBefore).toMatch(/^\d{1,13}\.[0-9a-f]{24}$/)
      query = `?limit=2&before=${page.nextBefore}`
    }
    expect(seen).toEqual(expected)
    expect((await purchasePage(shopper)).data).toHaveLength(5)
  })

  it('lists them for a suspended shopper too, whom the cashback lists refuse', async () => {
    const app = createTestApp(database())
    const shopper = await newShopper(app)
    const [purchase] = await purchasesOn(shopper.buyerId, [4])
    await setBuyerStatus(database(), { buyerId: shopper.buyerId, status: 'suspended', reason: 'test', actor: 'test' })
    const cashback = await app.request(`/api/cashback/${shopper.buyerId}/transactions`, {
      headers: { Cookie: shopper.cookie },
    })
    expect((await readErrorBody(cashback)).error.code).toBe('buyer_suspended')
    expect((await purchasePage(shopper)).data.map((found) => found.id)).toEqual([purchase?.id])
  })

  it('keeps strangers out and every shopper to their own list', async () => {
    const app = createTestApp(database())
    const shopper = await newShopper(app)
    const other = await newShopper(app)
    const url = `/api/support/${shopper.buyerId}/purchases`
    const anonymous = await app.request(url)
    expect(anonymous.status).toBe(401)
    expect((await readErrorBody(anonymous)).error.code).toBe('unauthenticated')
    const foreign = await app.request(url, { headers: { Cookie: other.cookie } })
    expect(foreign.status).toBe(403)
    expect((await readErrorBody(foreign)).error.code).toBe('forbidden')
  })

  it('refuses a cursor or limit it never gave with 400, never a 500', async () => {
    const app = createTestApp(database())
    const shopper = await newShopper(app)
    const id = 'a'.repeat(24)
    const bad = [
      `before=${'9'.repeat(15)}.${id}`,
      `before=${'9'.repeat(14)}.${id}`,
      `before=1.${'a'.repeat(23)}`,
      `before=1.${'A'.repeat(24)}`,
      `before=-1.${id}`,
      `before=1_${id}`,
      'before=',
      'before=x',
      'limit=0',
      'limit=51',
      'limit=x',
      'limit=-1',
    ]
    for (const query of bad) {
      const response = await shopper.get(`/purchases?${query}`)
      expect(response.status, query).toBe(400)
      expect((await readErrorBody(response)).error.code).toBe('invalid_request')
    }
    expect((await purchasePage(shopper, `?limit=50&before=${'9'.repeat(13)}.${id}`)).data).toEqual([])
    expect((await purchasePage(shopper, `?before=0.${id}`)).nextBefore).toBeNull()
  })
})
