import { and, asc, eq, inArray } from 'drizzle-orm'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { computeRating, type PurchaseOutcome } from '#domain/cashback/rating'
import {
  rejectionReasonCodeOf,
  rejectionReasonCodes,
  type RejectionReasonCode,
} from '#domain/cashback/rejection-reasons'
import {
  applyTransactionEvent,
  initialTransactionState,
  type TransactionEvent,
  type TransactionState,
} from '#domain/cashback/transaction-state'
import { cashbackStatuses, type CashbackHistoryKind } from '#domain/contracts/cashback'
import { signedLedgerAmount } from '#domain/wallet/ledger'
import { readPurchaseOutcomeCounts } from '#server/cashback/buyer-rating'
import { recordPurchase } from '#server/cashback/transaction-changes'
import { buyers, cashbackTransactionEvents, cashbackTransactions, clicks, walletLedgerEntries } from '#server/db/schema'
import {
  applyTestChange,
  changeTestTransaction,
  createTestBuyer,
  insertTestMerchant,
  recordApprovedPurchase,
  recordTestPurchase,
  useTestDatabaseWithMerchant,
} from '#server/test/cashback'
import { readWalletBalance, readWalletSummary } from '#server/wallet/wallet-queries'

const { database, merchant } = useTestDatabaseWithMerchant()

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
      merchantId: merchant().id,
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
        event: { kind: 'network_update', status: 'REJECTED', reasonCode: 'item_returned', rejectionReason: '  ' },
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
      event: { kind: 'network_update', status: 'CANCELLED', reasonCode: 'order_cancelled' },
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

  it('moves the rating: approvals up; returns, merchant cancellations and flags down; other cancellations not at all', async () => {
    const buyerId = await createTestBuyer(database(), now)
    const purchase = () =>
      recordTestPurchase(database(), { buyerId, merchantId: merchant().id, purchaseAmount: 10_000, now })
    const decide = async (status: 'REJECTED' | 'CANCELLED', ratingOutcome?: PurchaseOutcome) => {
      const record = await purchase()
      const event: TransactionEvent =
        status === 'REJECTED'
          ? { kind: 'network_update', status, reasonCode: 'other', rejectionReason: 'Decided by the test' }
          : { kind: 'network_update', status, reasonCode: 'order_cancelled' }
      return applyTestChange(database(), { transactionId: record.id, event, ratingOutcome, now })
    }
    expect(await ratingOf(buyerId)).toBe(100)
    for (let index = 0; index < 3; index += 1) {
      await recordApprovedPurchase(database(), { buyerId, merchantId: merchant().id, purchaseAmount: 10_000, now })
    }
    expect(await ratingOf(buyerId)).toBe(100)

    expect((await decide('REJECTED')).ratingOutcome).toBe('returned')
    expect(await ratingOf(buyerId)).toBe(75)
    // A network does not say who cancelled: the benefit of the doubt, not counted.
    expect((await decide('CANCELLED')).ratingOutcome).toBe('cancelled_by_shopper')
    expect(await ratingOf(buyerId)).toBe(75)
    expect((await decide('CANCELLED', 'cancelled_by_merchant')).ratingOutcome).toBe('cancelled_by_merchant')
    expect(await ratingOf(buyerId)).toBe(60)
    expect((await decide('REJECTED', 'flagged')).ratingOutcome).toBe('flagged')
    expect(await ratingOf(buyerId)).toBe(50)
    expect((await decide('CANCELLED', 'cancelled_by_shopper')).ratingOutcome).toBe('cancelled_by_shopper')
    expect(await ratingOf(buyerId)).toBe(50)

    await recordApprovedPurchase(database(), { buyerId, merchantId: merchant().id, purchaseAmount: 10_000, now })
    // 4 approved of 7 decided: 57.142… rounds down to 57.1.
    expect(await ratingOf(buyerId)).toBe(57.1)

    // An approved purchase reversed later counts as returned, not approved.
    const reversed = await recordApprovedPurchase(database(), {
      buyerId,
      merchantId: merchant().id,
      purchaseAmount: 10_000,
      now,
    })
    expect(await ratingOf(buyerId)).toBe(62.5)
    await applyTestChange(database(), {
      transactionId: reversed.id,
      event: {
        kind: 'network_update',
        status: 'REJECTED',
        reasonCode: 'item_returned',
        rejectionReason: 'Returned late',
      },
      now,
    })
    expect(await ratingOf(buyerId)).toBe(50)
  })
})

describe('changeTransaction on a decided purchase, with another rating outcome', () => {
  it('reclassifies it and moves the rating, without a history step or money', async () => {
    const buyerId = await createTestBuyer(database(), now)
    for (let index = 0; index < 3; index += 1) {
      await recordApprovedPurchase(database(), { buyerId, merchantId: merchant().id, purchaseAmount: 10_000, now })
    }
    const historyOf = async (transactionId: string) =>
      database()
        .select()
        .from(cashbackTransactionEvents)
        .where(eq(cashbackTransactionEvents.transactionId, transactionId))
    const rejection: TransactionEvent = {
      kind: 'network_update',
      status: 'REJECTED',
      reasonCode: 'item_returned',
      rejectionReason: 'Returned',
    }
    const cancellation: TransactionEvent = {
      kind: 'network_update',
      status: 'CANCELLED',
      reasonCode: 'order_cancelled',
    }
    const later = new Date(now.getTime() + 60_000)

    const rejected = await recordTestPurchase(database(), {
      buyerId,
      merchantId: merchant().id,
      purchaseAmount: 10_000,
      now,
    })
    await applyTestChange(database(), { transactionId: rejected.id, event: rejection, now })
    const rejectedHistory = await historyOf(rejected.id)
    // An operator flags what the network already rejected, with the same reason.
    const flagged = await changeTestTransaction(database(), {
      transactionId: rejected.id,
      event: rejection,
      ratingOutcome: 'flagged',
      now: later,
    })
    expect(flagged).toMatchObject({
      ok: true,
      changed: true,
      record: {
        status: 'REJECTED',
        reasonCode: 'item_returned',
        rejectionReason: 'Returned',
        ratingOutcome: 'flagged',
        updatedAt: later,
      },
    })
    expect(await historyOf(rejected.id)).toEqual(rejectedHistory)
    expect(await readPurchaseOutcomeCounts(database(), buyerId)).toMatchObject({ returned: 0, flagged: 1 })
    expect(await ratingOf(buyerId)).toBe(75)
    // The same request again is the same news.
    expect(
      await changeTestTransaction(database(), {
        transactionId: rejected.id,
        event: rejection,
        ratingOutcome: 'flagged',
        now,
      }),
    ).toMatchObject({ ok: true, changed: false })
    // Without an outcome, a repeat keeps the one recorded.
    expect(await applyTestChange(database(), { transactionId: rejected.id, event: rejection, now })).toMatchObject({
      ratingOutcome: 'flagged',
    })

    // A network cancellation does not count, until an operator knows it was the merchant's.
    const cancelled = await recordTestPurchase(database(), {
      buyerId,
      merchantId: merchant().id,
      purchaseAmount: 10_000,
      now,
    })
    await applyTestChange(database(), { transactionId: cancelled.id, event: cancellation, now })
    expect(await ratingOf(buyerId)).toBe(75)
    const cancelledHistory = await historyOf(cancelled.id)
    const byMerchant = await changeTestTransaction(database(), {
      transactionId: cancelled.id,
      event: cancellation,
      ratingOutcome: 'cancelled_by_merchant',
      now,
    })
    expect(byMerchant).toMatchObject({ ok: true, changed: true, record: { ratingOutcome: 'cancelled_by_merchant' } })
    expect(await historyOf(cancelled.id)).toEqual(cancelledHistory)
    expect(await ratingOf(buyerId)).toBe(60)

    // Approved purchases keep counting as approved whatever is asked.
    const [approved] = await database()
      .select()
      .from(cashbackTransactions)
      .where(and(eq(cashbackTransactions.buyerId, buyerId), eq(cashbackTransactions.ratingOutcome, 'approved')))
      .limit(1)
    if (approved === undefined) throw new Error('no approved purchase')
    expect(
      await changeTestTransaction(database(), {
        transactionId: approved.id,
        event: { kind: 'network_update', status: 'APPROVED' },
        ratingOutcome: 'flagged',
        now,
      }),
    ).toMatchObject({ ok: true, changed: false, record: { ratingOutcome: 'approved' } })

    const entries = await database().select().from(walletLedgerEntries).where(eq(walletLedgerEntries.buyerId, buyerId))
    expect(entries).toEqual([])
  })
})

/** One step of a random history: which of the buyer's transactions, and what happens to it. */
type Command = { index: number; event: TransactionEvent; ratingOutcome: PurchaseOutcome | undefined }

const eventArbitrary: fc.Arbitrary<TransactionEvent> = fc.oneof(
  fc.constantFrom(...cashbackStatuses).chain((status): fc.Arbitrary<TransactionEvent> =>
    status === 'REJECTED'
      ? fc.constantFrom('Returned', 'Order cancelled', 'Fraud', ' ').map((rejectionReason) => ({
          kind: 'network_update',
          status,
          reasonCode: rejectionReasonCodeOf(rejectionReason),
          rejectionReason,
        }))
      : status === 'CANCELLED'
        ? fc.constantFrom(...rejectionReasonCodes).map((reasonCode) => ({ kind: 'network_update', status, reasonCode }))
        : fc.constant({ kind: 'network_update', status }),
  ),
  fc.constant<TransactionEvent>({ kind: 'accept' }),
  fc.constant<TransactionEvent>({ kind: 'archive' }),
  fc.constant<TransactionEvent>({ kind: 'appeal_approved' }),
)

const commandArbitrary: fc.Arbitrary<Command> = fc.record({
  index: fc.integer({ min: 0, max: 2 }),
  event: eventArbitrary,
  ratingOutcome: fc.constantFrom<PurchaseOutcome | undefined>(
    undefined,
    undefined,
    'returned',
    'flagged',
    'cancelled_by_merchant',
    'cancelled_by_shopper',
  ),
})

/**
 * The model of how a step leaves a transaction's rating outcome: approval counts as approved;
 * a new rejection or cancellation takes the requested outcome or the default (a return; a
 * cancellation not counted); the same decision again takes the requested one or keeps its own.
 */
function expectedRatingOutcome(
  before: TransactionState,
  after: TransactionState,
  stored: PurchaseOutcome | null,
  requested: PurchaseOutcome | undefined,
): PurchaseOutcome | null {
  if (after.status === 'APPROVED') return before.status === 'APPROVED' ? stored : 'approved'
  if (after.status !== 'REJECTED' && after.status !== 'CANCELLED') return stored
  if (after.status === before.status) return requested ?? stored
  return requested ?? (after.status === 'REJECTED' ? 'returned' : 'cancelled_by_shopper')
}

/** The machine's event a history step records (accept and archive are the buyer's). */
function eventOfHistoryStep(step: {
  kind: CashbackHistoryKind
  rejectionReason: string | null
  reasonCode: RejectionReasonCode | null
  isAppealApproval: boolean
}): TransactionEvent {
  const { kind } = step
  if (step.isAppealApproval) return { kind: 'appeal_approved' }
  if (kind === 'ACCEPTED') return { kind: 'accept' }
  if (kind === 'ARCHIVED') return { kind: 'archive' }
  if (kind === 'REJECTED' || kind === 'CANCELLED') {
    // Every decision step of this release records its reason code.
    expect(step.reasonCode).not.toBeNull()
    const reasonCode = step.reasonCode ?? 'other'
    return kind === 'REJECTED'
      ? { kind: 'network_update', status: kind, reasonCode, rejectionReason: step.rejectionReason ?? '' }
      : { kind: 'network_update', status: kind, reasonCode }
  }
  return { kind: 'network_update', status: kind }
}

describe('property: the ledger follows the machine', () => {
  it('keeps balance = Σ ledger = credits − reversals + reinstatements, with every history step allowed', async () => {
    const amounts = [100_000, 37_900, 250_000]
    await fc.assert(
      fc.asyncProperty(fc.array(commandArbitrary, { minLength: 1, maxLength: 25 }), async (commands) => {
        const buyerId = await createTestBuyer(database(), now)
        const records = []
        for (const purchaseAmount of amounts) {
          records.push(
            await recordTestPurchase(database(), { buyerId, merchantId: merchant().id, purchaseAmount, now }),
          )
        }
        // The model: the pure machine alone, the money it says should move, and how each
        // purchase counts in the rating.
        const models: TransactionState[] = records.map(() => initialTransactionState)
        const outcomes: (PurchaseOutcome | null)[] = records.map(() => null)
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
          const stored = outcomes[command.index] ?? null
          const outcome = expectedRatingOutcome(model, expected.next, stored, command.ratingOutcome)
          // A changed outcome alone is a change too (it adds no history step).
          expect(result).toMatchObject({
            ok: true,
            changed: expected.changed || outcome !== stored,
            record: { ratingOutcome: outcome },
          })
          models[command.index] = expected.next
          outcomes[command.index] = outcome
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
            const step = applyTransactionEvent(state, eventOfHistoryStep(event))
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
            reasonCode: row.reasonCode,
            appealApproved: row.appealApprovedAt !== null,
          })
        }
        expect(historyBalance).toBe(ledgerSum)

        // The stored rating is the one the outcomes give.
        const counts = await readPurchaseOutcomeCounts(database(), buyerId)
        expect(await ratingOf(buyerId)).toBe(computeRating(counts))
      }),
      { numRuns: 25 },
    )
  })
})
