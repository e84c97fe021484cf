import { asc, count, eq } from 'drizzle-orm'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { postbackResponseSchema, type PostbackBodyInput, type PostbackResponse } from '#domain/contracts/postback'
import { setBuyerStatus } from '#server/buyers/buyer-records'
import { recordClick, type ClickRecord } from '#server/clicks/click-records'
import type { Database } from '#server/db/database'
import {
  cashbackTransactionEvents,
  cashbackTransactions,
  conversions,
  products,
  walletLedgerEntries,
} from '#server/db/schema'
import { runOperatorCommand } from '#server/operator-commands'
import { demoNetworkName, demoPostbackSecret } from '#server/postbacks/postback-secrets'
import { signPostbackBody } from '#server/postbacks/postback-signature'
import { seedCatalogueIfEmpty } from '#server/seed/seed-catalogue'
import { signIn } from '#server/test/accounts'
import { readErrorBody } from '#server/test/app'
import { createTestDatabase, type TestDatabase } from '#server/test/database'
import {
  createPostbackTestApp,
  signedPostback,
  testNetworkName,
  testNetworkSecret,
  unixSeconds,
} from '#server/test/postbacks'

let testDatabase: TestDatabase
let database: Database
let merchantId: string
let productId: string

beforeAll(async () => {
  testDatabase = await createTestDatabase()
  database = testDatabase.connection.database
  await seedCatalogueIfEmpty(database, { size: { merchantCount: 14, productCount: 80 } })
  const [product] = await database
    .select({ id: products.id, merchantId: products.merchantId })
    .from(products)
    .orderBy(asc(products.id))
    .limit(1)
  if (product === undefined) throw new Error('no product seeded')
  merchantId = product.merchantId
  productId = product.id
})
afterAll(() => testDatabase.dispose())

const path = `/api/postbacks/${testNetworkName}`
let conversionCounter = 0

function setup() {
  return createPostbackTestApp(database)
}

type Setup = ReturnType<typeof setup>

/** A signed-in buyer and a click of theirs, as `/go` would have recorded it. */
async function buyerWithClick({ app, clock }: Setup, email: string): Promise<{ buyerId: string; click: ClickRecord }> {
  const { buyer } = await signIn(app, email)
  const click = await recordClick(database, {
    buyerId: buyer.buyerId,
    merchantId,
    productId,
    userAgent: 'test',
    now: clock.now(),
  })
  return { buyerId: buyer.buyerId, click }
}

function postbackBody(setup: Setup, fields: Partial<PostbackBodyInput> & { click_id: string }): PostbackBodyInput {
  conversionCounter += 1
  return {
    conversion_id: `conv-${conversionCounter}`,
    order_id: `order-${conversionCounter}`,
    status: 'pending',
    sale_amount: '1290.00',
    currency: 'THB',
    timestamp: unixSeconds(setup.clock),
    ...fields,
  }
}

async function post(setup: Setup, body: PostbackBodyInput): Promise<PostbackResponse> {
  const response = await setup.app.request(path, signedPostback({ ...body, timestamp: unixSeconds(setup.clock) }))
  expect(response.status, JSON.stringify(body)).toBe(200)
  return v.parse(postbackResponseSchema, await response.json())
}

async function expectRefusal(response: Response, status: number, code: string) {
  expect(response.status).toBe(status)
  expect(response.headers.get('Content-Type')).toMatch(/^application\/json/)
  expect((await readErrorBody(response)).error.code).toBe(code)
}

async function rowCounts() {
  const [[conversionRows], [transactionRows], [eventRows], [ledgerRows]] = await Promise.all([
    database.select({ count: count() }).from(conversions),
    database.select({ count: count() }).from(cashbackTransactions),
    database.select({ count: count() }).from(cashbackTransactionEvents),
    database.select({ count: count() }).from(walletLedgerEntries),
  ])
  return {
    conversions: conversionRows?.count,
    transactions: transactionRows?.count,
    events: eventRows?.count,
    ledger: ledgerRows?.count,
  }
}

async function readConversion(conversionId: string) {
  const [row] = await database.select().from(conversions).where(eq(conversions.conversionId, conversionId))
  if (row === undefined) throw new Error(`no conversion ${conversionId}`)
  return row
}

async function readTransaction(transactionId: string | null) {
  if (transactionId === null) throw new Error('no transaction id')
  const [row] = await database.select().from(cashbackTransactions).where(eq(cashbackTransactions.id, transactionId))
  if (row === undefined) throw new Error(`no transaction ${transactionId}`)
  return row
}

async function readHistory(transactionId: string | null) {
  if (transactionId === null) throw new Error('no transaction id')
  return database
    .select()
    .from(cashbackTransactionEvents)
    .where(eq(cashbackTransactionEvents.transactionId, transactionId))
    .orderBy(asc(cashbackTransactionEvents.id))
}

describe('signed JSON postbacks', () => {
  it("records a purchase for the click's buyer: TRACKING then the network's status, answered after commit", async () => {
    const context = setup()
    const { buyerId, click } = await buyerWithClick(context, 'postback.created@example.com')
    const body = postbackBody(context, {
      click_id: click.id,
      sale_amount: '1234.50',
      payout: '61.73',
      order_time: '2026-11-14T10:30:00.000Z',
    })

    const answer = await post(context, body)

    expect(answer.outcome).toBe('created')
    const transaction = await readTransaction(answer.transactionId)
    expect(transaction).toMatchObject({
      buyerId,
      clickId: click.id,
      merchantId,
      productId,
      orderId: body.order_id,
      orderDate: new Date('2026-11-14T10:30:00.000Z'),
      purchaseAmount: 123_450,
      status: 'PENDING',
    })
    const history = await readHistory(answer.transactionId)
    expect(history.map((event) => [event.kind, event.actor])).toEqual([
      ['TRACKING', `network:${testNetworkName}`],
      ['PENDING', `network:${testNetworkName}`],
    ])
    const conversion = await readConversion(body.conversion_id)
    expect(conversion).toMatchObject({
      network: testNetworkName,
      clickId: click.id,
      orderId: body.order_id,
      networkStatus: 'pending',
      saleAmount: 123_450,
      payout: 6_173,
      currency: 'THB',
      transactionId: answer.transactionId,
      ignoredReason: null,
    })
    // The raw body is kept as received, including fields we do not read.
    expect(conversion.payload).toMatchObject({ conversion_id: body.conversion_id, sale_amount: '1234.50' })
  })

  it('uses the time we heard of the purchase when the network leaves out order_time', async () => {
    const context = setup()
    const { click } = await buyerWithClick(context, 'postback.no-order-time@example.com')
    const answer = await post(context, postbackBody(context, { click_id: click.id }))
    expect((await readTransaction(answer.transactionId)).orderDate).toEqual(context.clock.now())
  })

  it('answers a replay with unchanged and writes nothing', async () => {
    const context = setup()
    const { click } = await buyerWithClick(context, 'postback.replay@example.com')
    const body = postbackBody(context, { click_id: click.id })
    const first = await post(context, body)
    const before = await rowCounts()
    const conversionBefore = await readConversion(body.conversion_id)
    const transactionBefore = await readTransaction(first.transactionId)

    context.clock.advance(60_000)
    // The very same request (a network retry) and the same news sent again later.
    const exactReplay = signedPostback({ ...body, timestamp: unixSeconds(context.clock) })
    for (const init of [exactReplay, exactReplay]) {
      const response = await context.app.request(path, init)
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual({ outcome: 'unchanged', transactionId: first.transactionId })
    }
    expect(await post(context, body)).toEqual({ outcome: 'unchanged', transactionId: first.transactionId })

    expect(await rowCounts()).toEqual(before)
    expect(await readConversion(body.conversion_id)).toEqual(conversionBefore)
    expect(await readTransaction(first.transactionId)).toEqual(transactionBefore)
  })

  it('moves the transaction forward: pending → approved (updated), then paid is the same news', async () => {
    const context = setup()
    const { click } = await buyerWithClick(context, 'postback.forward@example.com')
    const body = postbackBody(context, { click_id: click.id })
    const created = await post(context, body)

    context.clock.advance(3_600_000)
    expect(await post(context, { ...body, status: 'approved' })).toEqual({
      outcome: 'updated',
      transactionId: created.transactionId,
    })
    expect((await readTransaction(created.transactionId)).status).toBe('APPROVED')
    expect((await readConversion(body.conversion_id)).networkStatus).toBe('approved')

    expect(await post(context, { ...body, status: 'paid' })).toEqual({
      outcome: 'unchanged',
      transactionId: created.transactionId,
    })
    expect((await readHistory(created.transactionId)).map((event) => event.kind)).toEqual([
      'TRACKING',
      'PENDING',
      'APPROVED',
    ])
    // What the network said last is kept on the conversion, even when it changed nothing for us.
    expect((await readConversion(body.conversion_id)).networkStatus).toBe('paid')
  })

  it('accepts a first postback that is already approved', async () => {
    const context = setup()
    const { click } = await buyerWithClick(context, 'postback.approved-first@example.com')
    const answer = await post(context, postbackBody(context, { click_id: click.id, status: 'approved' }))
    expect(answer.outcome).toBe('created')
    expect((await readTransaction(answer.transactionId)).status).toBe('APPROVED')
  })

  it('answers a change the state machine refuses with 200 ignored, keeping the reason on the conversion', async () => {
    const context = setup()
    const { click } = await buyerWithClick(context, 'postback.ignored@example.com')
    const body = postbackBody(context, { click_id: click.id, status: 'cancelled' })
    const created = await post(context, body)
    expect((await readTransaction(created.transactionId)).status).toBe('CANCELLED')
    const eventsBefore = (await readHistory(created.transactionId)).length

    const ignored = await post(context, { ...body, status: 'approved' })

    expect(ignored).toEqual({ outcome: 'ignored', transactionId: created.transactionId })
    expect((await readTransaction(created.transactionId)).status).toBe('CANCELLED')
    expect(await readHistory(created.transactionId)).toHaveLength(eventsBefore)
    // The conversion keeps what was applied, and the refusal.
    expect(await readConversion(body.conversion_id)).toMatchObject({
      networkStatus: 'cancelled',
      ignoredReason: 'invalid_transition',
    })
    // A later update the machine accepts clears the refusal.
    expect(await post(context, { ...body, status: 'cancelled' })).toMatchObject({ outcome: 'unchanged' })
    expect((await readConversion(body.conversion_id)).ignoredReason).toBeNull()
  })

  it('keeps the applied status, amount and payload when a late update is ignored', async () => {
    const context = setup()
    const { click } = await buyerWithClick(context, 'postback.late@example.com')
    const pending = postbackBody(context, { click_id: click.id, status: 'pending', sale_amount: '1000.00' })
    const created = await post(context, pending)
    const approved = { ...pending, status: 'approved' as const, sale_amount: '900.00', reason: 'Confirmed' }
    expect((await post(context, approved)).outcome).toBe('updated')
    const applied = await readConversion(pending.conversion_id)
    expect(applied).toMatchObject({ networkStatus: 'approved', saleAmount: 90_000, reason: 'Confirmed' })

    // The network's retry queue delivers the old `pending` after the approval, a minute later.
    context.clock.advance(60_000)
    const late = await post(context, { ...pending, sale_amount: '1000.00', order_time: '2026-01-02T03:04:05Z' })

    expect(late).toEqual({ outcome: 'ignored', transactionId: created.transactionId })
    expect((await readTransaction(created.transactionId)).status).toBe('APPROVED')
    const kept = await readConversion(pending.conversion_id)
    expect(kept).toEqual({
      ...applied,
      ignoredReason: 'invalid_transition',
      updatedAt: context.clock.now(),
    })
    // The same late update again writes nothing more.
    context.clock.advance(60_000)
    expect((await post(context, { ...pending })).outcome).toBe('ignored')
    expect(await readConversion(pending.conversion_id)).toEqual(kept)
  })

  it("tells the shopper why as a reason code from the network's words, and keeps the words for operators", async () => {
    const context = setup()
    const { click } = await buyerWithClick(context, 'postback.rejected@example.com')
    const withReason = await post(
      context,
      postbackBody(context, { click_id: click.id, status: 'rejected', reason: 'Order not paid' }),
    )
    expect(await readTransaction(withReason.transactionId)).toMatchObject({
      status: 'REJECTED',
      reasonCode: 'order_not_paid',
      rejectionReason: 'Order not paid',
      ratingOutcome: 'returned',
    })
    const inThai = await post(
      context,
      postbackBody(context, { click_id: click.id, status: 'rejected', reason: 'ลูกค้าใช้คูปองที่ร้านไม่อนุญาต' }),
    )
    expect(await readTransaction(inThai.transactionId)).toMatchObject({
      reasonCode: 'coupon_not_allowed',
      rejectionReason: 'ลูกค้าใช้คูปองที่ร้านไม่อนุญาต',
    })
    for (const reason of [undefined, '   ']) {
      const withoutReason = await post(
        context,
        postbackBody(context, { click_id: click.id, status: 'rejected', reason }),
      )
      expect(await readTransaction(withoutReason.transactionId)).toMatchObject({
        reasonCode: 'other',
        rejectionReason: 'Rejected by the merchant',
      })
    }
  })

  it("gives a network's cancellation order_cancelled, unless its words say more", async () => {
    const context = setup()
    const { click } = await buyerWithClick(context, 'postback.cancelled@example.com')
    const plain = await post(context, postbackBody(context, { click_id: click.id, status: 'cancelled' }))
    expect(await readTransaction(plain.transactionId)).toMatchObject({
      status: 'CANCELLED',
      reasonCode: 'order_cancelled',
    })
    const unpaid = await post(
      context,
      postbackBody(context, { click_id: click.id, status: 'cancelled', reason: 'Unpaid order' }),
    )
    expect(await readTransaction(unpaid.transactionId)).toMatchObject({
      status: 'CANCELLED',
      reasonCode: 'order_not_paid',
    })
  })

  it('keeps the amount first recorded when a later update reports another one', async () => {
    const context = setup()
    const { click } = await buyerWithClick(context, 'postback.amount@example.com')
    const body = postbackBody(context, { click_id: click.id, sale_amount: '1000.00' })
    const created = await post(context, body)
    const { cashbackAmount } = await readTransaction(created.transactionId)

    const updated = await post(context, { ...body, status: 'approved', sale_amount: '800.00' })

    expect(updated.outcome).toBe('updated')
    expect(await readTransaction(created.transactionId)).toMatchObject({ purchaseAmount: 100_000, cashbackAmount })
    expect((await readConversion(body.conversion_id)).saleAmount).toBe(80_000)
  })

  it("records a suspended buyer's purchase too", async () => {
    const context = setup()
    const { buyerId, click } = await buyerWithClick(context, 'postback.suspended@example.com')
    await setBuyerStatus(database, { buyerId, status: 'suspended', reason: 'Fraud check', actor: 'test' })
    const answer = await post(context, postbackBody(context, { click_id: click.id }))
    expect(answer.outcome).toBe('created')
    expect((await readTransaction(answer.transactionId)).buyerId).toBe(buyerId)
  })

  it('gives each item of one order its own transaction, amount and status', async () => {
    const context = setup()
    const { click } = await buyerWithClick(context, 'postback.items@example.com')
    const first = await post(
      context,
      postbackBody(context, { click_id: click.id, order_id: 'multi-item-order', sale_amount: '100.00' }),
    )
    const second = await post(
      context,
      postbackBody(context, {
        click_id: click.id,
        order_id: 'multi-item-order',
        sale_amount: '250.00',
        status: 'approved',
      }),
    )
    expect(first.outcome).toBe('created')
    expect(second.outcome).toBe('created')
    expect(second.transactionId).not.toBe(first.transactionId)
    const [firstRow, secondRow] = [
      await readTransaction(first.transactionId),
      await readTransaction(second.transactionId),
    ]
    expect([firstRow.purchaseAmount, firstRow.status]).toEqual([10_000, 'PENDING'])
    expect([secondRow.purchaseAmount, secondRow.status]).toEqual([25_000, 'APPROVED'])
  })

  it('creates one transaction when the same conversion arrives several times at once', async () => {
    const context = setup()
    const { click } = await buyerWithClick(context, 'postback.parallel@example.com')
    const body = postbackBody(context, { click_id: click.id })
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(context, body)))
    expect(answers.map((answer) => answer.outcome).sort()).toEqual([
      'created',
      'unchanged',
      'unchanged',
      'unchanged',
      'unchanged',
    ])
    expect(new Set(answers.map((answer) => answer.transactionId)).size).toBe(1)
    const [row] = await database
      .select({ count: count() })
      .from(cashbackTransactions)
      .where(eq(cashbackTransactions.clickId, click.id))
    expect(row?.count).toBe(1)
  })
})

describe('unmatched conversions', () => {
  it('keeps a conversion that lost its sub-id instead of refusing it', async () => {
    const context = setup()
    const body = postbackBody(context, { click_id: '' })
    expect(await post(context, body)).toEqual({ outcome: 'unmatched', transactionId: null })
    expect(await readConversion(body.conversion_id)).toMatchObject({ clickId: '', transactionId: null })
  })

  it('keeps a conversion of an unknown click for an operator, and a repeat writes nothing', async () => {
    const context = setup()
    const body = postbackBody(context, { click_id: 'ffffffffffffffffffffffff' })
    const transactionsBefore = (await rowCounts()).transactions

    expect(await post(context, body)).toEqual({ outcome: 'unmatched', transactionId: null })
    const conversion = await readConversion(body.conversion_id)
    expect(conversion).toMatchObject({
      clickId: 'ffffffffffffffffffffffff',
      transactionId: null,
      networkStatus: 'pending',
    })

    // Listed for operators by `npm run ops -- conversions unmatched`.
    const listing = await runOperatorCommand({ name: 'conversions', action: 'unmatched', limit: 100 }, database)
    expect(listing).toContain(`conversion ${body.conversion_id}`)
    expect(listing).toContain('click ffffffffffffffffffffffff')

    const before = await rowCounts()
    expect(await post(context, body)).toEqual({ outcome: 'unmatched', transactionId: null })
    expect(await rowCounts()).toEqual(before)
    expect(before.transactions).toBe(transactionsBefore)
    expect(await readConversion(body.conversion_id)).toEqual(conversion)

    // A later status is still recorded on the conversion.
    expect(await post(context, { ...body, status: 'approved' })).toEqual({ outcome: 'unmatched', transactionId: null })
    expect((await readConversion(body.conversion_id)).networkStatus).toBe('approved')
  })
})

describe('refusals', () => {
  it('refuses a missing, wrong or foreign signature, and a body changed after signing (401, nothing written)', async () => {
    const context = setup()
    const { click } = await buyerWithClick(context, 'postback.signature@example.com')
    const body = postbackBody(context, { click_id: click.id })
    const text = JSON.stringify(body)
    const before = await rowCounts()

    const attempts: [string, RequestInit][] = [
      ['missing', { method: 'POST', body: text, headers: { 'Content-Type': 'application/json' } }],
      ['empty', signedPostback(text, { signature: '' })],
      ['not hex', signedPostback(text, { signature: `sha256=${'z'.repeat(64)}` })],
      ['short', signedPostback(text, { signature: 'sha256=abcd' })],
      ['without the scheme', signedPostback(text, { signature: signPostbackBody(testNetworkSecret, text).slice(7) })],
      ['wrong secret', signedPostback(text, { secret: 'x'.repeat(40) })],
      ["the demo network's secret", signedPostback(text, { secret: demoPostbackSecret })],
      [
        'tampered body',
        { ...signedPostback(text), body: text.replace('"1290.00"', '"9999.00"') } satisfies RequestInit,
      ],
    ]
    for (const [label, init] of attempts) {
      const response = await context.app.request(path, init)
      expect(response.status, label).toBe(401)
      expect((await readErrorBody(response)).error.code, label).toBe('invalid_signature')
    }
    // And the other way round: this network's secret does not open the demo network.
    await expectRefusal(
      await context.app.request(`/api/postbacks/${demoNetworkName}`, signedPostback(text)),
      401,
      'invalid_signature',
    )
    expect(await rowCounts()).toEqual(before)
  })

  it('refuses timestamps more than 5 minutes away, in both directions', async () => {
    const context = setup()
    const { click } = await buyerWithClick(context, 'postback.stale@example.com')
    const now = unixSeconds(context.clock)
    for (const timestamp of [now - 301, now + 301, 0]) {
      const response = await context.app.request(
        path,
        signedPostback(postbackBody(context, { click_id: click.id, timestamp })),
      )
      await expectRefusal(response, 401, 'stale_timestamp')
    }
    for (const timestamp of [now - 299, now + 299]) {
      const response = await context.app.request(
        path,
        signedPostback(postbackBody(context, { click_id: click.id, timestamp })),
      )
      expect(response.status, String(timestamp - now)).toBe(200)
    }
  })

  it('answers 404 unknown_network for a network without a secret, before looking at anything else', async () => {
    const context = setup()
    for (const network of ['shopee', 'INVOLVE-ASIA', 'no_such', 'constructor']) {
      await expectRefusal(
        await context.app.request(`/api/postbacks/${network}`, signedPostback('{}')),
        404,
        'unknown_network',
      )
      await expectRefusal(await context.app.request(`/api/postbacks/${network}?token=x`), 404, 'unknown_network')
    }
  })

  it('answers invalid bodies with 400 invalid_request, never 500', async () => {
    const context = setup()
    const valid = postbackBody(context, { click_id: 'ffffffffffffffffffffffff' })
    const invalidBodies: [string, string][] = [
      ['not JSON', '{"conversion_id": '],
      ['empty', ''],
      ['an array', '[]'],
      ['a string', '"pending"'],
      ['null', 'null'],
      ['no fields', '{}'],
      ['a click id that is not text', JSON.stringify({ ...valid, click_id: 42 })],
      ['an empty conversion id', JSON.stringify({ ...valid, conversion_id: '  ' })],
      ['three decimals', JSON.stringify({ ...valid, sale_amount: '12.345' })],
      ['a number amount', JSON.stringify({ ...valid, sale_amount: 12.5 })],
      ['a negative amount', JSON.stringify({ ...valid, sale_amount: '-5.00' })],
      ['an unknown status', JSON.stringify({ ...valid, status: 'shipped' })],
      ['another currency', JSON.stringify({ ...valid, currency: 'USD' })],
      ['a bad order time', JSON.stringify({ ...valid, order_time: 'yesterday' })],
      ['a string timestamp', JSON.stringify({ ...valid, timestamp: String(valid.timestamp) })],
      ['a fractional timestamp', JSON.stringify({ ...valid, timestamp: valid.timestamp + 0.5 })],
      ['a very long reference', JSON.stringify({ ...valid, order_id: 'x'.repeat(101) })],
      // Amounts are stored in 32-bit integer columns.
      ['an amount above the integer column', JSON.stringify({ ...valid, sale_amount: '999999999.99' })],
      ['an amount 1 satang too large', JSON.stringify({ ...valid, sale_amount: '21474836.48' })],
      ['a payout above the integer column', JSON.stringify({ ...valid, payout: '999999999' })],
      // PostgreSQL text and jsonb cannot hold U+0000.
      ['a NUL in the conversion id', JSON.stringify({ ...valid, conversion_id: 'conv-\u0000' })],
      ['a NUL in the order id', JSON.stringify({ ...valid, order_id: '\u0000' })],
      ['a NUL in the click id', JSON.stringify({ ...valid, click_id: 'ffff\u0000' })],
      ['a NUL in the reason', JSON.stringify({ ...valid, status: 'rejected', reason: 'Returned\u0000' })],
      ['a NUL in a field we do not read', JSON.stringify({ ...valid, sub_id2: 'a\u0000b' })],
      ['a NUL deep in a field we do not read', JSON.stringify({ ...valid, extra: { items: [{ sku: '\u0000' }] } })],
      ['a NUL in a key', JSON.stringify({ ...valid, 'sub\u0000id': 'x' })],
      // Nor an unpaired surrogate (jsonb refuses the `\ud800` escape; text would store U+FFFD).
      ['a lone surrogate in the click id', JSON.stringify({ ...valid, click_id: 'ffff\ud800' })],
      ['a lone surrogate in the reason', JSON.stringify({ ...valid, status: 'rejected', reason: '\udc00' })],
      ['a lone surrogate deep in a field we do not read', JSON.stringify({ ...valid, extra: [{ sku: 'a\udbff' }] })],
      ['a lone surrogate in a key', JSON.stringify({ ...valid, 'sub\ud800id': 'x' })],
      // Nesting deeper than maxJsonDepth (once a stack overflow in the check, a 500).
      [
        'a field nested too deep',
        `${JSON.stringify(valid).slice(0, -1)},"extra":${'['.repeat(30_000)}${']'.repeat(30_000)}}`,
      ],
      ['an order time in year 0', JSON.stringify({ ...valid, order_time: '0000-01-01T00:00:00Z' })],
      ['an order time in 9999', JSON.stringify({ ...valid, order_time: '9999-12-31T23:59:59Z' })],
      ['an order time before 2000', JSON.stringify({ ...valid, order_time: '1999-12-31T23:59:59Z' })],
      ['an order time after 2100', JSON.stringify({ ...valid, order_time: '2100-12-31T20:00:00-05:00' })],
    ]
    const before = await rowCounts()
    for (const [label, text] of invalidBodies) {
      const response = await context.app.request(path, signedPostback(text))
      expect(response.status, label).toBe(400)
      expect((await readErrorBody(response)).error.code, label).toBe('invalid_request')
    }
    expect(await rowCounts()).toEqual(before)
    // The bounds themselves are accepted.
    const atBounds = await post(context, {
      ...valid,
      sale_amount: '21474836.47',
      payout: '21474836.47',
      order_time: '2000-01-01T00:00:00Z',
    })
    expect(atBounds.outcome).toBe('unmatched')
    expect(await readConversion(valid.conversion_id)).toMatchObject({
      saleAmount: 2_147_483_647,
      payout: 2_147_483_647,
      orderTime: new Date('2000-01-01T00:00:00Z'),
    })
    const lastYear = postbackBody(context, { click_id: 'ffffffffffffffffffffffff', order_time: '2100-12-31T23:59:59Z' })
    expect((await post(context, lastYear)).outcome).toBe('unmatched')
    const notUtf8 = new Uint8Array([0x7b, 0xff, 0xfe, 0x7d])
    const response = await context.app.request(path, {
      method: 'POST',
      body: notUtf8,
      headers: { 'X-Postback-Signature': signPostbackBody(testNetworkSecret, notUtf8) },
    })
    await expectRefusal(response, 400, 'invalid_request')
  })

  it('refuses bodies over the API limit with 413', async () => {
    const context = setup()
    const text = JSON.stringify({ ...postbackBody(context, { click_id: 'x' }), padding: 'x'.repeat(70_000) })
    await expectRefusal(await context.app.request(path, signedPostback(text)), 413, 'payload_too_large')
  })

  it('lets servers post without Origin or cookies, and answers 503 during maintenance so networks retry', async () => {
    const context = setup()
    const body = postbackBody(context, { click_id: 'ffffffffffffffffffffffff' })
    // Every other test posts this way too; here it is the point.
    const response = await context.app.request(path, signedPostback(body))
    expect(response.status).toBe(200)
    expect(response.headers.get('Set-Cookie')).toBeNull()
    expect(response.headers.get('Cache-Control')).toBe('no-store')

    const maintenance = createPostbackTestApp(database, { maintenance: true })
    const during = await maintenance.app.request(
      path,
      signedPostback(postbackBody(maintenance, { click_id: 'ffffffffffffffffffffffff' })),
    )
    await expectRefusal(during, 503, 'maintenance')
  })
})

describe('GET postbacks with a token', () => {
  function query(fields: Record<string, string>): string {
    return `${path}?${new URLSearchParams(fields).toString()}`
  }

  it("records the conversion with the network's token, and keeps the token out of the stored payload", async () => {
    const context = setup()
    const { buyerId, click } = await buyerWithClick(context, 'postback.get@example.com')
    const fields = {
      conversion_id: 'get-conversion-1',
      click_id: click.id,
      order_id: 'get-order-1',
      status: 'pending',
      sale_amount: '459',
    }

    const response = await context.app.request(query({ ...fields, token: testNetworkSecret }))

    expect(response.status).toBe(200)
    const answer = v.parse(postbackResponseSchema, await response.json())
    expect(answer.outcome).toBe('created')
    expect(await readTransaction(answer.transactionId)).toMatchObject({
      buyerId,
      purchaseAmount: 45_900,
      status: 'PENDING',
    })
    const conversion = await readConversion('get-conversion-1')
    expect(conversion.payload).toEqual(fields)

    // Accesstrade retries: the same request again changes nothing.
    const again = await context.app.request(query({ ...fields, token: testNetworkSecret }))
    expect(await again.json()).toEqual({ outcome: 'unchanged', transactionId: answer.transactionId })
    const approved = await context.app.request(query({ ...fields, status: 'approved', token: testNetworkSecret }))
    expect(await approved.json()).toEqual({ outcome: 'updated', transactionId: answer.transactionId })
  })

  it('refuses a missing or wrong token before validating anything else', async () => {
    const context = setup()
    const fields = { conversion_id: 'get-refused', click_id: 'x', order_id: 'o', status: 'pending', sale_amount: '1' }
    for (const token of [undefined, '', 'wrong', testNetworkSecret.slice(0, -1), demoPostbackSecret]) {
      const response = await context.app.request(query(token === undefined ? fields : { ...fields, token }))
      await expectRefusal(response, 401, 'invalid_signature')
    }
    // Even with nothing else in the query.
    await expectRefusal(await context.app.request(`${path}?token=wrong`), 401, 'invalid_signature')
    expect(await database.select().from(conversions).where(eq(conversions.conversionId, 'get-refused'))).toEqual([])
  })

  it('answers 400 for invalid fields with the right token', async () => {
    const context = setup()
    const invalidQueries: Record<string, string>[] = [
      {},
      { conversion_id: 'c', click_id: 'x', order_id: 'o', status: 'pending', sale_amount: '1,290' },
      { conversion_id: 'c', click_id: 'x', order_id: 'o', status: 'unknown', sale_amount: '1' },
    ]
    const valid = { conversion_id: 'get-invalid', click_id: 'x', order_id: 'o', status: 'pending', sale_amount: '1' }
    invalidQueries.push(
      { ...valid, sale_amount: '999999999.99' },
      { ...valid, conversion_id: 'get-\u0000' },
      { ...valid, click_id: '\u0000' },
      { ...valid, order_id: 'o\u0000' },
      { ...valid, reason: '\u0000' },
      // Every query value but the token is stored with the conversion.
      { ...valid, sub_id2: 'a\u0000b' },
      { ...valid, 'sub\u0000id': 'x' },
      { ...valid, order_time: '0000-01-01T00:00:00Z' },
      { ...valid, order_time: '9999-12-31T23:59:59Z' },
    )
    const before = await rowCounts()
    for (const fields of invalidQueries) {
      const response = await context.app.request(query({ ...fields, token: testNetworkSecret }))
      await expectRefusal(response, 400, 'invalid_request')
    }
    expect(await rowCounts()).toEqual(before)
    const repeated = await context.app.request(`${query({ token: testNetworkSecret })}&status=pending&status=approved`)
    await expectRefusal(repeated, 400, 'invalid_request')
  })
})
