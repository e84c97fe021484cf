import { eq, inArray } from 'drizzle-orm'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { computeRating } from '#domain/cashback/rating'
import { idempotencyKeyHeader } from '#domain/contracts/cashback'
import { postbackResponseSchema, type PostbackBodyInput } from '#domain/contracts/postback'
import { readPurchaseOutcomeCounts } from '#server/cashback/buyer-rating'
import { runBuyerTransactionAction } from '#server/cashback/buyer-transaction-actions'
import { releaseDueCashback } from '#server/cashback/release-job'
import { recordClick } from '#server/clicks/click-records'
import { buyers, cashbackTransactions, walletLedgerEntries } from '#server/db/schema'
import { runIdempotently, type IdempotentResult } from '#server/http/idempotency'
import { signIn } from '#server/test/accounts'
import {
  changeTestTransaction,
  createTestBuyer,
  insertTestMerchant,
  recordApprovedPurchase,
  recordTestPurchase,
} from '#server/test/cashback'
import { switchOffPurchasePromotions } from '#server/test/promotions'
import { createTestDatabase, testDatabaseUrl, type TestDatabase } from '#server/test/database'
import { createPostbackTestApp, signedPostback, testNetworkName, unixSeconds } from '#server/test/postbacks'
import { readWalletBalance, readWalletSummary } from '#server/wallet/wallet-queries'

/**
 * One buyer's purchases changed from every side at once: the shopper's Accepts, the network's
 * rejections and the 1-day release job. Each runs in its own database transaction, and they lock
 * the same buyer and transaction rows in different orders (an Accept inserts its idempotency key,
 * which share-locks the buyer, before it locks the transaction; a rejection locks the transaction
 * before it rewrites the buyer's rating). Under PGlite (one connection) they run one after
 * another; on PostgreSQL (`TEST_DATABASE_URL`) they truly overlap, where lock-order deadlocks
 * would surface as 500s.
 */

let testDatabase: TestDatabase
beforeAll(async () => {
  testDatabase = await createTestDatabase()
  await switchOffPurchasePromotions(testDatabase.connection.database)
})
afterAll(() => testDatabase.dispose())

function database() {
  return testDatabase.connection.database
}

const dayMilliseconds = 24 * 60 * 60 * 1000

describe('concurrent changes of one buyer', () => {
  it('never fails a request, and keeps balance = Σ ledger = credits − reversals', async () => {
    const context = createPostbackTestApp(database())
    const { app, clock } = context
    const merchant = await insertTestMerchant(database())
    const { cookie, buyer } = await signIn(app, 'concurrent.changes@example.com')
    const click = await recordClick(database(), {
      buyerId: buyer.buyerId,
      merchantId: merchant.id,
      productId: undefined,
      userAgent: 'test',
      now: clock.now(),
    })

    let conversionCounter = 0
    async function postback(fields: Pick<PostbackBodyInput, 'conversion_id' | 'status'> & { reason?: string }) {
      const body: PostbackBodyInput = {
        click_id: click.id,
        order_id: `order-${fields.conversion_id}`,
        sale_amount: '1000.00',
        timestamp: unixSeconds(clock),
        ...fields,
      }
      return app.request(`/api/postbacks/${testNetworkName}`, signedPostback(body))
    }
    async function newPurchase(status: 'approved' | 'pending'): Promise<{ conversionId: string; id: string }> {
      conversionCounter += 1
      const conversionId = `concurrent-${conversionCounter}`
      const response = await postback({ conversion_id: conversionId, status })
      expect(response.status).toBe(200)
      const { transactionId } = v.parse(postbackResponseSchema, await response.json())
      if (transactionId === null) throw new Error('the postback matched no click')
      return { conversionId, id: transactionId }
    }

    // Approved first, so the buyer's record (100 %, 12 decided) puts the pending ones on the
    // 1-day path.
    const approved = []
    for (let index = 0; index < 12; index += 1) approved.push(await newPurchase('approved'))
    const pending = []
    for (let index = 0; index < 8; index += 1) pending.push(await newPurchase('pending'))
    const pendingRows = await database()
      .select({ releasePath: cashbackTransactions.releasePath })
      .from(cashbackTransactions)
      .where(
        inArray(
          cashbackTransactions.id,
          pending.map((purchase) => purchase.id),
        ),
      )
    expect(pendingRows.map((row) => row.releasePath)).toEqual(pending.map(() => 'one_day'))

    let keyCounter = 0
    const accept = async (transactionId: string) => {
      keyCounter += 1
      return app.request(`/api/cashback/${buyer.buyerId}/transactions/${transactionId}/accept`, {
        method: 'POST',
        headers: { Cookie: cookie, [idempotencyKeyHeader]: `concurrent-accept-${keyCounter}`.padEnd(16, '0') },
      })
    }
    const reject = (conversionId: string) =>
      postback({ conversion_id: conversionId, status: 'rejected', reason: 'Returned' })
    const releaseAt = new Date(clock.now().getTime() + dayMilliseconds)

    // Each approved purchase is accepted and rejected at the same moment; half the 1-day ones
    // are rejected while the release job approves them.
    const accepts: Promise<Response>[] = []
    const rejections: Promise<Response>[] = []
    for (const purchase of approved) {
      accepts.push(accept(purchase.id))
      rejections.push(reject(purchase.conversionId))
    }
    for (const purchase of pending.slice(0, 4)) rejections.push(reject(purchase.conversionId))
    const releases = [releaseDueCashback(database(), releaseAt), releaseDueCashback(database(), releaseAt)]
    const [acceptResponses, rejectionResponses, rounds] = await Promise.all([
      Promise.all(accepts),
      Promise.all(rejections),
      Promise.all(releases),
    ])

    const unexpected = async (responses: Response[], allowed: number[]) =>
      Promise.all(
        responses
          .filter((response) => !allowed.includes(response.status))
          .map(async (response) => `${response.status} ${await response.text()}`),
      )
    // An accept after the rejection is refused (409 not_approved); nothing may fail.
    expect(await unexpected(acceptResponses, [200, 409])).toEqual([])
    expect(await unexpected(rejectionResponses, [200])).toEqual([])
    for (const round of rounds) expect(round.failed).toEqual([])

    // Every approved purchase ends rejected; an accept that won its race was credited and then
    // reversed, one that lost was refused, so the wallet is back at 0 either way.
    const rows = await database()
      .select()
      .from(cashbackTransactions)
      .where(eq(cashbackTransactions.buyerId, buyer.buyerId))
    for (const purchase of approved) {
      expect(rows.find((row) => row.id === purchase.id)).toMatchObject({
        status: 'REJECTED',
        ratingOutcome: 'returned',
      })
    }
    for (const purchase of pending.slice(0, 4)) {
      expect(rows.find((row) => row.id === purchase.id)?.status).toBe('REJECTED')
    }
    // Not rejected: released by whichever round took the advisory lock.
    for (const purchase of pending.slice(4)) {
      expect(rows.find((row) => row.id === purchase.id)?.status).toBe('APPROVED')
    }

    const entries = await database()
      .select()
      .from(walletLedgerEntries)
      .where(eq(walletLedgerEntries.buyerId, buyer.buyerId))
    const credits = entries.filter((entry) => entry.kind === 'cashback_credit')
    const reversals = entries.filter((entry) => entry.kind === 'cashback_reversal')
    expect(credits).toHaveLength(acceptResponses.filter((response) => response.status === 200).length)
    expect(reversals).toHaveLength(credits.length)
    const ledgerSum = entries.reduce((sum, entry) => sum + entry.amount, 0)
    const creditSum = credits.reduce((sum, entry) => sum + entry.amount, 0)
    const reversalSum = reversals.reduce((sum, entry) => sum - entry.amount, 0)
    expect(ledgerSum).toBe(creditSum - reversalSum)
    expect(ledgerSum).toBe(0)
    expect(await readWalletBalance(database(), buyer.buyerId)).toBe(ledgerSum)
    expect((await readWalletSummary(database(), buyer.buyerId, clock.now()))?.balance).toBe(ledgerSum)

    // No lost update of the stored rating: it is the one the outcomes give.
    const [stored] = await database().select().from(buyers).where(eq(buyers.id, buyer.buyerId))
    const rating = computeRating(await readPurchaseOutcomeCounts(database(), buyer.buyerId))
    expect(stored?.ratingBasisPoints).toBe(Math.round(rating * 100))
    // 4 released of 20 decided.
    expect(rating).toBe(20)
  })

  describe('an Accept that holds its idempotency key while another change takes the buyer lock', () => {
    const now = new Date('2026-11-15T03:00:00Z')

    function gate() {
      let open = () => {}
      const promise = new Promise<void>((resolve) => {
        open = resolve
      })
      return { promise, open }
    }

    /**
     * The Accept of the route, paused right after its key row is inserted (the buyer row is then
     * share-locked until it commits) and before it locks the transaction row.
     */
    function pausedAccept(buyerId: string, transactionId: string) {
      const keyInserted = gate()
      const proceed = gate()
      const result: Promise<IdempotentResult> = runIdempotently({
        database: database(),
        ownerId: buyerId,
        key: `paused-accept-${transactionId}`,
        fingerprint: `POST /api/cashback/${buyerId}/transactions/${transactionId}/accept`,
        now,
        write: async (tx) => {
          keyInserted.open()
          await proceed.promise
          return {
            status: 200,
            body: await runBuyerTransactionAction(tx, { buyerId, transactionId, action: 'accept', now }),
          }
        },
      })
      return { keyInserted: keyInserted.promise, proceed: proceed.open, result }
    }

    /**
     * Runs `change` while the Accept holds its key, lets the Accept go on once the change has
     * finished or is blocked, and answers both. On PostgreSQL the change must finish first: were
     * the buyer locked `FOR UPDATE`, it would wait for the Accept, the Accept for its
     * transaction row, and PostgreSQL would abort one of them as a deadlock. (PGlite has one
     * connection: the change simply waits for the Accept.)
     */
    async function raceWithPausedAccept<T>(buyerId: string, transactionId: string, change: () => Promise<T>) {
      const accept = pausedAccept(buyerId, transactionId)
      await accept.keyInserted
      const changing = change()
      const settledFirst = await Promise.race([
        changing.then(
          () => true,
          () => true,
        ),
        new Promise<false>((resolve) => setTimeout(() => resolve(false), 500)),
      ])
      accept.proceed()
      const [changed, accepted] = await Promise.allSettled([changing, accept.result])
      if (changed.status === 'rejected') throw changed.reason
      if (accepted.status === 'rejected') throw accepted.reason
      if (testDatabaseUrl !== undefined) expect(settledFirst).toBe(true)
      return { changed: changed.value, accepted: accepted.value }
    }

    async function ledgerSumOf(buyerId: string) {
      const entries = await database()
        .select()
        .from(walletLedgerEntries)
        .where(eq(walletLedgerEntries.buyerId, buyerId))
      return entries.reduce((sum, entry) => sum + entry.amount, 0)
    }

    it('lets a network rejection through (it rewrites the rating) instead of deadlocking', async () => {
      const merchant = await insertTestMerchant(database())
      const buyerId = await createTestBuyer(database(), now)
      const record = await recordApprovedPurchase(database(), {
        buyerId,
        merchantId: merchant.id,
        purchaseAmount: 100_000,
        now,
      })
      const { changed, accepted } = await raceWithPausedAccept(buyerId, record.id, () =>
        changeTestTransaction(database(), {
          transactionId: record.id,
          event: {
            kind: 'network_update',
            status: 'REJECTED',
            reasonCode: 'item_returned',
            rejectionReason: 'Returned',
          },
          now,
        }),
      )
      expect(changed).toMatchObject({
        ok: true,
        changed: true,
        record: { status: 'REJECTED', ratingOutcome: 'returned' },
      })
      // Rejected first on PostgreSQL (refused accept); accepted then reversed under PGlite.
      if (testDatabaseUrl !== undefined) expect(accepted.status).toBe(409)
      expect([200, 409]).toContain(accepted.status)
      expect(await ledgerSumOf(buyerId)).toBe(0)
      expect(await readWalletBalance(database(), buyerId)).toBe(0)
    })

    it('lets the release job through (it rewrites the rating) instead of deadlocking', async () => {
      const merchant = await insertTestMerchant(database())
      const buyerId = await createTestBuyer(database(), now)
      for (let index = 0; index < 3; index += 1) {
        await recordApprovedPurchase(database(), { buyerId, merchantId: merchant.id, purchaseAmount: 10_000, now })
      }
      const recorded = await recordTestPurchase(database(), {
        buyerId,
        merchantId: merchant.id,
        purchaseAmount: 100_000,
        now,
      })
      const pending = await changeTestTransaction(database(), {
        transactionId: recorded.id,
        event: { kind: 'network_update', status: 'PENDING' },
        now,
      })
      expect(pending).toMatchObject({ ok: true, record: { releasePath: 'one_day' } })

      // A client that still shows the purchase taps Accept as the release job approves it.
      const { changed: round, accepted } = await raceWithPausedAccept(buyerId, recorded.id, () =>
        releaseDueCashback(database(), new Date(now.getTime() + dayMilliseconds)),
      )
      expect(round).toEqual({ released: 1, failed: [] })
      // Released first on PostgreSQL (the accept then credits); refused under PGlite.
      if (testDatabaseUrl !== undefined) expect(accepted.status).toBe(200)
      const balance = accepted.status === 200 ? 5_000 : 0
      expect(await ledgerSumOf(buyerId)).toBe(balance)
      expect(await readWalletBalance(database(), buyerId)).toBe(balance)
    })
  })
})
