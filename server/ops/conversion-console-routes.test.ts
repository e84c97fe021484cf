import { eq } from 'drizzle-orm'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { consoleTodaySchema } from '#domain/ops/operator'
import { conversionMatchResponseSchema, unmatchedConversionPageSchema } from '#domain/ops/conversions'
import { consoleConversionSchema, consoleTransactionDetailSchema } from '#domain/ops/transactions'
import { recordClick } from '#server/clicks/click-records'
import { cashbackTransactions, conversions, operatorAuditLog } from '#server/db/schema'
import { ingestConversion, type NetworkConversion } from '#server/postbacks/conversion-ingest'
import { readErrorBody } from '#server/test/app'
import { createTestBuyer, useTestDatabaseWithMerchant } from '#server/test/cashback'
import { createConsoleTestApp } from '#server/test/console'

const { database, merchant } = useTestDatabaseWithMerchant()

let conversionCounter = 0

/** A conversion whose click id matches no click, as a postback leaves it. */
async function unmatchedConversion(now: Date, fields: Partial<NetworkConversion> = {}): Promise<number> {
  conversionCounter += 1
  const conversionId = `unmatched-${process.pid}-${conversionCounter}`
  const answer = await ingestConversion(database(), {
    network: 'involve-asia',
    conversion: {
      conversionId,
      clickId: `typo-${conversionCounter}`,
      orderId: `ORDER-${conversionCounter}`,
      status: 'pending',
      saleAmount: 200_000,
      currency: 'THB',
      payout: null,
      reason: null,
      orderTime: now,
      ...fields,
    },
    payload: {},
    now,
  })
  expect(answer.outcome).toBe('unmatched')
  const [row] = await database().select().from(conversions).where(eq(conversions.conversionId, conversionId))
  if (row === undefined) throw new Error('no conversion row')
  return row.id
}

describe('console unmatched conversions', () => {
  it('matches one to a click as a postback would, and later postbacks move its purchase', async () => {
    const consoleApp = createConsoleTestApp(database())
    const now = consoleApp.clock.now()
    const buyerId = await createTestBuyer(database(), now)
    const click = await recordClick(database(), {
      buyerId,
      merchantId: merchant().id,
      productId: undefined,
      userAgent: 'test',
      now,
    })
    const conversionRowId = await unmatchedConversion(now)

    const listed = v.parse(
      unmatchedConversionPageSchema,
      await (await consoleApp.get('/api/ops/conversions/unmatched')).json(),
    )
    expect(listed.data.map((conversion) => conversion.id)).toContain(conversionRowId)

    const matched = await consoleApp.post(`/api/ops/conversions/${conversionRowId}/match`, { clickId: click.id })
    expect(matched.status).toBe(200)
    const { conversion, transaction } = v.parse(conversionMatchResponseSchema, await matched.json())
    expect(conversion.transactionId).toBe(transaction.id)
    expect(transaction).toMatchObject({
      buyerId,
      clickId: click.id,
      status: 'PENDING',
      purchaseAmount: 200_000,
      cashbackAmount: 10_000,
      merchant: expect.objectContaining({ id: merchant().id }),
    })
    const detail = v.parse(
      consoleTransactionDetailSchema,
      await (await consoleApp.get(`/api/ops/transactions/${transaction.id}`)).json(),
    )
    expect(detail.history.map((event) => event.kind)).toEqual(['TRACKING', 'PENDING'])
    expect(detail.conversions.map((row) => row.id)).toEqual([conversionRowId])

    const [audit] = await database()
      .select()
      .from(operatorAuditLog)
      .where(eq(operatorAuditLog.subjectId, String(conversionRowId)))
    expect(audit).toMatchObject({ action: 'conversion.matched', subjectType: 'conversion' })
    expect(audit?.after).toMatchObject({ transactionId: transaction.id, buyerId })

    // The network's next word on the same conversion reaches the purchase.
    const [row] = await database().select().from(conversions).where(eq(conversions.id, conversionRowId))
    const update = await ingestConversion(database(), {
      network: 'involve-asia',
      conversion: {
        conversionId: row?.conversionId ?? '',
        clickId: row?.clickId ?? '',
        orderId: row?.orderId ?? '',
        status: 'approved',
        saleAmount: 200_000,
        currency: 'THB',
        payout: null,
        reason: null,
        orderTime: now,
      },
      payload: {},
      now,
    })
    expect(update).toEqual({ outcome: 'updated', transactionId: transaction.id })

    const relisted = v.parse(
      unmatchedConversionPageSchema,
      await (await consoleApp.get('/api/ops/conversions/unmatched')).json(),
    )
    expect(relisted.data.map((item) => item.id)).not.toContain(conversionRowId)
  })

  it('matches one to a buyer and a merchant without a click', async () => {
    const consoleApp = createConsoleTestApp(database())
    const now = consoleApp.clock.now()
    const buyerId = await createTestBuyer(database(), now)
    const conversionRowId = await unmatchedConversion(now, { status: 'rejected', reason: 'Returned to the shop' })
    const matched = await consoleApp.post(`/api/ops/conversions/${conversionRowId}/match`, {
      buyerId,
      merchantId: merchant().id,
    })
    expect(matched.status).toBe(200)
    const { transaction } = v.parse(conversionMatchResponseSchema, await matched.json())
    expect(transaction).toMatchObject({
      buyerId,
      clickId: null,
      status: 'REJECTED',
      rejectionReason: 'Returned to the shop',
    })
    const unknownBuyer = await consoleApp.post(`/api/ops/conversions/${await unmatchedConversion(now)}/match`, {
      buyerId: '0123456789abcdef01234567',
      merchantId: merchant().id,
    })
    expect((await readErrorBody(unknownBuyer)).error.code).toBe('record_not_found')
    const unknownClick = await consoleApp.post(`/api/ops/conversions/${conversionRowId}/match`, { clickId: 'nope' })
    expect((await readErrorBody(unknownClick)).error.code).toBe('record_not_found')
  })

  it('dismisses one with a reason: it leaves the list and the today count', async () => {
    const consoleApp = createConsoleTestApp(database())
    const now = consoleApp.clock.now()
    const conversionRowId = await unmatchedConversion(now)
    const todayBefore = v.parse(consoleTodaySchema, await (await consoleApp.get('/api/ops/today')).json())
    const dismissed = await consoleApp.post(`/api/ops/conversions/${conversionRowId}/dismiss`, {
      reason: "The network's test order",
    })
    expect(dismissed.status).toBe(200)
    expect(v.parse(consoleConversionSchema, await dismissed.json())).toMatchObject({
      dismissedReason: "The network's test order",
      dismissedBy: expect.stringMatching(/^op_/),
    })
    const todayAfter = v.parse(consoleTodaySchema, await (await consoleApp.get('/api/ops/today')).json())
    expect(todayAfter.unmatchedConversions).toBe(todayBefore.unmatchedConversions - 1)
    const listed = v.parse(
      unmatchedConversionPageSchema,
      await (await consoleApp.get('/api/ops/conversions/unmatched?limit=100')).json(),
    )
    expect(listed.data.map((conversion) => conversion.id)).not.toContain(conversionRowId)

    const again = await consoleApp.post(`/api/ops/conversions/${conversionRowId}/dismiss`, { reason: 'Again' })
    expect((await readErrorBody(again)).error.code).toBe('operator_conflict')
    const buyerId = await createTestBuyer(database(), now)
    const matchDismissed = await consoleApp.post(`/api/ops/conversions/${conversionRowId}/match`, {
      buyerId,
      merchantId: merchant().id,
    })
    expect((await readErrorBody(matchDismissed)).error.code).toBe('operator_conflict')
    const [audit] = await database()
      .select()
      .from(operatorAuditLog)
      .where(eq(operatorAuditLog.subjectId, String(conversionRowId)))
    expect(audit).toMatchObject({ action: 'conversion.dismissed', reason: "The network's test order" })
  })

  it('lets one of two parallel matches win: one purchase', async () => {
    const consoleApp = createConsoleTestApp(database())
    const now = consoleApp.clock.now()
    const buyerId = await createTestBuyer(database(), now)
    const otherBuyerId = await createTestBuyer(database(), now)
    const conversionRowId = await unmatchedConversion(now)
    await consoleApp.cookieOf('support')
    await consoleApp.cookieOf('admin')
    const path = `/api/ops/conversions/${conversionRowId}/match`
    const responses = await Promise.all([
      consoleApp.post(path, { buyerId, merchantId: merchant().id }, 'support'),
      consoleApp.post(path, { buyerId: otherBuyerId, merchantId: merchant().id }, 'admin'),
    ])
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409])
    const purchases = await database()
      .select()
      .from(cashbackTransactions)
      .where(eq(cashbackTransactions.orderId, `ORDER-${conversionCounter}`))
    expect(purchases).toHaveLength(1)
    const audit = await database()
      .select()
      .from(operatorAuditLog)
      .where(eq(operatorAuditLog.subjectId, String(conversionRowId)))
    expect(audit).toHaveLength(1)
  })

  it('is for support and admin only', async () => {
    const consoleApp = createConsoleTestApp(database())
    const conversionRowId = await unmatchedConversion(consoleApp.clock.now())
    await consoleApp.expectSupportOnly('GET', '/api/ops/conversions/unmatched')
    await consoleApp.expectSupportOnly('POST', `/api/ops/conversions/${conversionRowId}/match`, { clickId: 'x' })
    await consoleApp.expectSupportOnly('POST', `/api/ops/conversions/${conversionRowId}/dismiss`, { reason: 'x' })
  })
})
