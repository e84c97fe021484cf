import { eq } from 'drizzle-orm'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { itemLimitCancellationReason } from '#domain/cashback/item-limit'
import { cashbackTransactionSchema } from '#domain/contracts/cashback'
import { postbackResponseSchema, type PostbackBodyInput, type PostbackResponse } from '#domain/contracts/postback'
import { itemLimitActor } from '#server/cashback/item-limit'
import { recordClick } from '#server/clicks/click-records'
import { buyers, cashbackTransactionEvents, cashbackTransactions, conversions } from '#server/db/schema'
import { signIn } from '#server/test/accounts'
import { useTestDatabaseWithMerchant } from '#server/test/cashback'
import {
  createPostbackTestApp,
  signedPostback,
  testNetworkName,
  testNetworkSecret,
  unixSeconds,
} from '#server/test/postbacks'

/**
 * The daily item limit (domain/cashback/item-limit.ts) as networks meet it: pieces past the fifth
 * of one item from one buyer in one Bangkok day are cancelled, with the reason the shopper sees.
 * Under PGlite the parallel postbacks run one after another; on PostgreSQL (`TEST_DATABASE_URL`)
 * they truly overlap, which is what the advisory lock is for.
 */

const { database, merchant } = useTestDatabaseWithMerchant()

let conversionCounter = 0

async function setUp(email: string) {
  const context = createPostbackTestApp(database())
  const { cookie, buyer } = await signIn(context.app, email)
  const click = await recordClick(database(), {
    buyerId: buyer.buyerId,
    merchantId: merchant().id,
    productId: undefined,
    userAgent: 'test',
    now: context.clock.now(),
  })
  async function postback(fields: Partial<PostbackBodyInput>): Promise<PostbackResponse> {
    conversionCounter += 1
    const body: PostbackBodyInput = {
      conversion_id: `item-limit-${conversionCounter}`,
      click_id: click.id,
      order_id: `order-${conversionCounter}`,
      status: 'pending',
      sale_amount: '100.00',
      timestamp: unixSeconds(context.clock),
      ...fields,
    }
    const response = await context.app.request(`/api/postbacks/${testNetworkName}`, signedPostback(body))
    expect(response.status).toBe(200)
    return v.parse(postbackResponseSchema, await response.json())
  }
  async function readTransaction(transactionId: string | null) {
    const [row] = await database()
      .select()
      .from(cashbackTransactions)
      .where(eq(cashbackTransactions.id, transactionId ?? ''))
    if (row === undefined) throw new Error(`no transaction ${transactionId}`)
    return row
  }
  return { ...context, cookie, buyerId: buyer.buyerId, clickId: click.id, postback, readTransaction }
}

describe('more than 5 pieces of one item in one Bangkok day', () => {
  it('cancels exactly the pieces past the fifth when 8 single-piece postbacks arrive at once', async () => {
    const { app, cookie, buyerId, postback, readTransaction } = await setUp('item.limit.parallel@example.com')

    const answers = await Promise.all(Array.from({ length: 8 }, () => postback({ sku: 'SKU-PARALLEL', quantity: 1 })))

    expect(answers.every((answer) => answer.outcome === 'created')).toBe(true)
    const rows = await Promise.all(answers.map((answer) => readTransaction(answer.transactionId)))
    const cancelled = rows.filter((row) => row.status === 'CANCELLED')
    const kept = rows.filter((row) => row.status !== 'CANCELLED')
    expect(cancelled).toHaveLength(3)
    expect(kept.map((row) => row.status)).toEqual(['PENDING', 'PENDING', 'PENDING', 'PENDING', 'PENDING'])
    for (const row of cancelled) {
      expect(row).toMatchObject({
        sku: 'SKU-PARALLEL',
        quantity: 1,
        cancellationReason: itemLimitCancellationReason,
        reasonCode: 'daily_item_limit',
        ratingOutcome: 'flagged',
        expectedAt: null,
      })
    }
    for (const row of kept) expect(row.cancellationReason).toBeNull()

    // The timeline says who cancelled; the shopper's API shows why, as a code (the words are operators').
    const cancelledId = cancelled[0]?.id ?? ''
    const events = await database()
      .select()
      .from(cashbackTransactionEvents)
      .where(eq(cashbackTransactionEvents.transactionId, cancelledId))
    expect(events.map((event) => [event.kind, event.actor, event.reasonCode])).toEqual([
      ['TRACKING', `network:${testNetworkName}`, null],
      ['CANCELLED', itemLimitActor, 'daily_item_limit'],
    ])
    const response = await app.request(`/api/cashback/${buyerId}/transactions/${cancelledId}`, {
      headers: { Cookie: cookie },
    })
    expect(response.status).toBe(200)
    const shown = v.parse(cashbackTransactionSchema, await response.json())
    expect(shown).toMatchObject({
      status: 'CANCELLED',
      cancellationReasonCode: 'daily_item_limit',
      rejectionReasonCode: null,
      cancellationReason: null,
    })

    // Flagged behaviour lowers the rating: 3 flagged of 3 decided.
    const [buyer] = await database().select().from(buyers).where(eq(buyers.id, buyerId))
    expect(buyer?.ratingBasisPoints).toBe(0)
  })

  it('counts pieces, cancels a line that crosses the limit whole, and lets a later line that fits through', async () => {
    const { postback, readTransaction } = await setUp('item.limit.lines@example.com')

    const first = await postback({ sku: 'SKU-LINES', quantity: 3 })
    const crossing = await postback({ sku: 'SKU-LINES', quantity: 3 })
    const fitting = await postback({ sku: 'SKU-LINES', quantity: 2 })
    const past = await postback({ sku: 'SKU-LINES' })

    expect((await readTransaction(first.transactionId)).status).toBe('PENDING')
    expect((await readTransaction(crossing.transactionId)).status).toBe('CANCELLED')
    expect((await readTransaction(fitting.transactionId)).status).toBe('PENDING')
    // No quantity is one piece: the sixth.
    expect(await readTransaction(past.transactionId)).toMatchObject({ status: 'CANCELLED', quantity: null })
  })

  it('counts per item and per Bangkok day, leaves out rejected pieces, and ignores conversions without an item', async () => {
    const { postback, readTransaction, clock } = await setUp('item.limit.days@example.com')
    // 23:30 in Bangkok: the next Bangkok day starts in 30 minutes.
    clock.set(new Date('2026-11-20T16:30:00Z'))
    const lateEvening = '2026-11-20T16:30:00Z'
    const nextMorning = '2026-11-20T17:30:00Z'

    const statuses = async (answers: PostbackResponse[]) =>
      Promise.all(answers.map(async (answer) => (await readTransaction(answer.transactionId)).status))

    const evening = [await postback({ sku: 'SKU-DAY', quantity: 5, order_time: lateEvening })]
    const morning = [
      await postback({ sku: 'SKU-DAY', quantity: 5, order_time: nextMorning }),
      await postback({ sku: 'SKU-OTHER', quantity: 5, order_time: nextMorning }),
      // A network that names no item: nothing to count.
      await postback({ quantity: 9, order_time: nextMorning }),
      await postback({ order_time: nextMorning }),
    ]
    expect(await statuses([...evening, ...morning])).toEqual(['PENDING', 'PENDING', 'PENDING', 'PENDING', 'PENDING'])

    // Returned pieces earn nothing and leave room; a conversion arriving already rejected takes none.
    const returned = await postback({ sku: 'SKU-RETURN', quantity: 5 })
    const returnedConversionId = `item-limit-${conversionCounter}`
    await postback({ conversion_id: returnedConversionId, sku: 'SKU-RETURN', quantity: 5, status: 'rejected' })
    const arrivedRejected = await postback({ sku: 'SKU-RETURN', quantity: 5, status: 'rejected' })
    const afterReturn = await postback({ sku: 'SKU-RETURN', quantity: 5 })
    const pastIt = await postback({ sku: 'SKU-RETURN' })
    expect(await statuses([returned, arrivedRejected, afterReturn, pastIt])).toEqual([
      'REJECTED',
      'REJECTED',
      'PENDING',
      'CANCELLED',
    ])
  })

  it('stores the item and pieces of the GET form, and later updates of a cancelled purchase are ignored', async () => {
    const { app, clock, clickId, postback, readTransaction } = await setUp('item.limit.get@example.com')
    await postback({ sku: 'SKU-GET', quantity: 5 })

    const query = new URLSearchParams({
      token: testNetworkSecret,
      conversion_id: 'item-limit-get-1',
      click_id: clickId,
      order_id: 'order-get-1',
      status: 'pending',
      sale_amount: '10.00',
      sku: 'SKU-GET',
      quantity: '1',
    })
    const response = await app.request(`/api/postbacks/${testNetworkName}?${query.toString()}`)
    expect(response.status).toBe(200)
    const answer = v.parse(postbackResponseSchema, await response.json())
    expect(await readTransaction(answer.transactionId)).toMatchObject({
      status: 'CANCELLED',
      sku: 'SKU-GET',
      quantity: 1,
    })
    const [conversion] = await database()
      .select()
      .from(conversions)
      .where(eq(conversions.conversionId, 'item-limit-get-1'))
    expect(conversion).toMatchObject({ sku: 'SKU-GET', quantity: 1 })

    // The network approving it later does not undo our cancellation.
    clock.advance(60_000)
    query.set('status', 'approved')
    const update = await app.request(`/api/postbacks/${testNetworkName}?${query.toString()}`)
    expect(v.parse(postbackResponseSchema, await update.json()).outcome).toBe('ignored')
    expect((await readTransaction(answer.transactionId)).status).toBe('CANCELLED')
  })

  it('refuses a quantity that is not a whole number of pieces', async () => {
    const { app, clock } = await setUp('item.limit.invalid@example.com')
    for (const quantity of [0, -1, 1.5, 10_001, '3']) {
      const body = JSON.stringify({
        conversion_id: `item-limit-invalid-${String(quantity)}`,
        click_id: 'whatever',
        order_id: 'order-invalid',
        status: 'pending',
        sale_amount: '1.00',
        quantity,
        timestamp: unixSeconds(clock),
      })
      const response = await app.request(`/api/postbacks/${testNetworkName}`, signedPostback(body))
      expect(response.status, String(quantity)).toBe(quantity === '3' ? 200 : 400)
    }
  })
})
