import { createRecordId } from '#server/db/record-id'
import { eq, sql } from 'drizzle-orm'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { buyerSchema } from '#domain/contracts/buyer'
import {
  acceptCashbackResponseSchema,
  cashbackActionResponseSchema,
  cashbackTabFilters,
  cashbackTabs,
  cashbackTransactionDetailSchema,
  cashbackTransactionFields,
  cashbackTransactionListResponseSchema,
  idempotencyKeyHeader,
  ratingDetailsSchema,
  unacceptedCountSearchParams,
  walletSummarySchema,
} from '#domain/contracts/cashback'
import { ledgerEntryKinds, ledgerEntrySigns } from '#domain/wallet/ledger'
import { defaultFixedRates, type FixedRates } from '#domain/contracts/fixed-rate'
import type { WithdrawalRequest } from '#domain/contracts/withdrawal'
import { setBuyerStatus } from '#server/buyers/buyer-records'
import { buyers, walletLedgerEntries, withdrawalLedgerEntryKinds, withdrawals } from '#server/db/schema'
import { seedCatalogueIfEmpty } from '#server/seed/seed-catalogue'
import {
  demoBuyer,
  demoRejectionReasonCode,
  demoTransactionIds,
  seedDemoBuyersIfMissing,
  suspendedDemoBuyer,
} from '#server/seed/demo-buyer'
import { createAccountsTestApp, signIn } from '#server/test/accounts'
import { readErrorBody } from '#server/test/app'
import {
  applyTestChange,
  createTestBuyer,
  recordApprovedPurchase,
  recordTestPurchase,
  useTestDatabaseWithMerchant,
} from '#server/test/cashback'
import { createTestDatabase } from '#server/test/database'
import { giveTestBonus, insertTestAward, insertTestMembership } from '#server/test/promotions'
import { requestWithdrawal } from '#server/withdrawals/withdrawal-service'

const { database, merchant } = useTestDatabaseWithMerchant()

function setup() {
  return createAccountsTestApp(database())
}

/** A bank withdrawal through the real service; the small amounts here need a lower minimum. */
async function withdrawForTest(buyerId: string, amount: number, now: Date, rates: Partial<FixedRates> = {}) {
  const fixedRates = { ...defaultFixedRates, minWithdrawal: 5_000, ...rates }
  const request: WithdrawalRequest = {
    target: 'bank',
    amount,
    bank: 'BBL',
    accountNumber: '1234567890',
    accountName: 'Test Buyer',
    branchName: 'Silom',
    phoneOrIdNumber: '0812345678',
  }
  await database().transaction((tx) => requestWithdrawal(tx, { buyerId, request, now, fixedRates }))
}

let keyCounter = 0
/** A fresh `Idempotency-Key`. */
function newKey(): string {
  keyCounter += 1
  return `test-key-${Date.now()}-${keyCounter}`.padEnd(16, '0')
}

/** A POST with a new `Idempotency-Key` unless one is given (`null`: none), and a JSON body when given. */
function post(cookie: string | undefined, key: string | null = newKey(), jsonBody?: unknown): RequestInit {
  const headers: Record<string, string> = {}
  if (cookie !== undefined) headers['Cookie'] = cookie
  if (key !== null) headers[idempotencyKeyHeader] = key
  if (jsonBody === undefined) return { method: 'POST', headers }
  headers['Content-Type'] = 'application/json'
  return { method: 'POST', headers, body: JSON.stringify(jsonBody) }
}

/** Every route of cashback-routes.ts, for a buyer id and a transaction id. */
function cashbackRequests(
  buyerId: string,
  transactionId: string,
): [string, string, 'GET' | 'POST', { transactionIds: string[] }?][] {
  return [
    [
      'list',
      `/api/cashback/${buyerId}/transactions?${new URLSearchParams(unacceptedCountSearchParams).toString()}`,
      'GET',
    ],
    ['detail', `/api/cashback/${buyerId}/transactions/${transactionId}`, 'GET'],
    ['accept', `/api/cashback/${buyerId}/transactions/${transactionId}/accept`, 'POST'],
    ['archive', `/api/cashback/${buyerId}/transactions/${transactionId}/archive`, 'POST'],
    ['accept all', `/api/cashback/${buyerId}/transactions/accept`, 'POST', { transactionIds: [transactionId] }],
    ['wallet', `/api/buyers/${buyerId}/wallet`, 'GET'],
    ['rating', `/api/buyers/${buyerId}/rating`, 'GET'],
  ]
}

function requestInit(method: 'GET' | 'POST', cookie: string | undefined, body?: unknown): RequestInit {
  if (method === 'POST') return post(cookie, newKey(), body)
  return cookie === undefined ? {} : { headers: { Cookie: cookie } }
}

describe('access matrix', () => {
  it('answers 401 anonymous, 403 for another buyer or a suspended one, 404 for another buyer’s transaction', async () => {
    const { app } = setup()
    const buyerA = await signIn(app, 'matrix.a@example.com')
    const buyerB = await signIn(app, 'matrix.b@example.com')
    const now = new Date()
    const ofA = await recordApprovedPurchase(database(), {
      buyerId: buyerA.buyer.buyerId,
      merchantId: merchant().id,
      purchaseAmount: 100_000,
      now,
    })
    const ofB = await recordApprovedPurchase(database(), {
      buyerId: buyerB.buyer.buyerId,
      merchantId: merchant().id,
      purchaseAmount: 100_000,
      now,
    })

    for (const [label, path, method, body] of cashbackRequests(buyerB.buyer.buyerId, ofB.id)) {
      const anonymous = await app.request(path, requestInit(method, undefined, body))
      expect(anonymous.status, `${label} anonymous`).toBe(401)
      expect((await readErrorBody(anonymous)).error.code).toBe('unauthenticated')

      const asA = await app.request(path, requestInit(method, buyerA.cookie, body))
      expect(asA.status, `${label} as A on B`).toBe(403)
      expect((await readErrorBody(asA)).error.code).toBe('forbidden')
    }

    // A's own path with B's transaction id: not found, exactly like an unknown or malformed id
    // (a NUL must not reach the database, where it would be a 500).
    const malformedIds = [
      'not-an-id',
      ofA.id.toUpperCase(),
      `${ofA.id}0`,
      '%00',
      `${ofA.id.slice(0, 23)}%00`,
      '%E0%A4%A',
    ]
    for (const transactionId of [ofB.id, 'ffffffffffffffffffffffff', ...malformedIds]) {
      for (const [label, path, method] of cashbackRequests(buyerA.buyer.buyerId, transactionId).slice(1, 4)) {
        const response = await app.request(path, requestInit(method, buyerA.cookie))
        expect(response.status, `${label} ${transactionId}`).toBe(404)
        expect((await readErrorBody(response)).error.code).toBe('transaction_not_found')
      }
    }
    // B's transaction was not touched.
    const [stillB] = await database()
      .select()
      .from(walletLedgerEntries)
      .where(eq(walletLedgerEntries.transactionId, ofB.id))
    expect(stillB).toBeUndefined()

    // A's own requests all work (accept before archive).
    for (const [label, path, method, body] of cashbackRequests(buyerA.buyer.buyerId, ofA.id)) {
      const response = await app.request(path, requestInit(method, buyerA.cookie, body))
      expect(response.status, `${label} own`).toBe(200)
    }

    await setBuyerStatus(database(), {
      buyerId: buyerA.buyer.buyerId,
      status: 'suspended',
      reason: 'Negative wallet',
      actor: 'test',
    })
    for (const [label, path, method, body] of cashbackRequests(buyerA.buyer.buyerId, ofA.id)) {
      const response = await app.request(path, requestInit(method, buyerA.cookie, body))
      expect(response.status, `${label} suspended`).toBe(403)
      expect((await readErrorBody(response)).error.code).toBe('buyer_suspended')
    }
  })
})

describe('GET /api/cashback/{buyerId}/transactions', () => {
  it('lists newest first with select, filter, paging and each tab of /cashback', async () => {
    const { app, clock } = setup()
    const { cookie, buyer } = await signIn(app, 'lister@example.com')
    const buyerId = buyer.buyerId
    const at = (minutes: number) => new Date(clock.now().getTime() + minutes * 60_000)
    // One transaction per state, each a minute newer than the one before.
    const tracking = await recordTestPurchase(database(), {
      buyerId,
      merchantId: merchant().id,
      purchaseAmount: 10_000,
      now: at(1),
    })
    const pending = await recordTestPurchase(database(), {
      buyerId,
      merchantId: merchant().id,
      purchaseAmount: 20_000,
      now: at(2),
    })
    await applyTestChange(database(), {
      transactionId: pending.id,
      event: { kind: 'network_update', status: 'PENDING' },
      now: at(2),
    })
    const approved = await recordApprovedPurchase(database(), {
      buyerId,
      merchantId: merchant().id,
      purchaseAmount: 30_000,
      now: at(3),
    })
    const accepted = await recordApprovedPurchase(database(), {
      buyerId,
      merchantId: merchant().id,
      purchaseAmount: 40_000,
      now: at(4),
    })
    await applyTestChange(database(), { transactionId: accepted.id, event: { kind: 'accept' }, now: at(4) })
    const archived = await recordApprovedPurchase(database(), {
      buyerId,
      merchantId: merchant().id,
      purchaseAmount: 50_000,
      now: at(5),
    })
    await applyTestChange(database(), { transactionId: archived.id, event: { kind: 'accept' }, now: at(5) })
    await applyTestChange(database(), { transactionId: archived.id, event: { kind: 'archive' }, now: at(5) })
    const rejected = await recordTestPurchase(database(), {
      buyerId,
      merchantId: merchant().id,
      purchaseAmount: 60_000,
      now: at(6),
    })
    await applyTestChange(database(), {
      transactionId: rejected.id,
      event: { kind: 'network_update', status: 'REJECTED', reasonCode: 'item_returned', rejectionReason: 'Returned' },
      now: at(6),
    })
    const cancelled = await recordTestPurchase(database(), {
      buyerId,
      merchantId: merchant().id,
      purchaseAmount: 70_000,
      now: at(7),
    })
    await applyTestChange(database(), {
      transactionId: cancelled.id,
      event: { kind: 'network_update', status: 'CANCELLED', reasonCode: 'order_cancelled' },
      now: at(7),
    })

    const list = async (query: Record<string, string>) => {
      const response = await app.request(
        `/api/cashback/${buyerId}/transactions?${new URLSearchParams(query).toString()}`,
        {
          headers: { Cookie: cookie },
        },
      )
      expect(response.status).toBe(200)
      return v.parse(cashbackTransactionListResponseSchema, await response.json())
    }

    const all = await list({})
    expect(all.total).toBe(7)
    expect(all.data.map((item) => item._id)).toEqual(
      [cancelled, rejected, archived, accepted, approved, pending, tracking].map((record) => record.id),
    )
    const first = all.data[6]
    expect(Object.keys(first ?? {}).sort()).toEqual([...cashbackTransactionFields].sort())
    expect(first).toMatchObject({
      _id: tracking.id,
      status: 'TRACKING',
      orderId: tracking.orderId,
      currency: 'THB',
      purchaseAmount: 10_000,
      cashbackAmount: 500,
      cashbackComponents: [{ kind: 'base', amount: 500 }],
      cashbackKind: 'up-to',
      rateBasisPoints: 500,
      maxPerOrder: null,
      rejectionReason: null,
      releasePath: null,
      // Tracking: pending expected by the end of the merchant's 3 tracking days.
      expectedAt: new Date(at(1).getTime() + 3 * 24 * 60 * 60 * 1000).toISOString(),
      merchant: { _id: merchant().id, logoUrl: `/media/merchants/${merchant().id}/logo.svg` },
    })
    expect(first?.merchant?.nameEn).toMatch(/^Test shop /)

    // The spec's exact call: only the selected fields.
    const spec = await list({
      select: '_id status accepted',
      filter: JSON.stringify({ status: 'APPROVED', accepted: false }),
    })
    expect(spec).toEqual({ data: [{ _id: approved.id, status: 'APPROVED', accepted: false }], total: 1 })
    expect(await list(unacceptedCountSearchParams)).toEqual({ data: [], total: 1 })

    const expectedTabs: Record<(typeof cashbackTabs)[number], string[]> = {
      pending: [pending.id],
      approved: [accepted.id, approved.id],
      rejected: [rejected.id],
      cancelled: [cancelled.id],
      tracking: [tracking.id],
      archived: [archived.id],
    }
    for (const tab of cashbackTabs) {
      const page = await list({ select: '_id', filter: JSON.stringify(cashbackTabFilters[tab]) })
      expect(
        page.data.map((item) => item._id),
        tab,
      ).toEqual(expectedTabs[tab])
      expect(page.total, tab).toBe(expectedTabs[tab].length)
    }

    const paged = await list({ select: '_id', limit: '3', skip: '2' })
    expect(paged).toEqual({ data: all.data.slice(2, 5).map((item) => ({ _id: item._id })), total: 7 })
    expect((await list({ select: '_id', skip: '7' })).data).toEqual([])

    const badQueries: Record<string, string>[] = [
      { select: '_id buyerId' },
      { filter: '{"status":"LOST"}' },
      { filter: 'status=APPROVED' },
      { limit: '101' },
      { skip: '-1' },
    ]
    for (const query of badQueries) {
      const response = await app.request(
        `/api/cashback/${buyerId}/transactions?${new URLSearchParams(query).toString()}`,
        {
          headers: { Cookie: cookie },
        },
      )
      expect(response.status, JSON.stringify(query)).toBe(400)
      expect((await readErrorBody(response)).error.code).toBe('invalid_request')
    }
  })
})

describe('GET /api/cashback/{buyerId}/transactions/{transactionId}', () => {
  it('answers the transaction with its timeline, and the reason of a rejection', async () => {
    const { app, clock } = setup()
    const { cookie, buyer } = await signIn(app, 'detail@example.com')
    const start = clock.now()
    const later = (hours: number) => new Date(start.getTime() + hours * 60 * 60 * 1000)
    const record = await recordTestPurchase(database(), {
      buyerId: buyer.buyerId,
      merchantId: merchant().id,
      purchaseAmount: 100_000,
      now: start,
    })
    await applyTestChange(database(), {
      transactionId: record.id,
      event: { kind: 'network_update', status: 'PENDING' },
      now: later(1),
    })
    await applyTestChange(database(), {
      transactionId: record.id,
      event: { kind: 'network_update', status: 'APPROVED' },
      now: later(2),
    })
    await applyTestChange(database(), { transactionId: record.id, event: { kind: 'accept' }, now: later(3) })
    await applyTestChange(database(), {
      transactionId: record.id,
      event: {
        kind: 'network_update',
        status: 'REJECTED',
        reasonCode: 'item_returned',
        rejectionReason: 'Returned to warehouse 7',
      },
      note: 'network said: refund',
      now: later(4),
    })

    const response = await app.request(`/api/cashback/${buyer.buyerId}/transactions/${record.id}`, {
      headers: { Cookie: cookie },
    })
    expect(response.status).toBe(200)
    const detail = v.parse(cashbackTransactionDetailSchema, await response.json())
    expect(detail).toMatchObject({
      _id: record.id,
      status: 'REJECTED',
      accepted: true,
      rejectionReasonCode: 'item_returned',
      cancellationReasonCode: null,
      rejectionReason: null,
      cancellationReason: null,
      expectedAt: null,
      approvedAt: later(2).toISOString(),
      acceptedAt: later(3).toISOString(),
    })
    expect(detail.history).toEqual([
      {
        kind: 'TRACKING',
        at: start.toISOString(),
        rejectionReasonCode: null,
        cancellationReasonCode: null,
        rejectionReason: null,
        isEarlyRelease: false,
        isAppealApproval: false,
      },
      {
        kind: 'PENDING',
        at: later(1).toISOString(),
        rejectionReasonCode: null,
        cancellationReasonCode: null,
        rejectionReason: null,
        isEarlyRelease: false,
        isAppealApproval: false,
      },
      {
        kind: 'APPROVED',
        at: later(2).toISOString(),
        rejectionReasonCode: null,
        cancellationReasonCode: null,
        rejectionReason: null,
        isEarlyRelease: false,
        isAppealApproval: false,
      },
      {
        kind: 'ACCEPTED',
        at: later(3).toISOString(),
        rejectionReasonCode: null,
        cancellationReasonCode: null,
        rejectionReason: null,
        isEarlyRelease: false,
        isAppealApproval: false,
      },
      {
        kind: 'REJECTED',
        at: later(4).toISOString(),
        rejectionReasonCode: 'item_returned',
        cancellationReasonCode: null,
        rejectionReason: null,
        isEarlyRelease: false,
        isAppealApproval: false,
      },
    ])
    // Operators' notes and the network's own words stay on the server.
    expect(JSON.stringify(detail)).not.toContain('refund')
    expect(JSON.stringify(detail)).not.toContain('warehouse')
  })
})

describe('accept and archive', () => {
  async function approvedFor(email: string, purchaseAmount = 200_000) {
    const { app, clock } = setup()
    const signedIn = await signIn(app, email)
    const record = await recordApprovedPurchase(database(), {
      buyerId: signedIn.buyer.buyerId,
      merchantId: merchant().id,
      purchaseAmount,
      now: clock.now(),
    })
    const base = `/api/cashback/${signedIn.buyer.buyerId}/transactions/${record.id}`
    return { app, clock, ...signedIn, record, base }
  }

  async function ledgerOf(buyerId: string) {
    return database().select().from(walletLedgerEntries).where(eq(walletLedgerEntries.buyerId, buyerId))
  }

  /** A POST of "accept all" with a JSON body. */
  function acceptAll(cookie: string, body: unknown, key: string = newKey()): RequestInit {
    return post(cookie, key, body)
  }

  it('accepts several at once into the wallet, skipping one accepted meanwhile and one not approved', async () => {
    const { app, clock, cookie, buyer, record } = await approvedFor('accept.all@example.com')
    const second = await recordApprovedPurchase(database(), {
      buyerId: buyer.buyerId,
      merchantId: merchant().id,
      purchaseAmount: 100_000,
      now: clock.now(),
    })
    const acceptedMeanwhile = await recordApprovedPurchase(database(), {
      buyerId: buyer.buyerId,
      merchantId: merchant().id,
      purchaseAmount: 60_000,
      now: clock.now(),
    })
    await applyTestChange(database(), {
      transactionId: acceptedMeanwhile.id,
      event: { kind: 'accept' },
      now: clock.now(),
    })
    const pending = await recordTestPurchase(database(), {
      buyerId: buyer.buyerId,
      merchantId: merchant().id,
      purchaseAmount: 10_000,
      now: clock.now(),
    })
    const path = `/api/cashback/${buyer.buyerId}/transactions/accept`
    const ids = [record.id, acceptedMeanwhile.id, second.id, pending.id]

    const key = newKey()
    const response = await app.request(path, acceptAll(cookie, { transactionIds: ids }, key))
    expect(response.status).toBe(200)
    const text = await response.text()
    const body = v.parse(acceptCashbackResponseSchema, JSON.parse(text))
    expect(body.accepted.map((transaction) => [transaction._id, transaction.accepted])).toEqual([
      [record.id, true],
      [second.id, true],
    ])
    // 5 % of ฿2,000 and ฿1,000, and the ฿600 purchase's ฿30 accepted before.
    expect(body.balance).toEqual([{ currency: 'THB', amount: 10_000 + 5_000 + 3_000 }])

    // A replay answers the first result; a new tap over the same purchases moves nothing more.
    const replay = await app.request(path, acceptAll(cookie, { transactionIds: ids }, key))
    expect(await replay.text()).toBe(text)
    const again = await app.request(path, acceptAll(cookie, { transactionIds: ids }))
    expect(v.parse(acceptCashbackResponseSchema, await again.json()).accepted).toEqual([])
    const ledger = await ledgerOf(buyer.buyerId)
    expect(ledger.map((entry) => entry.amount).sort((first, next) => first - next)).toEqual([3_000, 5_000, 10_000])
  })

  it("moves nothing when one id is another buyer's or unknown, and refuses a malformed list", async () => {
    const { app, cookie, buyer, record } = await approvedFor('accept.all.owner@example.com')
    const other = await approvedFor('accept.all.other@example.com')
    const path = `/api/cashback/${buyer.buyerId}/transactions/accept`

    const foreign = await app.request(path, acceptAll(cookie, { transactionIds: [record.id, other.record.id] }))
    expect(foreign.status).toBe(404)
    expect((await readErrorBody(foreign)).error.code).toBe('transaction_not_found')
    const unknown = await app.request(path, acceptAll(cookie, { transactionIds: [record.id, 'f'.repeat(24)] }))
    expect(unknown.status).toBe(404)
    expect(await ledgerOf(buyer.buyerId)).toEqual([])

    const tooMany = Array.from({ length: 51 }, (_, index) => index.toString(16).padStart(24, '0'))
    for (const transactionIds of [[], [record.id, record.id], tooMany, ['not-an-id'], 'all']) {
      const refused = await app.request(path, acceptAll(cookie, { transactionIds }))
      expect(refused.status, JSON.stringify(transactionIds).slice(0, 40)).toBe(400)
      expect((await readErrorBody(refused)).error.code).toBe('invalid_request')
    }
    const noKey = await app.request(path, acceptAll(cookie, { transactionIds: [record.id] }, ''))
    expect(noKey.status).toBe(400)
    // Another buyer cannot accept for this one, even with their own ids.
    const forbidden = await app.request(path, acceptAll(other.cookie, { transactionIds: [other.record.id] }))
    expect(forbidden.status).toBe(403)
    expect(await ledgerOf(buyer.buyerId)).toEqual([])
  })

  it('credits once when accepted twice, and answers the transaction and the balance', async () => {
    const { app, cookie, buyer, record, base } = await approvedFor('accept.twice@example.com')
    const first = await app.request(`${base}/accept`, post(cookie))
    expect(first.status).toBe(200)
    const body = v.parse(cashbackActionResponseSchema, await first.json())
    expect(body.transaction).toMatchObject({ _id: record.id, status: 'APPROVED', accepted: true, archived: false })
    expect(body.balance).toEqual([{ currency: 'THB', amount: 10_000 }])

    const second = await app.request(`${base}/accept`, post(cookie))
    expect(second.status).toBe(409)
    expect((await readErrorBody(second)).error.code).toBe('already_accepted')

    expect((await ledgerOf(buyer.buyerId)).map((entry) => [entry.kind, entry.amount])).toEqual([
      ['cashback_credit', 10_000],
    ])
    const fetched = await app.request(`/api/buyers/${buyer.buyerId}`, { headers: { Cookie: cookie } })
    expect(v.parse(buyerSchema, await fetched.json()).balance).toEqual([{ currency: 'THB', amount: 10_000 }])
    const synced = await app.request(`/api/buyers/${buyer.buyerId}/sync/balance`, { headers: { Cookie: cookie } })
    expect(await synced.json()).toEqual({ rating: 100, balance: [{ currency: 'THB', amount: 10_000 }] })
  })

  it('credits once for 50 parallel accepts with different keys', async () => {
    const { app, cookie, buyer, base } = await approvedFor('accept.parallel@example.com', 123_400)
    const responses = await Promise.all(
      Array.from({ length: 50 }, async () => app.request(`${base}/accept`, post(cookie))),
    )
    const statuses = responses.map((response) => response.status)
    expect(statuses.filter((status) => status === 200)).toHaveLength(1)
    expect(statuses.filter((status) => status === 409)).toHaveLength(49)
    const entries = await ledgerOf(buyer.buyerId)
    expect(entries.map((entry) => [entry.kind, entry.amount])).toEqual([['cashback_credit', 6_170]])
    const wallet = await app.request(`/api/buyers/${buyer.buyerId}/wallet`, { headers: { Cookie: cookie } })
    expect(v.parse(walletSummarySchema, await wallet.json())).toMatchObject({ balance: 6_170, cashback: 6_170 })
  })

  it('replays a key byte for byte, refuses it on another path, and requires one', async () => {
    const { app, cookie, buyer, base } = await approvedFor('accept.replay@example.com')
    const key = newKey()
    const first = await app.request(`${base}/accept`, post(cookie, key))
    const firstText = await first.text()
    expect(first.status).toBe(200)
    // Parallel and later replays alike answer the first result and change nothing.
    const replays = await Promise.all([1, 2, 3].map(async () => app.request(`${base}/accept`, post(cookie, key))))
    for (const replay of replays) {
      expect(replay.status).toBe(200)
      expect(await replay.text()).toBe(firstText)
    }
    expect(await ledgerOf(buyer.buyerId)).toHaveLength(1)

    const elsewhere = await app.request(`${base}/archive`, post(cookie, key))
    expect(elsewhere.status).toBe(422)
    expect((await readErrorBody(elsewhere)).error.code).toBe('idempotency_key_reused')

    for (const badKey of [null, 'short', 'has spaces in it, and more', 'x'.repeat(129)]) {
      const refused = await app.request(`${base}/archive`, post(cookie, badKey))
      expect(refused.status, String(badKey)).toBe(400)
      expect((await readErrorBody(refused)).error.code).toBe('idempotency_key_required')
    }

    // A refusal is a result too: its replay is refused the same way, even once it would pass.
    const pendingRecord = await recordTestPurchase(database(), {
      buyerId: buyer.buyerId,
      merchantId: merchant().id,
      purchaseAmount: 10_000,
      now: new Date(),
    })
    const pendingBase = `/api/cashback/${buyer.buyerId}/transactions/${pendingRecord.id}`
    const refusedKey = newKey()
    const refused = await app.request(`${pendingBase}/accept`, post(cookie, refusedKey))
    expect(refused.status).toBe(409)
    const refusedText = await refused.text()
    await applyTestChange(database(), {
      transactionId: pendingRecord.id,
      event: { kind: 'network_update', status: 'APPROVED' },
      now: new Date(),
    })
    const replayed = await app.request(`${pendingBase}/accept`, post(cookie, refusedKey))
    expect(replayed.status).toBe(409)
    expect(await replayed.text()).toBe(refusedText)
    expect((await app.request(`${pendingBase}/accept`, post(cookie))).status).toBe(200)
  })

  it('answers parallel requests with one key once, all with the first answer', async () => {
    const { app, cookie, buyer, base } = await approvedFor('accept.same.key@example.com')
    const key = newKey()
    const responses = await Promise.all(
      Array.from({ length: 8 }, async () => app.request(`${base}/accept`, post(cookie, key))),
    )
    const texts = await Promise.all(responses.map((response) => response.text()))
    expect(responses.map((response) => response.status)).toEqual(Array.from({ length: 8 }, () => 200))
    expect(new Set(texts).size).toBe(1)
    expect(await ledgerOf(buyer.buyerId)).toHaveLength(1)
  })

  it('archives only accepted approved transactions, once', async () => {
    const { app, cookie, buyer, record, base } = await approvedFor('archiver@example.com')
    const beforeAccept = await app.request(`${base}/archive`, post(cookie))
    expect(beforeAccept.status).toBe(409)
    expect((await readErrorBody(beforeAccept)).error.code).toBe('not_accepted')

    expect((await app.request(`${base}/accept`, post(cookie))).status).toBe(200)
    const archived = await app.request(`${base}/archive`, post(cookie))
    expect(archived.status).toBe(200)
    expect(v.parse(cashbackActionResponseSchema, await archived.json()).transaction).toMatchObject({
      _id: record.id,
      accepted: true,
      archived: true,
    })
    const again = await app.request(`${base}/archive`, post(cookie))
    expect(again.status).toBe(409)
    expect((await readErrorBody(again)).error.code).toBe('already_archived')

    const tracking = await recordTestPurchase(database(), {
      buyerId: buyer.buyerId,
      merchantId: merchant().id,
      purchaseAmount: 10_000,
      now: new Date(),
    })
    for (const action of ['accept', 'archive']) {
      const response = await app.request(
        `/api/cashback/${buyer.buyerId}/transactions/${tracking.id}/${action}`,
        post(cookie),
      )
      expect(response.status, action).toBe(409)
      expect((await readErrorBody(response)).error.code).toBe('not_approved')
    }

    // The balance is unchanged by archiving.
    const wallet = await app.request(`/api/buyers/${buyer.buyerId}/wallet`, { headers: { Cookie: cookie } })
    expect(v.parse(walletSummarySchema, await wallet.json()).balance).toBe(10_000)
  })

  it('reverses the credit when accepted cashback is rejected later, even below zero', async () => {
    const { app, clock, cookie, buyer, record, base } = await approvedFor('reversed@example.com')
    expect((await app.request(`${base}/accept`, post(cookie))).status).toBe(200)
    // A withdrawal of the whole balance (without a fee, so the ledger stays easy to read).
    await withdrawForTest(buyer.buyerId, 10_000, clock.now(), { withdrawalFee: 0 })

    await applyTestChange(database(), {
      transactionId: record.id,
      event: {
        kind: 'network_update',
        status: 'REJECTED',
        reasonCode: 'item_returned',
        rejectionReason: 'Returned after payout',
      },
      now: clock.now(),
    })
    // The same rejection again reverses nothing more.
    await applyTestChange(database(), {
      transactionId: record.id,
      event: {
        kind: 'network_update',
        status: 'REJECTED',
        reasonCode: 'item_returned',
        rejectionReason: 'Returned after payout',
      },
      now: clock.now(),
    })
    expect((await ledgerOf(buyer.buyerId)).map((entry) => [entry.kind, entry.amount])).toEqual([
      ['cashback_credit', 10_000],
      ['withdrawal', -10_000],
      ['cashback_reversal', -10_000],
    ])
    const fetched = await app.request(`/api/buyers/${buyer.buyerId}`, { headers: { Cookie: cookie } })
    expect(v.parse(buyerSchema, await fetched.json()).balance).toEqual([{ currency: 'THB', amount: -10_000 }])
    const wallet = v.parse(
      walletSummarySchema,
      await (await app.request(`/api/buyers/${buyer.buyerId}/wallet`, { headers: { Cookie: cookie } })).json(),
    )
    expect(wallet).toMatchObject({ balance: -10_000, cashback: 0, withdrawn: 10_000, cashbackItems: 0, spent: 0 })
    // No longer approved: neither accept nor archive.
    const refused = await app.request(`${base}/archive`, post(cookie))
    expect((await readErrorBody(refused)).error.code).toBe('not_approved')
  })

  it('refuses a ledger entry of an unknown kind or of the wrong sign for its kind', async () => {
    const buyerId = await createTestBuyer(database(), new Date())
    const refusal = (promise: Promise<unknown>) =>
      promise.then(
        () => 'stored',
        (error: unknown) => String(error instanceof Error ? (error.cause ?? error) : error),
      )
    // Money out names its withdrawal (a check of migration 0004): one of its own, so each kind
    // is stored once for it.
    const withdrawalId = createRecordId()
    await database()
      .insert(withdrawals)
      .values({
        id: withdrawalId,
        buyerId,
        target: 'points',
        status: 'paid',
        amount: 1_000,
        fee: 0,
        netAmount: 0,
        points: 50,
        destination: { bank: null, maskedAccount: null, accountName: null },
      })
    // A bonus names its award and a premium payment its membership (checks of migration 0008).
    const purchase = await recordTestPurchase(database(), {
      buyerId,
      merchantId: merchant().id,
      purchaseAmount: 10_000,
      now: new Date(),
    })
    const awardId = await insertTestAward(database(), { buyerId, transactionId: purchase.id })
    const membershipId = await insertTestMembership(database(), buyerId)
    for (const kind of ledgerEntryKinds) {
      const sign = ledgerEntrySigns[kind]
      const entry = {
        buyerId,
        kind,
        withdrawalId: withdrawalLedgerEntryKinds.some((withdrawalKind) => withdrawalKind === kind)
          ? withdrawalId
          : null,
        awardId: kind === 'bonus' ? awardId : null,
        membershipId: kind === 'premium_membership' ? membershipId : null,
      }
      expect(
        await refusal(
          database()
            .insert(walletLedgerEntries)
            .values({ ...entry, amount: -sign * 1_000 }),
        ),
        kind,
      ).toMatch(/wallet_ledger_entries_sign/)
      expect(
        await refusal(
          database()
            .insert(walletLedgerEntries)
            .values({ ...entry, amount: sign * 1_000 }),
        ),
        kind,
      ).toBe('stored')
    }
    expect(
      await refusal(
        database().execute(
          sql`insert into wallet_ledger_entries (buyer_id, kind, amount) values (${buyerId}, 'gift', 1000)`,
        ),
      ),
    ).toMatch(/wallet_ledger_entries_kind/)
    const entries = await ledgerOf(buyerId)
    expect(entries.map((entry) => [entry.kind, entry.amount])).toEqual(
      ledgerEntryKinds.map((kind) => [kind, ledgerEntrySigns[kind] * 1_000]),
    )
  })

  it('keeps the ledger append-only: the database refuses UPDATE and DELETE', async () => {
    const { app, cookie, buyer, base } = await approvedFor('append.only@example.com')
    expect((await app.request(`${base}/accept`, post(cookie))).status).toBe(200)
    await expect(
      database()
        .update(walletLedgerEntries)
        .set({ amount: 1_000_000 })
        .where(eq(walletLedgerEntries.buyerId, buyer.buyerId)),
    ).rejects.toThrow()
    await expect(
      database().delete(walletLedgerEntries).where(eq(walletLedgerEntries.buyerId, buyer.buyerId)),
    ).rejects.toThrow()
    await expect(database().execute(sql`truncate wallet_ledger_entries`)).rejects.toThrow()
    const error = await database()
      .update(walletLedgerEntries)
      .set({ amount: 1 })
      .where(eq(walletLedgerEntries.buyerId, buyer.buyerId))
      .catch((caught: unknown) => caught)
    expect(String(error instanceof Error ? (error.cause ?? error) : error)).toMatch(/append-only/)
    expect(await ledgerOf(buyer.buyerId)).toEqual([expect.objectContaining({ amount: 10_000 })])
    // A zero entry is refused too: every entry moves money.
    await expect(
      database().insert(walletLedgerEntries).values({ buyerId: buyer.buyerId, kind: 'cashback_credit', amount: 0 }),
    ).rejects.toThrow()
  })
})

describe('wallet and rating', () => {
  it('sums the wallet from the ledger and the transactions, with 12 Bangkok months', async () => {
    const { app, clock } = setup()
    // 2026-11-15T03:00Z; one credit on the last evening of October in Bangkok (still October).
    const { cookie, buyer } = await signIn(app, 'wallet.summary@example.com')
    const buyerId = buyer.buyerId
    const octoberEvening = new Date('2026-10-31T16:30:00Z') // 23:30 in Bangkok
    const novemberMorning = new Date('2026-10-31T17:30:00Z') // 00:30 on 1 November in Bangkok
    const credited = await recordApprovedPurchase(database(), {
      buyerId,
      merchantId: merchant().id,
      purchaseAmount: 100_000,
      now: octoberEvening,
    })
    await applyTestChange(database(), { transactionId: credited.id, event: { kind: 'accept' }, now: octoberEvening })
    const creditedLater = await recordApprovedPurchase(database(), {
      buyerId,
      merchantId: merchant().id,
      purchaseAmount: 300_000,
      now: novemberMorning,
    })
    await applyTestChange(database(), {
      transactionId: creditedLater.id,
      event: { kind: 'accept' },
      now: novemberMorning,
    })
    await recordApprovedPurchase(database(), {
      buyerId,
      merchantId: merchant().id,
      purchaseAmount: 40_000,
      now: clock.now(),
    })
    const pending = await recordTestPurchase(database(), {
      buyerId,
      merchantId: merchant().id,
      purchaseAmount: 20_000,
      now: clock.now(),
    })
    await applyTestChange(database(), {
      transactionId: pending.id,
      event: { kind: 'network_update', status: 'PENDING' },
      now: clock.now(),
    })
    const tracked = await recordTestPurchase(database(), {
      buyerId,
      merchantId: merchant().id,
      purchaseAmount: 10_000,
      now: clock.now(),
    })
    await giveTestBonus(database(), { buyerId, transactionId: tracked.id, amount: 10_000, now: clock.now() })
    // ฿55 out: ฿49.50 paid and a ฿5.50 fee.
    await withdrawForTest(buyerId, 5_500, clock.now())

    const response = await app.request(`/api/buyers/${buyerId}/wallet`, { headers: { Cookie: cookie } })
    expect(response.status).toBe(200)
    const wallet = v.parse(walletSummarySchema, await response.json())
    expect(wallet).toEqual({
      spent: 440_000,
      cashback: 20_000,
      cashbackItems: 2,
      bonus: 10_000,
      withdrawn: 5_500,
      balance: 20_000 + 10_000 - 5_500,
      currency: 'THB',
      rating: 100,
      awaitingAcceptance: 2_000,
      upcoming: 1_500,
      monthly: [
        ...[
          '2025-12',
          '2026-01',
          '2026-02',
          '2026-03',
          '2026-04',
          '2026-05',
          '2026-06',
          '2026-07',
          '2026-08',
          '2026-09',
        ].map((month) => ({ month, cashback: 0 })),
        { month: '2026-10', cashback: 5_000 },
        { month: '2026-11', cashback: 15_000 },
      ],
    })
  })

  it('answers the rating details from the purchase outcomes', async () => {
    const { app, clock } = setup()
    const { cookie, buyer } = await signIn(app, 'rating.details@example.com')
    const rating = async () =>
      v.parse(
        ratingDetailsSchema,
        await (await app.request(`/api/buyers/${buyer.buyerId}/rating`, { headers: { Cookie: cookie } })).json(),
      )
    expect(await rating()).toEqual({
      rating: 100,
      counts: { approved: 0, returned: 0, cancelled_by_merchant: 0, flagged: 0, cancelled_by_shopper: 0 },
      decidedPurchases: 0,
      isEligibleForOneDayCashback: false,
    })
    for (let index = 0; index < 3; index += 1) {
      await recordApprovedPurchase(database(), {
        buyerId: buyer.buyerId,
        merchantId: merchant().id,
        purchaseAmount: 10_000,
        now: clock.now(),
      })
    }
    const cancelled = await recordTestPurchase(database(), {
      buyerId: buyer.buyerId,
      merchantId: merchant().id,
      purchaseAmount: 10_000,
      now: clock.now(),
    })
    await applyTestChange(database(), {
      transactionId: cancelled.id,
      event: { kind: 'network_update', status: 'CANCELLED', reasonCode: 'order_cancelled' },
      ratingOutcome: 'cancelled_by_shopper',
      now: clock.now(),
    })
    expect(await rating()).toEqual({
      rating: 100,
      counts: { approved: 3, returned: 0, cancelled_by_merchant: 0, flagged: 0, cancelled_by_shopper: 1 },
      decidedPurchases: 3,
      isEligibleForOneDayCashback: true,
    })
  })
})

describe('demo seed', () => {
  it('gives the demo buyer a consistent history in every state, once', async () => {
    const seedDatabase = await createTestDatabase()
    try {
      const { database: demoDatabase } = seedDatabase.connection
      await seedCatalogueIfEmpty(demoDatabase, { size: { merchantCount: 30, productCount: 30 } })
      const now = new Date('2026-11-15T03:00:00Z')
      expect(await seedDemoBuyersIfMissing(demoDatabase, now)).toEqual({ seeded: true, transactionCount: 29 })
      expect(await seedDemoBuyersIfMissing(demoDatabase, now)).toEqual({ seeded: false, transactionCount: 0 })

      const { app } = createAccountsTestApp(demoDatabase)
      const { cookie, buyer, isNewBuyer } = await signIn(app, demoBuyer.email)
      expect(isNewBuyer).toBe(false)
      expect(buyer).toMatchObject({ buyerId: demoBuyer.id, rating: 96, firstName: 'สมชาย', phone: '0812345678' })
      const headers = { Cookie: cookie }
      const list = async (query: Record<string, string>) =>
        v.parse(
          cashbackTransactionListResponseSchema,
          await (
            await app.request(`/api/cashback/${demoBuyer.id}/transactions?${new URLSearchParams(query).toString()}`, {
              headers,
            })
          ).json(),
        )
      const ids = async (filter: object) =>
        (await list({ select: '_id', limit: '100', filter: JSON.stringify(filter) })).data.map((item) => item._id)

      expect((await list(unacceptedCountSearchParams)).total).toBe(2)
      expect(await ids({ status: 'TRACKING' })).toEqual([demoTransactionIds.tracking])
      expect(await ids({ status: 'PENDING' })).toEqual([
        demoTransactionIds.pendingOneDay,
        demoTransactionIds.pendingLarge,
      ])
      expect(await ids({ status: 'APPROVED', accepted: false })).toEqual(
        [...demoTransactionIds.approvedNotAccepted].reverse(),
      )
      expect(await ids({ status: 'APPROVED', accepted: true, archived: false })).toEqual([demoTransactionIds.accepted])
      expect((await ids({ archived: true })).sort()).toEqual([...demoTransactionIds.archived].sort())
      expect(await ids({ status: 'REJECTED' })).toEqual([demoTransactionIds.rejected])
      expect(await ids({ status: 'CANCELLED' })).toEqual([demoTransactionIds.cancelledByShopper])

      const detail = async (id: string) =>
        v.parse(
          cashbackTransactionDetailSchema,
          await (await app.request(`/api/cashback/${demoBuyer.id}/transactions/${id}`, { headers })).json(),
        )
      const oneDay = await detail(demoTransactionIds.pendingOneDay)
      expect(oneDay.releasePath).toBe('one_day')
      expect(Date.parse(oneDay.expectedAt ?? '')).toBeGreaterThan(now.getTime())
      expect((await detail(demoTransactionIds.pendingLarge)).releasePath).not.toBe('one_day')
      const rejected = await detail(demoTransactionIds.rejected)
      expect(rejected).toMatchObject({ rejectionReasonCode: demoRejectionReasonCode, rejectionReason: null })
      const cancelled = await detail(demoTransactionIds.cancelledByShopper)
      expect(cancelled).toMatchObject({ cancellationReasonCode: 'order_cancelled', rejectionReasonCode: null })
      expect(rejected.history.map((step) => step.kind)).toEqual(['TRACKING', 'PENDING', 'REJECTED'])
      const archived = await detail(demoTransactionIds.archived.at(-1) ?? '')
      expect(archived.history.map((step) => step.kind)).toEqual([
        'TRACKING',
        'PENDING',
        'APPROVED',
        'ACCEPTED',
        'ARCHIVED',
      ])
      for (const step of archived.history.slice(1)) {
        expect(Date.parse(step.at)).toBeLessThan(now.getTime())
      }

      const wallet = v.parse(
        walletSummarySchema,
        await (await app.request(`/api/buyers/${demoBuyer.id}/wallet`, { headers })).json(),
      )
      expect(wallet.cashbackItems).toBe(22)
      expect(wallet.balance).toBe(wallet.cashback + wallet.bonus)
      expect(wallet.balance).toBeGreaterThan(0)
      expect(wallet.awaitingAcceptance).toBeGreaterThan(0)
      expect(wallet.monthly.filter((month) => month.cashback > 0).length).toBeGreaterThanOrEqual(6)
      const rating = v.parse(
        ratingDetailsSchema,
        await (await app.request(`/api/buyers/${demoBuyer.id}/rating`, { headers })).json(),
      )
      expect(rating).toMatchObject({ rating: 96, decidedPurchases: 25, isEligibleForOneDayCashback: true })
      expect(rating.counts).toMatchObject({ approved: 24, returned: 1, cancelled_by_shopper: 1 })

      // The seeded suspended buyer lands on /ban.
      const banned = await signIn(app, suspendedDemoBuyer.phone)
      expect(banned.buyer).toMatchObject({ status: 'suspended', suspendedReason: suspendedDemoBuyer.reason })
    } finally {
      await seedDatabase.dispose()
    }
  })

  it('seeds the history for an existing demo buyer without transactions, after its sign-up date', async () => {
    const seedDatabase = await createTestDatabase()
    try {
      const { database: demoDatabase } = seedDatabase.connection
      const now = new Date('2026-11-15T03:00:00Z')
      // No catalogue yet: only the accounts.
      expect(await seedDemoBuyersIfMissing(demoDatabase, now)).toEqual({ seeded: true, transactionCount: 0 })
      const signedUp = new Date(now.getTime() - 90 * 24 * 60 * 60 * 1000)
      await demoDatabase.update(buyers).set({ createdAt: signedUp }).where(eq(buyers.id, demoBuyer.id))
      await seedCatalogueIfEmpty(demoDatabase, { size: { merchantCount: 30, productCount: 30 } })
      expect(await seedDemoBuyersIfMissing(demoDatabase, now)).toEqual({ seeded: false, transactionCount: 29 })
      const [oldest] = await demoDatabase
        .execute(sql`select min(order_date) as oldest from cashback_transactions`)
        .then(
          (result) =>
            v.parse(v.object({ rows: v.array(v.object({ oldest: v.union([v.date(), v.string()]) })) }), result).rows,
        )
      expect(new Date(oldest?.oldest ?? 0).getTime()).toBeGreaterThan(signedUp.getTime())
      const [demo] = await demoDatabase.select().from(buyers).where(eq(buyers.id, demoBuyer.id))
      expect(demo?.ratingBasisPoints).toBe(9600)
    } finally {
      await seedDatabase.dispose()
    }
  })
})
