import { eq } from 'drizzle-orm'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import {
  consoleTransactionDetailSchema,
  consoleTransactionPageSchema,
  consoleTransactionSchema,
} from '#domain/ops/transactions'
import { consoleTodaySchema } from '#domain/ops/operator'
import {
  cashbackTransactionEvents,
  cashbackTransactions,
  conversions,
  operatorAuditLog,
  walletLedgerEntries,
} from '#server/db/schema'
import { readErrorBody } from '#server/test/app'
import {
  applyTestChange,
  createTestBuyer,
  insertTestMerchant,
  recordApprovedPurchase,
  recordTestPurchase,
  useTestDatabaseWithMerchant,
} from '#server/test/cashback'
import { createConsoleTestApp } from '#server/test/console'

const { database, merchant } = useTestDatabaseWithMerchant()

async function pendingPurchase(buyerId: string, now: Date) {
  const recorded = await recordTestPurchase(database(), {
    buyerId,
    merchantId: merchant().id,
    purchaseAmount: 100_000,
    now,
  })
  return applyTestChange(database(), {
    transactionId: recorded.id,
    event: { kind: 'network_update', status: 'PENDING' },
    now,
  })
}

describe('console transactions', () => {
  it('lists by status, merchant, network and order date, newest first, with a cursor', async () => {
    const consoleApp = createConsoleTestApp(database())
    const now = consoleApp.clock.now()
    const buyerId = await createTestBuyer(database(), now)
    const otherMerchant = await insertTestMerchant(database())
    const first = await pendingPurchase(buyerId, now)
    const second = await pendingPurchase(buyerId, new Date(now.getTime() + 1000))
    const elsewhere = await recordTestPurchase(database(), {
      buyerId,
      merchantId: otherMerchant.id,
      purchaseAmount: 10_000,
      now: new Date('2026-10-01T10:00:00Z'),
    })
    await database()
      .insert(conversions)
      .values({
        network: 'involve-asia',
        conversionId: `list-${elsewhere.id}`,
        clickId: 'click',
        orderId: elsewhere.orderId,
        networkStatus: 'pending',
        saleAmount: 10_000,
        currency: 'THB',
        orderTime: elsewhere.orderDate,
        transactionId: elsewhere.id,
        payload: {},
      })

    const byMerchant = v.parse(
      consoleTransactionPageSchema,
      await (await consoleApp.get(`/api/ops/transactions?merchant=${merchant().id}&status=PENDING&limit=1`)).json(),
    )
    expect(byMerchant.data.map((transaction) => transaction.id)).toEqual([second.id])
    expect(byMerchant.nextBefore).not.toBeNull()
    const next = v.parse(
      consoleTransactionPageSchema,
      await (
        await consoleApp.get(
          `/api/ops/transactions?merchant=${merchant().id}&status=PENDING&limit=1&before=${encodeURIComponent(byMerchant.nextBefore ?? '')}`,
        )
      ).json(),
    )
    expect(next.data.map((transaction) => transaction.id)).toEqual([first.id])

    const byNetwork = v.parse(
      consoleTransactionPageSchema,
      await (await consoleApp.get('/api/ops/transactions?network=involve-asia')).json(),
    )
    expect(byNetwork.data.map((transaction) => transaction.id)).toEqual([elsewhere.id])
    const byDate = v.parse(
      consoleTransactionPageSchema,
      await (
        await consoleApp.get(`/api/ops/transactions?from=2026-10-01&to=2026-10-01&merchant=${otherMerchant.id}`)
      ).json(),
    )
    expect(byDate.data.map((transaction) => transaction.id)).toEqual([elsewhere.id])
    const badCursor = await consoleApp.get('/api/ops/transactions?before=nonsense')
    expect((await readErrorBody(badCursor)).error.code).toBe('invalid_request')
  })

  it('lists the overdue purchases Today counts: past the expected date with no decision', async () => {
    const consoleApp = createConsoleTestApp(database())
    const now = consoleApp.clock.now()
    const buyerId = await createTestBuyer(database(), now)
    const shop = await insertTestMerchant(database())
    const day = 24 * 60 * 60 * 1000
    async function purchaseExpectedAt(expectedAt: Date, approved = false) {
      const input = { buyerId, merchantId: shop.id, purchaseAmount: 50_000, now }
      const purchase = approved
        ? await recordApprovedPurchase(database(), input)
        : await recordTestPurchase(database(), input)
      await database().update(cashbackTransactions).set({ expectedAt }).where(eq(cashbackTransactions.id, purchase.id))
      return purchase
    }
    const overdue = await purchaseExpectedAt(new Date(now.getTime() - day))
    await purchaseExpectedAt(new Date(now.getTime() + day))
    await purchaseExpectedAt(new Date(now.getTime() - day), true)

    const page = v.parse(
      consoleTransactionPageSchema,
      await (await consoleApp.get(`/api/ops/transactions?overdue=true&merchant=${shop.id}`)).json(),
    )
    expect(page.data.map((transaction) => transaction.id)).toEqual([overdue.id])

    const everyOverdue = v.parse(
      consoleTransactionPageSchema,
      await (await consoleApp.get('/api/ops/transactions?overdue=true&limit=100')).json(),
    )
    const today = v.parse(consoleTodaySchema, await (await consoleApp.get('/api/ops/today')).json())
    expect(everyOverdue.data).toHaveLength(today.overduePurchases)
    expect(today.overduePurchases).toBeGreaterThanOrEqual(1)

    const notAFlag = await consoleApp.get('/api/ops/transactions?overdue=yes')
    expect(notAFlag.status).toBe(400)
    expect((await readErrorBody(notAFlag)).error.code).toBe('invalid_request')
  })

  it('rejects with the reason code the shopper sees and a note for operators, shows the timeline and the audit entry', async () => {
    const consoleApp = createConsoleTestApp(database())
    const now = consoleApp.clock.now()
    const buyerId = await createTestBuyer(database(), now)
    const purchase = await pendingPurchase(buyerId, now)
    const path = `/api/ops/transactions/${purchase.id}/decision`
    const noReason = await consoleApp.post(path, { decision: 'reject', reasonCode: 'item_returned' })
    expect((await readErrorBody(noReason)).error.code).toBe('invalid_request')
    for (const refused of [
      { decision: 'reject', reason: 'The order was returned' },
      { decision: 'reject', reason: 'The order was returned', reasonCode: 'returned_late' },
      { decision: 'reject', reason: 'The order was returned', reasonCode: null },
      { decision: 'cancel', reason: 'Cancelled by the shop' },
    ]) {
      const response = await consoleApp.post(path, refused)
      expect(response.status, JSON.stringify(refused)).toBe(400)
      expect((await readErrorBody(response)).error.code).toBe('invalid_request')
    }
    const [untouched] = await database()
      .select()
      .from(cashbackTransactions)
      .where(eq(cashbackTransactions.id, purchase.id))
    expect(untouched?.status).toBe('PENDING')

    const rejected = await consoleApp.post(path, {
      decision: 'reject',
      reasonCode: 'item_returned',
      reason: 'The order was returned',
      flagged: true,
      expectedStatus: 'PENDING',
    })
    expect(rejected.status).toBe(200)
    expect(v.parse(consoleTransactionSchema, await rejected.json())).toMatchObject({
      status: 'REJECTED',
      rejectionReason: 'The order was returned',
      reasonCode: 'item_returned',
      ratingOutcome: 'flagged',
    })
    const detail = v.parse(
      consoleTransactionDetailSchema,
      await (await consoleApp.get(`/api/ops/transactions/${purchase.id}`)).json(),
    )
    expect(detail.history.map((event) => event.kind)).toEqual(['TRACKING', 'PENDING', 'REJECTED'])
    expect(detail.history.at(-1)).toMatchObject({
      actor: expect.stringMatching(/^operator:op_/),
      note: 'The order was returned',
      rejectionReason: 'The order was returned',
      reasonCode: 'item_returned',
    })
    expect(detail.audit).toEqual([
      expect.objectContaining({
        action: 'transaction.rejected',
        actor: expect.objectContaining({ kind: 'operator', email: expect.stringContaining('@') }),
        reason: 'The order was returned',
        before: { status: 'PENDING', rejectionReason: null, reasonCode: null, ratingOutcome: null },
        after: {
          status: 'REJECTED',
          rejectionReason: 'The order was returned',
          reasonCode: 'item_returned',
          ratingOutcome: 'flagged',
        },
      }),
    ])

    const moved = await consoleApp.post(`/api/ops/transactions/${purchase.id}/decision`, {
      decision: 'approve',
      reason: 'Looks fine',
      expectedStatus: 'PENDING',
    })
    expect(moved.status).toBe(409)
    expect((await readErrorBody(moved)).error.code).toBe('operator_conflict')
    expect((await consoleApp.get('/api/ops/transactions/0123456789abcdef01234567')).status).toBe(404)
  })

  it('answers 409 when the state machine refuses', async () => {
    const consoleApp = createConsoleTestApp(database())
    const now = consoleApp.clock.now()
    const buyerId = await createTestBuyer(database(), now)
    const approved = await recordApprovedPurchase(database(), {
      buyerId,
      merchantId: merchant().id,
      purchaseAmount: 50_000,
      now,
    })
    await applyTestChange(database(), { transactionId: approved.id, event: { kind: 'accept' }, now })
    await applyTestChange(database(), { transactionId: approved.id, event: { kind: 'archive' }, now })
    const cancelled = await consoleApp.post(`/api/ops/transactions/${approved.id}/decision`, {
      decision: 'approve',
      reason: 'Again',
    })
    expect(cancelled.status).toBe(409)
    expect((await readErrorBody(cancelled)).error.code).toBe('operator_conflict')
  })

  it('lets exactly one of two parallel decisions win: one ledger effect, one audit entry', async () => {
    const consoleApp = createConsoleTestApp(database())
    const now = consoleApp.clock.now()
    const buyerId = await createTestBuyer(database(), now)
    const approved = await recordApprovedPurchase(database(), {
      buyerId,
      merchantId: merchant().id,
      purchaseAmount: 100_000,
      now,
    })
    await applyTestChange(database(), { transactionId: approved.id, event: { kind: 'accept' }, now })
    await consoleApp.cookieOf('support')
    await consoleApp.cookieOf('admin')
    const path = `/api/ops/transactions/${approved.id}/decision`
    const responses = await Promise.all([
      consoleApp.post(
        path,
        { decision: 'reject', reasonCode: 'item_returned', reason: 'Returned', expectedStatus: 'APPROVED' },
        'support',
      ),
      consoleApp.post(
        path,
        { decision: 'reject', reasonCode: 'terms_breached', reason: 'Fraud', expectedStatus: 'APPROVED' },
        'admin',
      ),
    ])
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409])
    const ledger = await database()
      .select()
      .from(walletLedgerEntries)
      .where(eq(walletLedgerEntries.transactionId, approved.id))
    expect(ledger.map((entry) => entry.kind).sort()).toEqual(['cashback_credit', 'cashback_reversal'])
    const audit = await database().select().from(operatorAuditLog).where(eq(operatorAuditLog.subjectId, approved.id))
    expect(audit).toHaveLength(1)
    const rejections = await database()
      .select()
      .from(cashbackTransactionEvents)
      .where(eq(cashbackTransactionEvents.transactionId, approved.id))
    expect(rejections.filter((event) => event.kind === 'REJECTED')).toHaveLength(1)

    const second = await pendingPurchase(buyerId, now)
    const twice = await Promise.all([
      consoleApp.post(
        `/api/ops/transactions/${second.id}/decision`,
        { decision: 'cancel', reasonCode: 'order_cancelled', reason: 'A' },
        'support',
      ),
      consoleApp.post(
        `/api/ops/transactions/${second.id}/decision`,
        { decision: 'cancel', reasonCode: 'order_cancelled', reason: 'B' },
        'admin',
      ),
    ])
    expect(twice.map((response) => response.status).sort()).toEqual([200, 409])
  })

  it('is for support and admin only', async () => {
    const consoleApp = createConsoleTestApp(database())
    const buyerId = await createTestBuyer(database(), consoleApp.clock.now())
    const purchase = await pendingPurchase(buyerId, consoleApp.clock.now())
    await consoleApp.expectSupportOnly('GET', '/api/ops/transactions')
    await consoleApp.expectSupportOnly('GET', `/api/ops/transactions/${purchase.id}`)
    await consoleApp.expectSupportOnly('POST', `/api/ops/transactions/${purchase.id}/decision`, {
      decision: 'approve',
      reason: 'x',
    })
  })
})
