import { asc, eq, inArray } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PurchaseOutcome } from '#domain/cashback/rating'
import {
  applyTransactionEvent,
  initialTransactionState,
  type TransactionEvent,
  type TransactionState,
} from '#domain/cashback/transaction-state'
import { cashbackStatuses, type CashbackHistoryKind } from '#domain/contracts/cashback'
import { signedLedgerAmount } from '#domain/wallet/ledger'
import { recordPurchase } from '#server/cashback/transaction-changes'
import { buyers, cashbackTransactionEvents, cashbackTransactions, clicks, walletLedgerEntries } from '#server/db/schema'
import {
  applyTestChange,
  changeTestTransaction,
  createTestBuyer,
  insertTestMerchant,
  recordApprovedPurchase,
  recordTestPurchase,
  type TestMerchant,
} from '#server/test/cashback'
import { createTestDatabase, type TestDatabase } from '#server/test/database'
import { readWalletBalance, readWalletSummary } from '#server/wallet/wallet-queries'

let testDatabase: TestDatabase
let merchant: TestMerchant
beforeAll(async () => {
  testDatabase = await createTestDatabase()
  merchant = await insertTestMerchant(testDatabase.connection.database)
})
afterAll(() => testDatabase.dispose())

function database() {
  return testDatabase.connection.database
}

const now = new Date('2026-11-15T03:00:00Z')

async function ratingOf(buyerId: string): Promise<number | undefined> {
  const [row] = await database().select().from(buyers).where(eq(buyers.id, buyerId))
  return row === undefined ? undefined : row.ratingBasisPoints / 100
}

describe('recordPurchase', () => {
  it('records a tracking transaction with its cashback components and a first history step', async () => {
    const buyerId = await createTestBuyer(database(), now)
    const capped = await insertTestMerchant(database(), {
      cashback: { kind: 'flat', rateBasisPoints: 200, maxPerOrder: 5_000 },
      trackingDays: 7,
    })
    await database()
      .insert(clicks)
      .values({ id: 'c1ick000000000000000000a', buyerId, merchantId: capped.id, createdAt: now })
    const input = {
      buyerId,
      clickId: 'c1ick000000000000000000a',
      merchantId: capped.id,
      productId: null,
      orderId: 'ORDER-1',
      orderDate: new Date('2026-11-14T10:00:00Z'),
      // 2 % of ฿5,000 is ฿100, capped at ฿50.
      purchaseAmount: 500_000,
      actor: 'network:test',
      now,
    }
    const first = await database().transaction((tx) => recordPurchase(tx, input))
    expect(first).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      status: 'TRACKING',
      cashbackAmount: 5_000,
      cashbackComponents: [{ kind: 'base', amount: 5_000 }],
      cashbackKind: 'flat',
      cashbackRateBasisPoints: 200,
      cashbackMaxPerOrder: 5_000,
      expectedAt: new Date('2026-11-21T10:00:00Z'),
      releasePath: null,
      ratingOutcome: null,
    })
    // Another item of the same order is a transaction of its own.
    const secondItem = await database().transaction((tx) => recordPurchase(tx, { ...input, purchaseAmount: 100_000 }))
    expect(secondItem.id).not.toBe(first.id)
    expect(secondItem).toMatchObject({ orderId: 'ORDER-1', cashbackAmount: 2_000 })
    const events = await database()
      .select()
      .from(cashbackTransactionEvents)
      .where(eq(cashbackTransactionEvents.transactionId, first.id))
    expect(events.map((event) => [event.kind, event.actor])).toEqual([['TRACKING', 'network:test']])
  })
})

describe('changeTransaction', () => {
  it('returns refusals as codes, repeats as unchanged, and unknown ids as transaction_not_found', async () => {
    const buyerId = await createTestBuyer(database(), now)
    const record = await recordTestPurchase(database(), {
      buyerId,
      merchantId: merchant.id,
      purchaseAmount: 10_000,
      now,
    })
    expect(
      await changeTestTransaction(database(), { transactionId: record.id, event: { kind: 'accept' }, now }),
    ).toEqual({
      ok: false,
      code: 'not_approved',
    })
    expect(
      await changeTestTransaction(database(), {
        transactionId: record.id,
        event: { kind: 'network_update', status: 'REJECTED', rejectionReason: '  ' },
        now,
      }),
    ).toEqual({ ok: false, code: 'rejection_reason_required' })
    const repeat = await changeTestTransaction(database(), {
      transactionId: record.id,
      event: { kind: 'network_update', status: 'TRACKING' },
      now,
    })
    expect(repeat).toMatchObject({ ok: true, changed: false })
    await expect(
      changeTestTransaction(database(), { transactionId: 'ffffffffffffffffffffffff', event: { kind: 'accept' }, now }),
    ).rejects.toMatchObject({ status: 404, code: 'transaction_not_found' })

    await applyTestChange(database(), {
      transactionId: record.id,
      event: { kind: 'network_update', status: 'CANCELLED' },
      now,
    })
    expect(
      await changeTestTransaction(database(), {
        transactionId: record.id,
        event: { kind: 'network_update', status: 'APPROVED' },
        now,
      }),
    ).toEqual({ ok: false, code: 'invalid_transition' })
    const events = await database()
      .select()
      .from(cashbackTransactionEvents)
      .where(eq(cashbackTransactionEvents.transactionId, record.id))
    expect(events.map((event) => event.kind)).toEqual(['TRACKING', 'CANCELLED'])
  })

  it('moves the rating: approvals up; returns, merchant cancellations and flags down; shopper cancellations not at all', async () => {
    const buyerId = await createTestBuyer(database(), now)
    const purchase = () =>
      recordTestPurchase(database(), { buyerId, merchantId: merchant.id, purchaseAmount: 10_000, now })
    const decide = async (status: 'REJECTED' | 'CANCELLED', ratingOutcome?: PurchaseOutcome) => {
      const record = await purchase()
      const event: TransactionEvent =
        status === 'REJECTED'
          ? { kind: 'network_update', status, rejectionReason: 'Decided by the test' }
          : { kind: 'network_update', status }
      return applyTestChange(database(), { transactionId: record.id, event, ratingOutcome, now })
    }
    expect(await ratingOf(buyerId)).toBe(100)
    for (let index = 0; index < 3; index += 1) {
      await recordApprovedPurchase(database(), { buyerId, merchantId: merchant.id, purchaseAmount: 10_000, now })
    }
    expect(await ratingOf(buyerId)).toBe(100)

    expect((await decide('REJECTED')).ratingOutcome).toBe('returned')
    expect(await ratingOf(buyerId)).toBe(75)
    expect((await decide('CANCELLED')).ratingOutcome).toBe('cancelled_by_merchant')
    expect(await ratingOf(buyerId)).toBe(60)
    expect((await decide('REJECTED', 'flagged')).ratingOutcome).toBe('flagged')
    expect(await ratingOf(buyerId)).toBe(50)
    expect((await decide('CANCELLED', 'cancelled_by_shopper')).ratingOutcome).toBe('cancelled_by_shopper')
    expect(await ratingOf(buyerId)).toBe(50)

    await recordApprovedPurchase(database(), { buyerId, merchantId: merchant.id, purchaseAmount: 10_000, now })
    // 4 approved of 7 decided: 57.142… rounds down to 57.1.
    expect(await ratingOf(buyerId)).toBe(57.1)

    // An approved purchase reversed later counts as returned, not approved.
    const reversed = await recordApprovedPurchase(database(), {
      buyerId,
      merchantId: merchant.id,
      purchaseAmount: 10_000,
      now,
    })
    expect(await ratingOf(buyerId)).toBe(62.5)
    await applyTestChange(database(), {
      transactionId: reversed.id,
      event: { kind: 'network_update', status: 'REJECTED', rejectionReason: 'Returned late' },
      now,
    })
    expect(await ratingOf(buyerId)).toBe(50)
  })
})

/** One step of a random history: which of the buyer's transactions, and what happens to it. */
type Command = { index: number; event: TransactionEvent; ratingOutcome: PurchaseOutcome | undefined }

const eventArbitrary: fc.Arbitrary<TransactionEvent> = fc.oneof(
  fc
    .constantFrom(...cashbackStatuses)
    .chain((status): fc.Arbitrary<TransactionEvent> =>
      status === 'REJECTED'
        ? fc
            .constantFrom('Returned', 'Order cancelled', 'Fraud', ' ')
            .map((rejectionReason) => ({ kind: 'network_update', status, rejectionReason }))
        : fc.constant({ kind: 'network_update', status }),
    ),
  fc.constant<TransactionEvent>({ kind: 'accept' }),
  fc.constant<TransactionEvent>({ kind: 'archive' }),
)

const commandArbitrary: fc.Arbitrary<Command> = fc.record({
  index: fc.integer({ min: 0, max: 2 }),
  event: eventArbitrary,
  ratingOutcome: fc.constantFrom<PurchaseOutcome | undefined>(undefined, undefined, 'flagged', 'cancelled_by_shopper'),
})

/** The machine's event a history step records (accept and archive are the buyer's). */
function eventOfHistoryStep(kind: CashbackHistoryKind, rejectionReason: string | null): TransactionEvent {
  if (kind === 'ACCEPTED') return { kind: 'accept' }
  if (kind === 'ARCHIVED') return { kind: 'archive' }
  if (kind === 'REJECTED') return { kind: 'network_update', status: kind, rejectionReason: rejectionReason ?? '' }
  return { kind: 'network_update', status: kind }
}

describe('property: the ledger follows the machine', () => {
  it('keeps balance = Σ ledger = credits − reversals, with every history step allowed', async () => {
    const amounts = [100_000, 37_900, 250_000]
    await fc.assert(
      fc.asyncProperty(fc.array(commandArbitrary, { minLength: 1, maxLength: 25 }), async (commands) => {
        const buyerId = await createTestBuyer(database(), now)
        const records = []
        for (const purchaseAmount of amounts) {
          records.push(await recordTestPurchase(database(), { buyerId, merchantId: merchant.id, purchaseAmount, now }))
        }
        // The model: the pure machine alone, and the money it says should move.
        const models: TransactionState[] = records.map(() => initialTransactionState)
        let expectedBalance = 0
        for (const command of commands) {
          const record = records[command.index]
          const model = models[command.index]
          if (record === undefined || model === undefined) throw new Error('index out of range')
          const expected = applyTransactionEvent(model, command.event)
          const result = await changeTestTransaction(database(), {
            transactionId: record.id,
            event: command.event,
            ratingOutcome: command.ratingOutcome,
            now,
          })
          if (!expected.ok) {
            expect(result).toEqual({ ok: false, code: expected.code })
            continue
          }
          expect(result).toMatchObject({ ok: true, changed: expected.changed })
          models[command.index] = expected.next
          if (expected.ledgerEntry !== null) {
            expectedBalance += signedLedgerAmount(expected.ledgerEntry, record.cashbackAmount)
          }
        }

        const entries = await database()
          .select()
          .from(walletLedgerEntries)
          .where(eq(walletLedgerEntries.buyerId, buyerId))
        const ledgerSum = entries.reduce((sum, entry) => sum + entry.amount, 0)
        expect(await readWalletBalance(database(), buyerId)).toBe(ledgerSum)
        expect((await readWalletSummary(database(), buyerId, now))?.balance).toBe(ledgerSum)
        expect(ledgerSum).toBe(expectedBalance)

        // Replaying each recorded history through the machine: every step allowed and a change,
        // the end state is the row, and credits − reversals read off the history is the ledger.
        const rows = await database()
          .select()
          .from(cashbackTransactions)
          .where(
            inArray(
              cashbackTransactions.id,
              records.map((record) => record.id),
            ),
          )
        let historyBalance = 0
        for (const row of rows) {
          const events = await database()
            .select()
            .from(cashbackTransactionEvents)
            .where(eq(cashbackTransactionEvents.transactionId, row.id))
            .orderBy(asc(cashbackTransactionEvents.id))
          expect(events[0]?.kind).toBe('TRACKING')
          let state = initialTransactionState
          for (const event of events.slice(1)) {
            const step = applyTransactionEvent(state, eventOfHistoryStep(event.kind, event.rejectionReason))
            expect(step.ok && step.changed, `${row.id} ${event.kind} from ${state.status}`).toBe(true)
            if (!step.ok) break
            if (step.ledgerEntry !== null) historyBalance += signedLedgerAmount(step.ledgerEntry, row.cashbackAmount)
            state = step.next
          }
          expect(state).toEqual({
            status: row.status,
            accepted: row.accepted,
            archived: row.archived,
            rejectionReason: row.rejectionReason,
          })
        }
        expect(historyBalance).toBe(ledgerSum)
      }),
      { numRuns: 25 },
    )
  })
})
