import { and, eq, sql } from 'drizzle-orm'
import pg from 'pg'
import { pino } from 'pino'
import { describe, expect, it } from 'vitest'
import { defaultFixedRates } from '#domain/contracts/fixed-rate'
import { releaseAdvisoryLockKey, releaseDueCashback, startReleaseScheduler } from '#server/cashback/release-job'
import type { TransactionRecord } from '#server/cashback/transaction-changes'
import { connectPostgres } from '#server/db/database'
import { cashbackTransactionEvents, cashbackTransactions } from '#server/db/schema'
import { runOperatorCommand } from '#server/operator-commands'
import { createRecordingLogger } from '#server/test/app'
import {
  applyTestChange,
  createTestBuyer,
  recordApprovedPurchase,
  recordTestPurchase,
  useTestDatabaseWithMerchant,
} from '#server/test/cashback'
import { createTestDatabase, testDatabaseUrl } from '#server/test/database'

const { testDatabase, database, merchant } = useTestDatabaseWithMerchant({ confirmationDays: 45 })

const dayMilliseconds = 24 * 60 * 60 * 1000
const start = new Date('2026-11-15T03:00:00Z')
const after = (milliseconds: number) => new Date(start.getTime() + milliseconds)

/** A buyer with `approved` approved and `returned` returned purchases. */
async function buyerWithRecord(approved: number, returned: number): Promise<string> {
  const buyerId = await createTestBuyer(database(), start)
  for (let index = 0; index < approved; index += 1) {
    await recordApprovedPurchase(database(), { buyerId, merchantId: merchant().id, purchaseAmount: 10_000, now: start })
  }
  for (let index = 0; index < returned; index += 1) {
    const record = await recordTestPurchase(database(), {
      buyerId,
      merchantId: merchant().id,
      purchaseAmount: 10_000,
      now: start,
    })
    await applyTestChange(database(), {
      transactionId: record.id,
      event: { kind: 'network_update', status: 'REJECTED', reasonCode: 'item_returned', rejectionReason: 'Returned' },
      now: start,
    })
  }
  return buyerId
}

/** A new purchase of the buyer that the network confirmed (pending) at `start`. */
async function pendingPurchase(buyerId: string, purchaseAmount = 100_000): Promise<TransactionRecord> {
  const record = await recordTestPurchase(database(), {
    buyerId,
    merchantId: merchant().id,
    purchaseAmount,
    now: start,
  })
  return applyTestChange(database(), {
    transactionId: record.id,
    event: { kind: 'network_update', status: 'PENDING' },
    now: start,
  })
}

async function statusOf(transactionId: string) {
  const [row] = await database().select().from(cashbackTransactions).where(eq(cashbackTransactions.id, transactionId))
  return row
}

describe('release paths', () => {
  it('gives a buyer at 95 % or more with 3 decided purchases 1-day cashback, released when due and not before', async () => {
    // 19 approved, 1 returned: exactly 95 %.
    const buyerId = await buyerWithRecord(19, 1)
    const pending = await pendingPurchase(buyerId)
    expect(pending).toMatchObject({
      releasePath: 'one_day',
      releaseAt: after(dayMilliseconds),
      expectedAt: after(dayMilliseconds),
    })

    expect(await releaseDueCashback(database(), after(dayMilliseconds - 1))).toEqual({ released: 0, failed: [] })
    expect((await statusOf(pending.id))?.status).toBe('PENDING')

    expect(await releaseDueCashback(database(), after(dayMilliseconds))).toEqual({ released: 1, failed: [] })
    expect(await statusOf(pending.id)).toMatchObject({
      status: 'APPROVED',
      approvedAt: after(dayMilliseconds),
      releaseAt: null,
      expectedAt: null,
      ratingOutcome: 'approved',
    })
    const [approval] = (
      await database()
        .select()
        .from(cashbackTransactionEvents)
        .where(eq(cashbackTransactionEvents.transactionId, pending.id))
    ).slice(-1)
    expect(approval).toMatchObject({ kind: 'APPROVED', actor: 'release-job', isEarlyRelease: true })
    // Nothing twice.
    expect(await releaseDueCashback(database(), after(2 * dayMilliseconds))).toEqual({ released: 0, failed: [] })
  })

  it('gives the standard wait below 95 %, to new buyers and to fewer than 3 decided purchases', async () => {
    const cases = [await buyerWithRecord(18, 1), await createTestBuyer(database(), start), await buyerWithRecord(2, 0)]
    const pendings = []
    for (const buyerId of cases) pendings.push(await pendingPurchase(buyerId))
    for (const pending of pendings) {
      expect(pending).toMatchObject({
        releasePath: 'standard',
        releaseAt: null,
        // The merchant's 45 confirmation days.
        expectedAt: after(45 * dayMilliseconds),
      })
    }
    await releaseDueCashback(database(), after(365 * dayMilliseconds))
    for (const pending of pendings) expect((await statusOf(pending.id))?.status).toBe('PENDING')
  })

  it('waits for a proof above maxForRating, and the standard wait above maxForProof', async () => {
    const buyerId = await buyerWithRecord(3, 0)
    // 5 % of the purchase: just above each limit.
    const withProof = await pendingPurchase(buyerId, (defaultFixedRates.maxForRating + 1) * 20)
    expect(withProof).toMatchObject({ releasePath: 'one_day_with_proof', releaseAt: null })
    const standard = await pendingPurchase(buyerId, (defaultFixedRates.maxForProof + 1) * 20)
    expect(standard).toMatchObject({ releasePath: 'standard', releaseAt: null })
    const atLimit = await pendingPurchase(buyerId, defaultFixedRates.maxForRating * 20)
    expect(atLimit).toMatchObject({ releasePath: 'one_day' })
  })

  it('leaves a 1-day purchase the network decided first alone', async () => {
    const buyerId = await buyerWithRecord(3, 0)
    const pending = await pendingPurchase(buyerId)
    await applyTestChange(database(), {
      transactionId: pending.id,
      event: { kind: 'network_update', status: 'CANCELLED', reasonCode: 'order_cancelled' },
      now: after(60_000),
    })
    await releaseDueCashback(database(), after(2 * dayMilliseconds))
    expect(await statusOf(pending.id)).toMatchObject({ status: 'CANCELLED', approvedAt: null })
  })
})

describe('a row that fails', () => {
  it('is rolled back alone and logged; the rest of the batch is released, and it is tried again next round', async () => {
    const buyerId = await buyerWithRecord(3, 0)
    const first = await pendingPurchase(buyerId)
    const broken = await pendingPurchase(buyerId)
    const last = await pendingPurchase(buyerId)
    // Any database error that only this row's approval meets (here a trigger refuses its
    // history step) used to roll back the whole batch, round after round.
    await database().execute(
      sql.raw(`create function refuse_release_for_test() returns trigger language plpgsql as $$
        begin
          if new.transaction_id = '${broken.id}' then raise exception 'simulated failure'; end if;
          return new;
        end $$`),
    )
    await database().execute(
      sql.raw(`create trigger refuse_release_for_test before insert on cashback_transaction_events
        for each row execute function refuse_release_for_test()`),
    )
    const { logger, lines } = createRecordingLogger()
    try {
      const round = await releaseDueCashback(database(), after(dayMilliseconds), { logger })
      expect(round.released).toBe(2)
      expect(round.failed.map((failure) => failure.transactionId)).toEqual([broken.id])
      expect((await statusOf(first.id))?.status).toBe('APPROVED')
      expect((await statusOf(last.id))?.status).toBe('APPROVED')
      expect(await statusOf(broken.id)).toMatchObject({
        status: 'PENDING',
        releaseAt: after(dayMilliseconds),
        ratingOutcome: null,
      })
      expect(lines()).toContainEqual(expect.objectContaining({ level: 50, transactionId: broken.id }))

      // The operator command says which one failed and why.
      const output = await runOperatorCommand({ name: 'cashback', action: 'release' }, database(), {
        actor: 'ops:test',
        now: () => after(dayMilliseconds + 60_000),
      })
      expect(output).toContain('released 0 transactions on the 1-day path; 1 failed (tried again next round):')
      expect(output).toContain(`  ${broken.id}: simulated failure`)
    } finally {
      await database().execute(sql.raw('drop trigger refuse_release_for_test on cashback_transaction_events'))
      await database().execute(sql.raw('drop function refuse_release_for_test()'))
    }

    expect(await releaseDueCashback(database(), after(dayMilliseconds + 120_000))).toEqual({ released: 1, failed: [] })
    expect((await statusOf(broken.id))?.status).toBe('APPROVED')
  })
})

describe('one process at a time', () => {
  // PGlite has a single connection, so no second session can hold the lock; on PostgreSQL
  // (TEST_DATABASE_URL, as CI runs the API suite a second time) another connection holds it.
  it.skipIf(testDatabaseUrl === undefined)(
    'skips the round while another connection holds the advisory lock',
    async () => {
      const url = testDatabase().url
      if (url === undefined) return
      const buyerId = await buyerWithRecord(3, 0)
      const pending = await pendingPurchase(buyerId)
      const other = new pg.Client({ connectionString: url })
      await other.connect()
      try {
        await other.query('begin')
        await other.query('select pg_advisory_xact_lock($1)', [releaseAdvisoryLockKey])
        const started = performance.now()
        expect(await releaseDueCashback(database(), after(2 * dayMilliseconds))).toEqual({ released: 0, failed: [] })
        // At once: the lock is tried, not waited for.
        expect(performance.now() - started).toBeLessThan(2_000)
        expect((await statusOf(pending.id))?.status).toBe('PENDING')
        await other.query('commit')
      } finally {
        await other.end()
      }
      expect(await releaseDueCashback(database(), after(2 * dayMilliseconds))).toEqual({ released: 1, failed: [] })
    },
  )
})

describe('several processes at once', () => {
  // Each "process" is a pool of its own on the same PostgreSQL database, as N server processes
  // would open (PGlite has one connection: nothing runs beside it there).
  it.skipIf(testDatabaseUrl === undefined)(
    'releases each due row once while rounds and schedulers run from several pools at the same moment',
    async () => {
      const url = testDatabase().url
      if (url === undefined) return
      const due: TransactionRecord[] = []
      for (let buyer = 0; buyer < 4; buyer += 1) {
        const buyerId = await buyerWithRecord(3, 0)
        for (let purchase = 0; purchase < 3; purchase += 1) due.push(await pendingPurchase(buyerId, 10_000))
      }
      const connections = Array.from({ length: 4 }, () =>
        connectPostgres(new pg.Pool({ connectionString: url, max: 3 }), pino({ level: 'silent' })),
      )
      try {
        const releaseAt = after(2 * dayMilliseconds)
        // Every pool runs three rounds at once with every other pool's.
        const rounds = await Promise.all(
          connections.flatMap((connection) => [0, 1, 2].map(() => releaseDueCashback(connection.database, releaseAt))),
        )
        expect(rounds.flatMap((round) => round.failed)).toEqual([])
        expect(rounds.reduce((total, round) => total + round.released, 0)).toBe(due.length)

        // Two schedulers on two pools find nothing left and release nothing twice.
        const schedulers = connections.slice(0, 2).map((connection) =>
          startReleaseScheduler({
            database: connection.database,
            logger: pino({ level: 'silent' }),
            intervalMilliseconds: 5,
            now: () => releaseAt,
          }),
        )
        await new Promise((resolve) => setTimeout(resolve, 200))
        await Promise.all(schedulers.map((scheduler) => scheduler.stop()))

        for (const transaction of due) {
          expect((await statusOf(transaction.id))?.status).toBe('APPROVED')
          const approvals = await database()
            .select({ actor: cashbackTransactionEvents.actor })
            .from(cashbackTransactionEvents)
            .where(
              and(
                eq(cashbackTransactionEvents.transactionId, transaction.id),
                eq(cashbackTransactionEvents.kind, 'APPROVED'),
              ),
            )
          expect(approvals).toEqual([{ actor: 'release-job' }])
        }
      } finally {
        await Promise.all(connections.map((connection) => connection.close()))
      }
    },
  )
})

describe('startReleaseScheduler', () => {
  it('releases on its own, and logs failed rounds without stopping', async () => {
    const buyerId = await buyerWithRecord(3, 0)
    const pending = await pendingPurchase(buyerId)
    const { logger, lines } = createRecordingLogger()
    const scheduler = startReleaseScheduler({
      database: database(),
      logger,
      intervalMilliseconds: 20,
      now: () => after(2 * dayMilliseconds),
    })
    try {
      await expect.poll(async () => (await statusOf(pending.id))?.status, { timeout: 5_000 }).toBe('APPROVED')
    } finally {
      await scheduler.stop()
    }
    expect(lines().some((line) => line['msg'] === 'released 1-day cashback')).toBe(true)

    // A database that fails every query: each round logs, the next still runs.
    const broken = await createTestDatabase({ migrate: false })
    await broken.dispose()
    const failing = createRecordingLogger()
    const failingScheduler = startReleaseScheduler({
      database: broken.connection.database,
      logger: failing.logger,
      intervalMilliseconds: 10,
    })
    try {
      await expect
        .poll(() => failing.lines().filter((line) => line['level'] === 50).length, { timeout: 5_000 })
        .toBeGreaterThanOrEqual(2)
    } finally {
      await failingScheduler.stop()
    }
  })
})
