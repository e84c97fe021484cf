import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asc, count, eq } from 'drizzle-orm'
import { defaultFixedRates } from '#domain/contracts/fixed-rate'
import type { WithdrawalRequest } from '#domain/contracts/withdrawal'
import { listBuyerStatusEvents } from '#server/buyers/buyer-records'
import type { Database } from '#server/db/database'
import {
  buyers,
  cashbackTransactionEvents,
  cashbackTransactions,
  conversions,
  operatorAuditLog,
} from '#server/db/schema'
import { parseOperatorCommand, runOperatorCommand } from '#server/operator-commands'
import { createAccountsTestApp, signIn } from '#server/test/accounts'
import { createTestApp, readErrorBody } from '#server/test/app'
import { applyTestChange, createTestBuyer, insertTestMerchant, recordTestPurchase } from '#server/test/cashback'
import { createTestDatabase, type TestDatabase } from '#server/test/database'
import { switchOffPurchasePromotions } from '#server/test/promotions'
import { giveTestBalance, saveTestPayoutAccountWaitedOut } from '#server/test/withdrawals'
import { readWalletBalance } from '#server/wallet/wallet-queries'
import { requestWithdrawal } from '#server/withdrawals/withdrawal-service'

/** A record's audit entries, oldest first: what the console's page of it shows. */
async function auditEntriesOf(database: Database, subjectId: string) {
  const rows = await database
    .select()
    .from(operatorAuditLog)
    .where(eq(operatorAuditLog.subjectId, subjectId))
    .orderBy(asc(operatorAuditLog.id))
  return rows.map(({ action, actor, subjectType, reason, before, after }) => ({
    action,
    actor,
    subjectType,
    reason,
    before,
    after,
  }))
}

async function auditEntryCount(database: Database): Promise<number> {
  const [row] = await database.select({ total: count() }).from(operatorAuditLog)
  return row?.total ?? 0
}

describe('parseOperatorCommand', () => {
  it.each(['on', 'off', 'status'] as const)('accepts maintenance %s', (action) => {
    expect(parseOperatorCommand(['maintenance', action])).toEqual({
      success: true,
      command: { name: 'maintenance', action },
    })
  })

  it.each([
    [['buyer', 'suspend', 'demo@ngernkhuen.test', '--reason', 'Fraud'], 'Fraud'],
    [['buyer', 'suspend', '0812345678', '--reason=Negative wallet'], 'Negative wallet'],
  ])('accepts buyer suspend %o', (argumentList, reason) => {
    const parsed = parseOperatorCommand(argumentList)
    expect(parsed).toMatchObject({ success: true, command: { name: 'buyer', action: 'suspend', reason } })
  })

  it('accepts buyer show and reinstate, the reason optional for reinstate', () => {
    expect(parseOperatorCommand(['buyer', 'show', 'x'])).toMatchObject({ success: true })
    expect(parseOperatorCommand(['buyer', 'reinstate', 'x'])).toMatchObject({
      success: true,
      command: { reason: undefined },
    })
  })

  it.each([
    [['transaction', 'show', 'ABCDEF'], { action: 'show', transactionId: 'abcdef' }],
    [
      ['transaction', 'approve', 'abc', '--reason', 'Network portal says paid'],
      { action: 'approve', transactionId: 'abc', reason: 'Network portal says paid', isFlagged: false },
    ],
    [
      ['transaction', 'reject', 'abc', '--flagged', '--reason=8 pieces of one item', '--code=daily_item_limit'],
      {
        action: 'reject',
        reason: '8 pieces of one item',
        reasonCode: 'daily_item_limit',
        isFlagged: true,
        isByMerchant: false,
      },
    ],
    [
      [
        'transaction',
        'cancel',
        'abc',
        '--code',
        'order_cancelled',
        '--reason',
        'Merchant out of stock',
        '--by-merchant',
      ],
      { action: 'cancel', reason: 'Merchant out of stock', reasonCode: 'order_cancelled', isByMerchant: true },
    ],
    [
      ['transaction', 'cancel', 'abc', '--reason', 'Shopper asked', '--code', 'order_cancelled'],
      { action: 'cancel', reason: 'Shopper asked', reasonCode: 'order_cancelled', isByMerchant: false },
    ],
  ])('accepts %o', (argumentList, command) => {
    expect(parseOperatorCommand(argumentList)).toMatchObject({
      success: true,
      command: { name: 'transaction', ...command },
    })
  })

  it('accepts conversions unmatched with an optional limit, and cashback release', () => {
    expect(parseOperatorCommand(['conversions', 'unmatched'])).toMatchObject({ command: { limit: 20 } })
    expect(parseOperatorCommand(['conversions', 'unmatched', '--limit', '5'])).toMatchObject({ command: { limit: 5 } })
    expect(parseOperatorCommand(['conversions', 'unmatched', '--limit=50'])).toMatchObject({ command: { limit: 50 } })
    expect(parseOperatorCommand(['cashback', 'release'])).toEqual({
      success: true,
      command: { name: 'cashback', action: 'release' },
    })
  })

  it.each([
    [[]],
    [['transaction', 'show']],
    [['transaction', 'show', 'abc', '--reason', 'x']],
    [['transaction', 'approve', 'abc']],
    [['transaction', 'approve', 'abc', '--reason', ' ']],
    [['transaction', 'approve', 'abc', '--reason', 'x', '--flagged']],
    [['transaction', 'reject', 'abc', '--code', 'other', '--reason', 'x', '--by-merchant']],
    // A rejection or cancellation names the reason the shopper is told, out of the closed set.
    [['transaction', 'reject', 'abc', '--reason', 'x']],
    [['transaction', 'cancel', 'abc', '--reason', 'x']],
    [['transaction', 'reject', 'abc', '--reason', 'x', '--code', 'returned']],
    [['transaction', 'reject', 'abc', '--reason', 'x', '--code']],
    [['transaction', 'reject', 'abc', '--reason', 'x', '--code', 'other', '--code', 'other']],
    [['transaction', 'approve', 'abc', '--reason', 'x', '--code', 'other']],
    // The rule is "not counted unless by the merchant": there is no shopper switch.
    [['transaction', 'cancel', 'abc', '--code', 'other', '--reason', 'x', '--by-shopper']],
    [['transaction', 'cancel', 'abc', '--code', 'other', '--reason', 'x', '--flagged']],
    [['transaction', 'reject', 'abc', '--code', 'other', '--reason', 'x', '--reason', 'y']],
    [['transaction', 'delete', 'abc', '--reason', 'x']],
    [['conversions']],
    [['conversions', 'unmatched', '--limit', '0']],
    [['conversions', 'unmatched', '--limit', 'many']],
    [['cashback', 'release', 'now']],
    [['maintenance']],
    [['buyer', 'suspend', 'x']],
    [['buyer', 'suspend', 'x', '--reason', '  ']],
    [['buyer', 'show']],
    [['buyer', 'show', 'x', '--reason', 'y']],
    [['buyer', 'delete', 'x']],
    [['maintenance', 'maybe']],
    [['maintenance', 'on', 'now']],
    [['restart']],
  ])('rejects %o with the usage text', (argumentList) => {
    const parsed = parseOperatorCommand(argumentList)
    expect(parsed.success).toBe(false)
    if (!parsed.success) expect(parsed.message).toContain('Usage: npm run ops -- <command>')
  })
})

describe('maintenance command', () => {
  let testDatabase: TestDatabase
  beforeAll(async () => {
    testDatabase = await createTestDatabase()
  })
  afterAll(() => testDatabase.dispose())

  it('round-trips through the settings row that every server reads', async () => {
    const { database } = testDatabase.connection
    const app = createTestApp(database, { maintenanceCacheMilliseconds: 0 })
    const run = (action: 'on' | 'off' | 'status') => runOperatorCommand({ name: 'maintenance', action }, database)

    expect(await run('status')).toBe('maintenance: off (never set)')
    expect(await run('on')).toMatch(/^maintenance: on\n/)
    expect(await run('status')).toBe('maintenance: on')
    expect((await app.request('/api/status')).status).toBe(503)

    expect(await run('off')).toMatch(/^maintenance: off\n/)
    expect(await run('status')).toBe('maintenance: off')
    expect((await app.request('/api/status')).status).toBe(200)
  })
})

describe('buyer commands', () => {
  let testDatabase: TestDatabase
  beforeAll(async () => {
    testDatabase = await createTestDatabase()
  })
  afterAll(() => testDatabase.dispose())

  it('suspend and reinstate round-trip, recorded with who and why, and the API follows', async () => {
    const { database } = testDatabase.connection
    const { app } = createAccountsTestApp(database)
    const { cookie, buyer } = await signIn(app, 'ops.target@example.com')
    const run = (argumentList: string[]) => {
      const parsed = parseOperatorCommand(argumentList)
      if (!parsed.success) throw new Error(parsed.message)
      return runOperatorCommand(parsed.command, database, { actor: 'ops:alice' })
    }
    const memberStatus = async () => app.request(`/api/buyers/${buyer.buyerId}`, { headers: { Cookie: cookie } })

    expect(await run(['buyer', 'show', 'OPS.TARGET@example.com'])).toContain('(no status changes)')
    const suspended = await run(['buyer', 'suspend', buyer.buyerId, '--reason', 'Frequent cancellations'])
    expect(suspended).toContain('status:  suspended (Frequent cancellations)')
    const refused = await memberStatus()
    expect(refused.status).toBe(403)
    expect((await readErrorBody(refused)).error.code).toBe('buyer_suspended')
    expect(await run(['buyer', 'suspend', buyer.buyerId, '--reason', 'again'])).toContain('already suspended')

    expect(await run(['buyer', 'reinstate', 'ops.target@example.com'])).toContain('status:  active')
    expect((await memberStatus()).status).toBe(200)

    const events = await listBuyerStatusEvents(database, buyer.buyerId)
    expect(events.map((event) => [event.status, event.reason, event.actor])).toEqual([
      ['active', 'reinstated by an operator', 'ops:alice'],
      ['suspended', 'Frequent cancellations', 'ops:alice'],
    ])
    const shown = await run(['buyer', 'show', buyer.buyerId])
    expect(shown).toContain('suspended  by ops:alice: Frequent cancellations')

    await expect(run(['buyer', 'show', 'nobody@example.com'])).rejects.toThrow(/No buyer/)
    await expect(run(['buyer', 'suspend', 'nobody@example.com', '--reason', 'x'])).rejects.toThrow(/No buyer/)

    // One entry per change, as the console writes it, as cli:<user>; the repeat, the shows and the
    // unknown buyer wrote none.
    expect(await auditEntriesOf(database, buyer.buyerId)).toEqual([
      {
        action: 'buyer.suspended',
        actor: 'cli:alice',
        subjectType: 'buyer',
        reason: 'Frequent cancellations',
        before: { status: 'active', suspendedReason: null },
        after: { status: 'suspended', suspendedReason: 'Frequent cancellations' },
      },
      {
        // Reinstated without a reason: none in the audit log (the status history keeps its default).
        action: 'buyer.reinstated',
        actor: 'cli:alice',
        subjectType: 'buyer',
        reason: null,
        before: { status: 'suspended', suspendedReason: 'Frequent cancellations' },
        after: { status: 'active', suspendedReason: null },
      },
    ])
    expect(await auditEntryCount(database)).toBe(2)

    await run(['buyer', 'suspend', buyer.buyerId, '--reason', 'Fake receipts'])
    await run(['buyer', 'reinstate', buyer.buyerId, '--reason', 'Receipts checked'])
    expect((await auditEntriesOf(database, buyer.buyerId)).slice(2)).toEqual([
      expect.objectContaining({ action: 'buyer.suspended', reason: 'Fake receipts' }),
      expect.objectContaining({
        action: 'buyer.reinstated',
        reason: 'Receipts checked',
        before: { status: 'suspended', suspendedReason: 'Fake receipts' },
      }),
    ])
  })
})

describe('transaction, conversions and cashback commands', () => {
  let testDatabase: TestDatabase
  beforeAll(async () => {
    testDatabase = await createTestDatabase()
    await switchOffPurchasePromotions(testDatabase.connection.database)
  })
  afterAll(() => testDatabase.dispose())

  it('shows, approves, rejects and cancels through the state machine, recorded with who and why', async () => {
    const { database } = testDatabase.connection
    const now = new Date('2026-11-15T03:00:00Z')
    const run = (argumentList: string[]) => {
      const parsed = parseOperatorCommand(argumentList)
      if (!parsed.success) throw new Error(parsed.message)
      return runOperatorCommand(parsed.command, database, { actor: 'ops:alice', now: () => now })
    }
    const merchant = await insertTestMerchant(database)
    const buyerId = await createTestBuyer(database, now, 'ops.cashback@example.com')
    const purchase = () =>
      recordTestPurchase(database, { buyerId, merchantId: merchant.id, purchaseAmount: 100_000, now })

    const approved = await purchase()
    const shownBefore = await run(['transaction', 'show', approved.id])
    expect(shownBefore).toContain(`transaction ${approved.id}`)
    expect(shownBefore).toContain('status:     TRACKING (not accepted)')
    expect(shownBefore).toContain('cashback:   THB 50.00 = base THB 50.00')
    expect(shownBefore).toContain('buyer:      ' + buyerId + ' (ops.cashback@example.com)')
    expect(shownBefore).toContain('(none)')

    expect(await run(['transaction', 'approve', approved.id, '--reason', 'Paid in the network portal'])).toContain(
      'recorded by operator:ops:alice',
    )
    expect(await run(['transaction', 'approve', approved.id, '--reason', 'again'])).toContain(
      'nothing to do: it already is APPROVED',
    )
    await expect(
      run(['transaction', 'cancel', approved.id, '--code', 'order_cancelled', '--reason', 'Too late']),
    ).rejects.toThrow(/refused: invalid_transition/)
    // The approval is in the audit log as the console writes it; the repeat and the refusal are not.
    expect(await auditEntriesOf(database, approved.id)).toEqual([
      {
        action: 'transaction.approved',
        actor: 'cli:alice',
        subjectType: 'transaction',
        reason: 'Paid in the network portal',
        before: { status: 'TRACKING', rejectionReason: null, reasonCode: null, ratingOutcome: null },
        after: { status: 'APPROVED', rejectionReason: null, reasonCode: null, ratingOutcome: 'approved' },
      },
    ])
    await applyTestChange(database, { transactionId: approved.id, event: { kind: 'accept' }, actor: 'buyer', now })
    const shown = await run(['transaction', 'show', approved.id])
    expect(shown).toContain('APPROVED  by operator:ops:alice (note: Paid in the network portal)')
    expect(shown).toContain('ACCEPTED  by buyer')
    expect(shown).toMatch(/cashback_credit\s+THB 50\.00/)

    // Rejecting accepted cashback reverses it; --flagged counts it as flagged in the rating.
    const rejectedShown = await run([
      'transaction',
      'reject',
      approved.id,
      '--code',
      'daily_item_limit',
      '--reason',
      'สั่งเกิน 5 ชิ้นต่อวัน',
      '--flagged',
    ])
    expect(rejectedShown).toContain('reason:     daily_item_limit')
    expect(rejectedShown).toContain('rejection:  สั่งเกิน 5 ชิ้นต่อวัน')
    const [rejected] = await database
      .select()
      .from(cashbackTransactions)
      .where(eq(cashbackTransactions.id, approved.id))
    expect(rejected).toMatchObject({ status: 'REJECTED', reasonCode: 'daily_item_limit', ratingOutcome: 'flagged' })
    expect((await auditEntriesOf(database, approved.id)).slice(1)).toEqual([
      {
        action: 'transaction.rejected',
        actor: 'cli:alice',
        subjectType: 'transaction',
        reason: 'สั่งเกิน 5 ชิ้นต่อวัน',
        before: { status: 'APPROVED', rejectionReason: null, reasonCode: null, ratingOutcome: 'approved' },
        after: {
          status: 'REJECTED',
          rejectionReason: 'สั่งเกิน 5 ชิ้นต่อวัน',
          reasonCode: 'daily_item_limit',
          ratingOutcome: 'flagged',
        },
      },
    ])
    expect(await run(['transaction', 'show', approved.id])).toMatch(/cashback_reversal\s+-THB 50\.00/)

    const ratingOf = async () => {
      const [buyer] = await database.select().from(buyers).where(eq(buyers.id, buyerId))
      return buyer?.ratingBasisPoints
    }
    const rowOf = async (transactionId: string) => {
      const [row] = await database.select().from(cashbackTransactions).where(eq(cashbackTransactions.id, transactionId))
      return row
    }
    const historyOf = (transactionId: string) =>
      database
        .select()
        .from(cashbackTransactionEvents)
        .where(eq(cashbackTransactionEvents.transactionId, transactionId))
    await run(['transaction', 'approve', (await purchase()).id, '--reason', 'Paid in the network portal'])
    // 1 approved, 1 flagged.
    expect(await ratingOf()).toBe(5_000)

    // A cancellation does not count unless the operator knows it was the merchant's.
    const cancelled = await purchase()
    await run([
      'transaction',
      'cancel',
      cancelled.id,
      '--code',
      'order_cancelled',
      '--reason',
      'Shopper cancelled by phone',
    ])
    expect(await rowOf(cancelled.id)).toMatchObject({ status: 'CANCELLED', ratingOutcome: 'cancelled_by_shopper' })
    const events = await historyOf(cancelled.id)
    expect(events.at(-1)).toMatchObject({
      kind: 'CANCELLED',
      actor: 'operator:ops:alice',
      note: 'Shopper cancelled by phone',
    })
    expect(await ratingOf()).toBe(5_000)

    // Learning later that the merchant cancelled it reclassifies it: no new history step.
    const reclassified = await run([
      'transaction',
      'cancel',
      cancelled.id,
      '--code',
      'order_cancelled',
      '--reason',
      'Out of stock',
      '--by-merchant',
    ])
    expect(reclassified).toContain('rating as:  cancelled_by_merchant')
    expect(reclassified).toContain('recorded by operator:ops:alice')
    expect(await historyOf(cancelled.id)).toEqual(events)
    // 1 approved of 3 decided.
    expect(await ratingOf()).toBe(3_330)
    expect(
      await run(['transaction', 'cancel', cancelled.id, '--code', 'order_cancelled', '--reason', 'again']),
    ).toContain('nothing to do: it already is CANCELLED')
    expect((await rowOf(cancelled.id))?.ratingOutcome).toBe('cancelled_by_merchant')
    // The reclassification changed the record, so it is an entry too; the repeat is not.
    expect(await auditEntriesOf(database, cancelled.id)).toEqual([
      {
        action: 'transaction.cancelled',
        actor: 'cli:alice',
        subjectType: 'transaction',
        reason: 'Shopper cancelled by phone',
        before: { status: 'TRACKING', rejectionReason: null, reasonCode: null, ratingOutcome: null },
        after: {
          status: 'CANCELLED',
          rejectionReason: null,
          reasonCode: 'order_cancelled',
          ratingOutcome: 'cancelled_by_shopper',
        },
      },
      {
        action: 'transaction.cancelled',
        actor: 'cli:alice',
        subjectType: 'transaction',
        reason: 'Out of stock',
        before: {
          status: 'CANCELLED',
          rejectionReason: null,
          reasonCode: 'order_cancelled',
          ratingOutcome: 'cancelled_by_shopper',
        },
        after: {
          status: 'CANCELLED',
          rejectionReason: null,
          reasonCode: 'order_cancelled',
          ratingOutcome: 'cancelled_by_merchant',
        },
      },
    ])

    // Flagging a purchase the network already rejected, with the same reason.
    const returned = await purchase()
    await run(['transaction', 'reject', returned.id, '--code', 'item_returned', '--reason', 'Returned'])
    expect((await rowOf(returned.id))?.ratingOutcome).toBe('returned')
    const returnedEvents = await historyOf(returned.id)
    expect(
      await run(['transaction', 'reject', returned.id, '--code', 'item_returned', '--reason', 'Returned', '--flagged']),
    ).toContain('rating as:  flagged')
    expect(await rowOf(returned.id)).toMatchObject({ status: 'REJECTED', ratingOutcome: 'flagged' })
    expect(await historyOf(returned.id)).toEqual(returnedEvents)

    expect((await auditEntriesOf(database, returned.id)).map((entry) => [entry.action, entry.after])).toEqual([
      [
        'transaction.rejected',
        { status: 'REJECTED', rejectionReason: 'Returned', reasonCode: 'item_returned', ratingOutcome: 'returned' },
      ],
      [
        'transaction.rejected',
        { status: 'REJECTED', rejectionReason: 'Returned', reasonCode: 'item_returned', ratingOutcome: 'flagged' },
      ],
    ])

    const entriesBefore = await auditEntryCount(database)
    await expect(run(['transaction', 'show', 'ffffffffffffffffffffffff'])).rejects.toThrow(/No cashback transaction/)
    await expect(run(['transaction', 'approve', 'ffffffffffffffffffffffff', '--reason', 'x'])).rejects.toThrow(
      /No cashback transaction/,
    )
    expect(await auditEntryCount(database)).toBe(entriesBefore)
  })

  it('lists unmatched conversions newest first and releases due 1-day cashback', async () => {
    const { database } = testDatabase.connection
    const run = (argumentList: string[], now = new Date()) => {
      const parsed = parseOperatorCommand(argumentList)
      if (!parsed.success) throw new Error(parsed.message)
      return runOperatorCommand(parsed.command, database, { actor: 'ops:alice', now: () => now })
    }
    const entriesBefore = await auditEntryCount(database)
    expect(await run(['conversions', 'unmatched'])).toBe('no unmatched conversions')
    const conversion = (conversionId: string, receivedAt: Date) => ({
      network: 'involve-asia',
      conversionId,
      clickId: `unknown-click-${conversionId}`,
      orderId: `ORDER-${conversionId}`,
      networkStatus: 'pending' as const,
      saleAmount: 129_000,
      currency: 'THB' as const,
      orderTime: receivedAt,
      payload: { conversion_id: conversionId },
      receivedAt,
    })
    await database
      .insert(conversions)
      .values([
        conversion('older', new Date('2026-11-10T00:00:00Z')),
        conversion('newer', new Date('2026-11-12T00:00:00Z')),
        conversion('newest', new Date('2026-11-14T00:00:00Z')),
      ])
    const listed = await run(['conversions', 'unmatched', '--limit', '2'])
    expect(listed.split('\n')).toEqual([
      'unmatched conversions (newest first, at most 2):',
      expect.stringContaining('conversion newest'),
      expect.stringContaining('conversion newer'),
    ])
    expect(listed).toContain('click unknown-click-newest  order ORDER-newest  pending  THB 1290.00')
    // Listing is reading: no operator action to record.
    expect(await auditEntryCount(database)).toBe(entriesBefore)

    const now = new Date('2026-11-15T03:00:00Z')
    const merchant = await insertTestMerchant(database)
    const buyerId = await createTestBuyer(database, now)
    for (let index = 0; index < 3; index += 1) {
      const record = await recordTestPurchase(database, {
        buyerId,
        merchantId: merchant.id,
        purchaseAmount: 10_000,
        now,
      })
      await applyTestChange(database, {
        transactionId: record.id,
        event: { kind: 'network_update', status: 'APPROVED' },
        now,
      })
    }
    const pending = await recordTestPurchase(database, {
      buyerId,
      merchantId: merchant.id,
      purchaseAmount: 10_000,
      now,
    })
    await applyTestChange(database, {
      transactionId: pending.id,
      event: { kind: 'network_update', status: 'PENDING' },
      now,
    })
    expect(await run(['cashback', 'release'], now)).toBe('released 0 transactions on the 1-day path')
    const dayLater = new Date(now.getTime() + 24 * 60 * 60 * 1000)
    expect(await run(['cashback', 'release'], dayLater)).toBe('released 1 transaction on the 1-day path')
  })
})

describe('withdrawal commands', () => {
  let testDatabase: TestDatabase
  beforeAll(async () => {
    testDatabase = await createTestDatabase()
    await switchOffPurchasePromotions(testDatabase.connection.database)
  })
  afterAll(() => testDatabase.dispose())

  it.each([
    [['withdrawals', 'list'], { name: 'withdrawals', action: 'list', status: undefined, limit: 20 }],
    [['withdrawals', 'list', '--status', 'requested', '--limit=5'], { status: 'requested', limit: 5 }],
    [['withdrawal', 'show', 'ABC'], { name: 'withdrawal', action: 'show', withdrawalId: 'abc' }],
    [['withdrawal', 'processing', 'abc'], { action: 'processing', withdrawalId: 'abc', reason: undefined }],
    [['withdrawal', 'paid', 'abc', '--reason', 'KBank ref 1234'], { action: 'paid', reason: 'KBank ref 1234' }],
    [['withdrawal', 'fail', 'abc', '--reason=Account closed'], { action: 'fail', reason: 'Account closed' }],
  ])('parses %o', (argumentList, command) => {
    expect(parseOperatorCommand(argumentList)).toMatchObject({ success: true, command })
  })

  it.each([
    [['withdrawals']],
    [['withdrawals', 'list', '--status', 'lost']],
    [['withdrawals', 'list', '--limit', '0']],
    [['withdrawals', 'list', '--limit', '5', '--limit', '6']],
    [['withdrawal', 'show']],
    [['withdrawal', 'show', 'abc', '--reason', 'x']],
    [['withdrawal', 'fail', 'abc']],
    [['withdrawal', 'fail', 'abc', '--reason', '  ']],
    [['withdrawal', 'paid', 'abc', '--flagged']],
    [['withdrawal', 'requested', 'abc']],
  ])('rejects %o with the usage text', (argumentList) => {
    const parsed = parseOperatorCommand(argumentList)
    expect(parsed.success).toBe(false)
    if (!parsed.success) expect(parsed.message).toContain('withdrawal fail <id> --reason "<why>"')
  })

  it('lists, shows and moves withdrawals on, recorded with who and why; a failure gives the money back', async () => {
    const { database } = testDatabase.connection
    const now = new Date('2026-11-16T02:00:00Z')
    const run = (argumentList: string[]) => {
      const parsed = parseOperatorCommand(argumentList)
      if (!parsed.success) throw new Error(parsed.message)
      return runOperatorCommand(parsed.command, database, { actor: 'ops:alice', now: () => now })
    }
    const merchant = await insertTestMerchant(database)
    const buyerId = await createTestBuyer(database, now, 'ops.withdrawals@example.com')
    await giveTestBalance(database, { buyerId, merchant, amount: 50_000, now })
    const withdraw = (request: WithdrawalRequest) =>
      database.transaction((tx) => requestWithdrawal(tx, { buyerId, request, now, fixedRates: defaultFixedRates }))
    const bank = await withdraw({
      target: 'bank',
      amount: 12_345,
      bank: 'KBANK',
      accountNumber: '1234567890',
      accountName: 'สมชาย ใจดี',
      branchName: 'Siam Paragon',
      phoneOrIdNumber: '0812345678',
    })

    const listed = await run(['withdrawals', 'list', '--status', 'requested'])
    expect(listed.split('\n')[0]).toBe(
      'requested withdrawals (1-day cashback members first, then oldest first, at most 20):',
    )
    expect(listed).toContain(`${bank.id}  requested`)
    expect(listed).toContain('THB 123.45 = net THB 111.11 + fee THB 12.34')
    expect(listed).toContain('buyer ops.withdrawals@example.com')
    expect(await run(['withdrawals', 'list', '--status', 'paid'])).toBe('no paid withdrawals')

    const shown = await run(['withdrawal', 'show', bank.id.toUpperCase()])
    expect(shown).toContain('pay to:       KBANK (bank code 004) account 1234567890; name "สมชาย ใจดี"')
    expect(shown).toContain('phone or ID 0812345678')
    expect(shown).toContain('requested  by buyer')
    expect(shown).toMatch(/withdrawal\s+-THB 111\.11/)
    expect(shown).toMatch(/withdrawal_fee\s+-THB 12\.34/)

    expect(await run(['withdrawal', 'processing', bank.id])).toContain('recorded by operator:ops:alice')
    expect(await run(['withdrawal', 'processing', bank.id])).toContain('nothing to do: it already is processing')
    expect(await run(['withdrawal', 'paid', bank.id, '--reason', 'KBank ref 998877'])).toContain('status:       paid')
    await expect(run(['withdrawal', 'fail', bank.id, '--reason', 'Too late'])).rejects.toThrow(
      `refused: invalid_transition (withdrawal ${bank.id} is paid)`,
    )
    expect(await run(['withdrawal', 'show', bank.id])).toContain('paid       by operator:ops:alice (KBank ref 998877)')

    const promptPayAccount = { target: 'promptpay', promptPayId: '0812345678', accountName: 'สมชาย ใจดี' } as const
    await saveTestPayoutAccountWaitedOut(database, { buyerId, details: promptPayAccount, now })
    const promptPay = await withdraw({ ...promptPayAccount, amount: 20_000 })
    expect(await run(['withdrawal', 'fail', promptPay.id, '--reason', 'ชื่อบัญชีไม่ตรง'])).toContain(
      'recorded by operator:ops:alice; THB 200.00 returned to the wallet',
    )
    const failed = await run(['withdrawal', 'show', promptPay.id])
    expect(failed).toContain('status:       failed (ชื่อบัญชีไม่ตรง)')
    expect(failed).toContain('pay to:       PromptPay mobile 0812345678')
    expect(failed).toMatch(/withdrawal_return\s+THB 200\.00/)
    expect(await readWalletBalance(database, buyerId)).toBe(50_000 - 12_345)

    await expect(run(['withdrawal', 'show', 'ffffffffffffffffffffffff'])).rejects.toThrow('No withdrawal')
    await expect(run(['withdrawal', 'paid', 'ffffffffffffffffffffffff'])).rejects.toThrow('No withdrawal')
  })
})
