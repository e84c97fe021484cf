import { createRecordId } from '#server/db/record-id'
import { afterAll, beforeAll } from 'vitest'
import { parseSignInIdentifier } from '#domain/contracts/auth'
import type { Cashback } from '#domain/contracts/catalogue'
import type { Satang } from '#domain/money'
import { createBuyer } from '#server/buyers/buyer-records'
import {
  changeTransaction,
  recordPurchase,
  type ChangeTransactionInput,
  type TransactionChangeResult,
  type TransactionRecord,
} from '#server/cashback/transaction-changes'
import { changeCatalogue } from '#server/catalogue/catalogue-writes'
import type { Database } from '#server/db/database'
import { createTestDatabase, type TestDatabase } from '#server/test/database'
import { switchOffPurchasePromotions } from '#server/test/promotions'

/** Merchants and purchases for cashback tests, written through the same code the app uses. */

export type TestMerchant = { id: string; confirmationDays: number; trackingDays: number }

export async function insertTestMerchant(
  database: Database,
  options: { cashback?: Cashback; trackingDays?: number; confirmationDays?: number } = {},
): Promise<TestMerchant> {
  const merchant = {
    id: createRecordId(),
    trackingDays: options.trackingDays ?? 3,
    confirmationDays: options.confirmationDays ?? 60,
  }
  await changeCatalogue(database, (writer) =>
    writer.insertMerchants([
      {
        ...merchant,
        name: { th: `ร้านทดสอบ ${merchant.id.slice(0, 6)}`, en: `Test shop ${merchant.id.slice(0, 6)}` },
        description: { th: 'ร้านสำหรับการทดสอบ', en: 'A shop for tests' },
        categoryLabel: 'Fashion',
        // 5 % without a cap by default: ฿1,000 earns ฿50.
        cashback: options.cashback ?? { kind: 'up-to', rateBasisPoints: 500, maxPerOrder: null },
        terms: { th: [], en: [] },
        topRank: null,
        popularity: 0,
        shopUrl: 'https://shop.example.com/',
        createdAt: new Date('2026-01-01T00:00:00Z'),
      },
    ]),
  )
  return merchant
}

let buyerCounter = 0

/** A buyer registered as a sign-in would, without signing in. */
/**
 * A fresh migrated database for the test file (or the `describe` block it is called in) with one
 * merchant to buy from, both there from `beforeAll` on; the database is disposed after the tests.
 */
export function useTestDatabaseWithMerchant(
  merchantOptions: Parameters<typeof insertTestMerchant>[1] = {},
  options: { hasPurchasePromotions?: boolean } = {},
) {
  let testDatabase: TestDatabase | undefined
  let merchant: TestMerchant | undefined
  beforeAll(async () => {
    testDatabase = await createTestDatabase()
    merchant = await insertTestMerchant(testDatabase.connection.database, merchantOptions)
    // Off unless the test file is about them (server/test/promotions.ts says why).
    if (options.hasPurchasePromotions !== true) await switchOffPurchasePromotions(testDatabase.connection.database)
  })
  afterAll(() => testDatabase?.dispose())
  function ready<Value>(value: Value | undefined): Value {
    if (value === undefined) throw new Error('The test database is used before beforeAll ran')
    return value
  }
  return {
    testDatabase: () => ready(testDatabase),
    database: () => ready(testDatabase).connection.database,
    merchant: () => ready(merchant),
  }
}

export async function createTestBuyer(database: Database, now: Date, email?: string): Promise<string> {
  buyerCounter += 1
  const identifier = parseSignInIdentifier(email ?? `cashback.${Date.now()}.${buyerCounter}@example.com`)
  if (identifier === undefined) throw new Error('not a sign-in identifier')
  const { record } = await createBuyer(database, identifier, now)
  return record.id
}

let orderCounter = 0

export async function recordTestPurchase(
  database: Database,
  input: { buyerId: string; merchantId: string; purchaseAmount: Satang; now: Date },
): Promise<TransactionRecord> {
  orderCounter += 1
  return database.transaction((tx) =>
    recordPurchase(tx, {
      buyerId: input.buyerId,
      clickId: null,
      merchantId: input.merchantId,
      productId: null,
      orderId: `TEST-${orderCounter}`,
      orderDate: input.now,
      purchaseAmount: input.purchaseAmount,
      actor: 'test',
      now: input.now,
    }),
  )
}

export async function changeTestTransaction(
  database: Database,
  input: Omit<ChangeTransactionInput, 'actor'> & { actor?: string },
): Promise<TransactionChangeResult> {
  return database.transaction((tx) => changeTransaction(tx, { actor: 'test', ...input }))
}

/** Like `changeTestTransaction`, but a refusal fails the test. */
export async function applyTestChange(
  database: Database,
  input: Omit<ChangeTransactionInput, 'actor'> & { actor?: string },
): Promise<TransactionRecord> {
  const result = await changeTestTransaction(database, input)
  if (!result.ok) throw new Error(`${input.event.kind} on ${input.transactionId} refused: ${result.code}`)
  return result.record
}

/** A purchase the network approved (TRACKING → PENDING → APPROVED). */
export async function recordApprovedPurchase(
  database: Database,
  input: { buyerId: string; merchantId: string; purchaseAmount: Satang; now: Date },
): Promise<TransactionRecord> {
  const recorded = await recordTestPurchase(database, input)
  const { now } = input
  await applyTestChange(database, {
    transactionId: recorded.id,
    event: { kind: 'network_update', status: 'PENDING' },
    now,
  })
  return applyTestChange(database, {
    transactionId: recorded.id,
    event: { kind: 'network_update', status: 'APPROVED' },
    now,
  })
}
