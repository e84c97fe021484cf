import { eq, inArray, sql } from 'drizzle-orm'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { rejectionReasonCodeOf } from '#domain/cashback/rejection-reasons'
import { cashbackTransactionDetailSchema } from '#domain/contracts/cashback'
import { itemLimitCancellation } from '#server/cashback/item-limit'
import { cashbackTransactionEvents, cashbackTransactions } from '#server/db/schema'
import {
  applyTestChange,
  createTestBuyer,
  recordTestPurchase,
  useTestDatabaseWithMerchant,
} from '#server/test/cashback'
import { readHandWrittenStatements } from '#server/test/migrations'
import { createAccountsTestApp, signIn } from '#server/test/accounts'

const { database, merchant } = useTestDatabaseWithMerchant()

const now = new Date('2026-11-15T03:00:00Z')

function readDataMigration(): Promise<string[]> {
  return readHandWrittenStatements('0020_rejection_reason_codes.sql')
}

/** Rows as the release before reason codes left them: words, and no code. */
async function forgetReasonCodes(transactionIds: string[]): Promise<void> {
  await database()
    .update(cashbackTransactions)
    .set({ reasonCode: null })
    .where(inArray(cashbackTransactions.id, transactionIds))
  await database()
    .update(cashbackTransactionEvents)
    .set({ reasonCode: null })
    .where(inArray(cashbackTransactionEvents.transactionId, transactionIds))
}

async function runDataMigration(): Promise<void> {
  const statements = await readDataMigration()
  // One transaction holds one connection: the migration's helper function is the session's own.
  await database().transaction(async (tx) => {
    for (const statement of statements) await tx.execute(sql.raw(statement))
  })
}

/** Words networks and operators have written, Thai and English, including ones no keyword knows. */
const oldWords = [
  'สินค้าถูกคืน / Item returned',
  'The order was returned',
  'Returned to the shop',
  'Order cancelled',
  'Order not paid',
  'COD refused by the buyer',
  'ลูกค้าไม่ชำระเงิน',
  'Invalid coupon code used',
  'Voucher not allowed',
  'Cookie overwritten by another affiliate',
  'Product not eligible',
  'สินค้าไม่ร่วมรายการ',
  'Duplicate order',
  'Fake order',
  'Fraud suspected',
  'สั่งเกิน 5 ชิ้นต่อวัน',
  'Rejected by the merchant',
  'Error code 17',
]

describe('migration 0020: reason codes for decisions made before them', () => {
  it('gives each old rejection the code its words give, as the postbacks do now, on the row and its step', async () => {
    const buyerId = await createTestBuyer(database(), now)
    const rejectedIds: string[] = []
    for (const words of oldWords) {
      const record = await recordTestPurchase(database(), {
        buyerId,
        merchantId: merchant().id,
        purchaseAmount: 10_000,
        now,
      })
      await applyTestChange(database(), {
        transactionId: record.id,
        // The code is what the release before never wrote; it is forgotten below.
        event: { kind: 'network_update', status: 'REJECTED', reasonCode: 'other', rejectionReason: words },
        now,
      })
      rejectedIds.push(record.id)
    }
    const untouched = await recordTestPurchase(database(), {
      buyerId,
      merchantId: merchant().id,
      purchaseAmount: 10_000,
      now,
    })
    await forgetReasonCodes(rejectedIds)

    await runDataMigration()

    const rows = await database()
      .select({
        id: cashbackTransactions.id,
        words: cashbackTransactions.rejectionReason,
        code: cashbackTransactions.reasonCode,
      })
      .from(cashbackTransactions)
      .where(inArray(cashbackTransactions.id, rejectedIds))
    expect(rows).toHaveLength(oldWords.length)
    for (const row of rows) expect([row.words, row.code]).toEqual([row.words, rejectionReasonCodeOf(row.words)])
    expect(Object.fromEntries(rows.map((row) => [row.words, row.code]))).toMatchObject({
      'สินค้าถูกคืน / Item returned': 'item_returned',
      'COD refused by the buyer': 'order_not_paid',
      'Invalid coupon code used': 'coupon_not_allowed',
      'Fake order': 'terms_breached',
      'Rejected by the merchant': 'other',
    })
    const steps = await database()
      .select({ words: cashbackTransactionEvents.rejectionReason, code: cashbackTransactionEvents.reasonCode })
      .from(cashbackTransactionEvents)
      .where(inArray(cashbackTransactionEvents.transactionId, rejectedIds))
    for (const step of steps) expect(step.code).toBe(step.words === null ? null : rejectionReasonCodeOf(step.words))

    const [tracking] = await database()
      .select()
      .from(cashbackTransactions)
      .where(eq(cashbackTransactions.id, untouched.id))
    expect(tracking?.reasonCode).toBeNull()
  })

  it('gives our item limit’s cancellations their own code and every other cancellation order_cancelled', async () => {
    const buyerId = await createTestBuyer(database(), now)
    const byLimit = await recordTestPurchase(database(), {
      buyerId,
      merchantId: merchant().id,
      purchaseAmount: 10_000,
      now,
    })
    await applyTestChange(database(), { ...itemLimitCancellation, transactionId: byLimit.id, now })
    const byNetwork = await recordTestPurchase(database(), {
      buyerId,
      merchantId: merchant().id,
      purchaseAmount: 10_000,
      now,
    })
    await applyTestChange(database(), {
      transactionId: byNetwork.id,
      event: { kind: 'network_update', status: 'CANCELLED', reasonCode: 'duplicate_order' },
      now,
    })
    await forgetReasonCodes([byLimit.id, byNetwork.id])

    await runDataMigration()

    const codes = await database()
      .select({ id: cashbackTransactions.id, code: cashbackTransactions.reasonCode })
      .from(cashbackTransactions)
      .where(inArray(cashbackTransactions.id, [byLimit.id, byNetwork.id]))
    expect(Object.fromEntries(codes.map((row) => [row.id, row.code]))).toEqual({
      [byLimit.id]: 'daily_item_limit',
      [byNetwork.id]: 'order_cancelled',
    })
    const steps = await database()
      .select({ id: cashbackTransactionEvents.transactionId, code: cashbackTransactionEvents.reasonCode })
      .from(cashbackTransactionEvents)
      .where(eq(cashbackTransactionEvents.kind, 'CANCELLED'))
    expect(steps).toEqual(
      expect.arrayContaining([
        { id: byLimit.id, code: 'daily_item_limit' },
        { id: byNetwork.id, code: 'order_cancelled' },
      ]),
    )
  })

  it('shows the shopper a code for a rejection the release before wrote without one (a rolling deploy)', async () => {
    const { app } = createAccountsTestApp(database())
    const { cookie, buyer } = await signIn(app, 'old.rejection@example.com')
    const { buyerId } = buyer
    const record = await recordTestPurchase(database(), {
      buyerId,
      merchantId: merchant().id,
      purchaseAmount: 10_000,
      now,
    })
    await applyTestChange(database(), {
      transactionId: record.id,
      event: { kind: 'network_update', status: 'REJECTED', reasonCode: 'other', rejectionReason: 'Order not paid' },
      now,
    })
    await forgetReasonCodes([record.id])

    const response = await app.request(`/api/cashback/${buyerId}/transactions/${record.id}`, {
      headers: { Cookie: cookie },
    })
    expect(response.status).toBe(200)
    const detail = v.parse(cashbackTransactionDetailSchema, await response.json())
    expect(detail).toMatchObject({ rejectionReasonCode: 'order_not_paid', rejectionReason: null })
    expect(detail.history.at(-1)).toMatchObject({ kind: 'REJECTED', rejectionReasonCode: 'order_not_paid' })
  })
})
