import { eq } from 'drizzle-orm'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { consoleBuyerDetailSchema, consoleBuyerPageSchema, consoleBuyerSchema } from '#domain/ops/buyers'
import { buyers, operatorAuditLog } from '#server/db/schema'
import { readErrorBody } from '#server/test/app'
import {
  applyTestChange,
  createTestBuyer,
  recordApprovedPurchase,
  useTestDatabaseWithMerchant,
} from '#server/test/cashback'
import { createConsoleTestApp } from '#server/test/console'

const { database, merchant } = useTestDatabaseWithMerchant()

describe('console buyers', () => {
  it('finds a buyer by email, phone, id or name, and pages', async () => {
    const consoleApp = createConsoleTestApp(database())
    const email = `finder.${process.pid}@example.co.th`
    const buyerId = await createTestBuyer(database(), consoleApp.clock.now(), email)
    await database().update(buyers).set({ firstName: 'Somchai', lastName: 'Jaidee' }).where(eq(buyers.id, buyerId))
    const phoneBuyerId = await createTestBuyer(database(), consoleApp.clock.now(), '0812345678')

    for (const q of [email.toUpperCase(), 'finder.', buyerId, 'somchai jai']) {
      const page = v.parse(
        consoleBuyerPageSchema,
        await (await consoleApp.get(`/api/ops/buyers?q=${encodeURIComponent(q)}`)).json(),
      )
      expect(page.data.map((buyer) => buyer.id)).toEqual([buyerId])
    }
    const byPhone = v.parse(
      consoleBuyerPageSchema,
      await (await consoleApp.get(`/api/ops/buyers?q=${encodeURIComponent('+66 81 234 5678')}`)).json(),
    )
    expect(byPhone.data.map((buyer) => buyer.id)).toEqual([phoneBuyerId])

    const first = v.parse(consoleBuyerPageSchema, await (await consoleApp.get('/api/ops/buyers?limit=1')).json())
    expect(first.data).toHaveLength(1)
    expect(first.total).toBeGreaterThanOrEqual(2)
    const second = v.parse(
      consoleBuyerPageSchema,
      await (await consoleApp.get('/api/ops/buyers?limit=1&offset=1')).json(),
    )
    expect(second.data[0]?.id).not.toBe(first.data[0]?.id)
  })

  it("shows a buyer's page: wallet from the ledger, every entry and its cause, purchases", async () => {
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
    const response = await consoleApp.get(`/api/ops/buyers/${buyerId}`)
    expect(response.status).toBe(200)
    const detail = v.parse(consoleBuyerDetailSchema, await response.json())
    expect(detail.buyer.id).toBe(buyerId)
    expect(detail.wallet.balance).toBe(5_000)
    expect(detail.ledger).toEqual([
      expect.objectContaining({
        kind: 'cashback_credit',
        amount: 5_000,
        balanceAfter: 5_000,
        transactionId: approved.id,
      }),
    ])
    expect(detail.transactions.map((transaction) => transaction.id)).toEqual([approved.id])
    expect(detail.withdrawals).toEqual([])

    const unknown = await consoleApp.get('/api/ops/buyers/0123456789abcdef01234567')
    expect((await readErrorBody(unknown)).error.code).toBe('record_not_found')
    expect((await consoleApp.get('/api/ops/buyers/not-an-id')).status).toBe(404)
  })

  it('suspends and reinstates with a reason, records both in the audit log, and refuses a repeat', async () => {
    const consoleApp = createConsoleTestApp(database())
    const buyerId = await createTestBuyer(database(), consoleApp.clock.now())
    const noReason = await consoleApp.post(`/api/ops/buyers/${buyerId}/suspend`, { reason: ' ' })
    expect((await readErrorBody(noReason)).error.code).toBe('invalid_request')

    const suspended = await consoleApp.post(`/api/ops/buyers/${buyerId}/suspend`, { reason: 'Fake receipts' })
    expect(suspended.status).toBe(200)
    expect(v.parse(consoleBuyerSchema, await suspended.json())).toMatchObject({
      status: 'suspended',
      suspendedReason: 'Fake receipts',
    })
    const again = await consoleApp.post(`/api/ops/buyers/${buyerId}/suspend`, { reason: 'Twice' })
    expect(again.status).toBe(409)
    expect((await readErrorBody(again)).error.code).toBe('operator_conflict')

    const reinstated = await consoleApp.post(`/api/ops/buyers/${buyerId}/reinstate`, { reason: 'Receipts checked' })
    expect(v.parse(consoleBuyerSchema, await reinstated.json()).status).toBe('active')

    const detail = v.parse(consoleBuyerDetailSchema, await (await consoleApp.get(`/api/ops/buyers/${buyerId}`)).json())
    expect(detail.statusHistory.map((event) => [event.status, event.reason])).toEqual([
      ['active', 'Receipts checked'],
      ['suspended', 'Fake receipts'],
    ])
    expect(detail.statusHistory[0]?.actor).toMatch(/^op_/)
    expect(detail.audit.map((entry) => [entry.action, entry.reason, entry.before, entry.after])).toEqual([
      [
        'buyer.reinstated',
        'Receipts checked',
        { status: 'suspended', suspendedReason: 'Fake receipts' },
        { status: 'active', suspendedReason: null },
      ],
      [
        'buyer.suspended',
        'Fake receipts',
        { status: 'active', suspendedReason: null },
        { status: 'suspended', suspendedReason: 'Fake receipts' },
      ],
    ])
  })

  it('lets one of two parallel suspensions through', async () => {
    const consoleApp = createConsoleTestApp(database())
    const buyerId = await createTestBuyer(database(), consoleApp.clock.now())
    await consoleApp.cookieOf('support')
    await consoleApp.cookieOf('admin')
    const responses = await Promise.all([
      consoleApp.post(`/api/ops/buyers/${buyerId}/suspend`, { reason: 'First' }, 'support'),
      consoleApp.post(`/api/ops/buyers/${buyerId}/suspend`, { reason: 'Second' }, 'admin'),
    ])
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409])
    const entries = await database().select().from(operatorAuditLog).where(eq(operatorAuditLog.subjectId, buyerId))
    expect(entries).toHaveLength(1)
  })

  it('is for support and admin only', async () => {
    const consoleApp = createConsoleTestApp(database())
    const buyerId = await createTestBuyer(database(), consoleApp.clock.now())
    await consoleApp.expectSupportOnly('GET', '/api/ops/buyers?q=a')
    await consoleApp.expectSupportOnly('GET', `/api/ops/buyers/${buyerId}`)
    await consoleApp.expectSupportOnly('POST', `/api/ops/buyers/${buyerId}/suspend`, { reason: 'x' })
    await consoleApp.expectSupportOnly('POST', `/api/ops/buyers/${buyerId}/reinstate`, { reason: 'x' })
    expect((await consoleApp.get(`/api/ops/buyers/${buyerId}`, 'admin')).status).toBe(200)
  })
})
