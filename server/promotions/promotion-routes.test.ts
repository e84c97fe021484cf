import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { defaultFixedRates } from '#domain/contracts/fixed-rate'
import { computePremiumEnd } from '#domain/promotions/premium-membership'
import { computeSpecialCashbackEnd } from '#domain/promotions/special-cashback'
import { setBuyerStatus } from '#server/buyers/buyer-records'
import { promotionMemberships } from '#server/db/schema'
import {
  countOutcomes,
  expectRefusal,
  readMembership,
  sendInParallel,
  signInPromotionBuyer,
} from '#server/test/promotion-api'
import { giveTestBonus } from '#server/test/promotions'
import {
  applyTestChange,
  recordApprovedPurchase,
  recordTestPurchase,
  useTestDatabaseWithMerchant,
} from '#server/test/cashback'
import { ledgerEntriesOf, newIdempotencyKey } from '#server/test/withdrawals'

const { database, merchant } = useTestDatabaseWithMerchant()

const { premiumPrice } = defaultFixedRates
const tier1 = defaultFixedRates.stairLv1.minimumBalance
const tier2 = defaultFixedRates.stairLv2.minimumBalance

function buyerWith(email: string, balance = 0) {
  return signInPromotionBuyer(database(), merchant(), email, { balance })
}

async function membershipRowsOf(buyerId: string) {
  return database().select().from(promotionMemberships).where(eq(promotionMemberships.buyerId, buyerId))
}

async function premiumPaymentsOf(buyerId: string) {
  return (await ledgerEntriesOf(database(), buyerId)).filter((entry) => entry.kind === 'premium_membership')
}

describe('access matrix', () => {
  it('answers 401 anonymous, 403 for another buyer’s id or a suspended buyer, on every route', async () => {
    const a = await buyerWith('promo.matrix.a@example.com', 400_000)
    const b = await buyerWith('promo.matrix.b@example.com')
    const routes = (buyerId: string): [string, 'GET' | 'POST', string, unknown][] => [
      ['snapshot', 'GET', `/api/buyers/${buyerId}/promotions`, undefined],
      ['premium', 'POST', `/api/buyers/${buyerId}/promotions/premium`, undefined],
      ['special cashback', 'POST', `/api/buyers/${buyerId}/promotions/special-cashback`, { level: 1 }],
      ['referral', 'GET', `/api/buyers/${buyerId}/referral`, undefined],
      ['redemption', 'POST', `/api/buyers/${buyerId}/referral/redemption`, { code: 'ABCD-EFGH' }],
    ]
    const send = (method: 'GET' | 'POST', path: string, body: unknown, cookie?: string) => {
      const headers: Record<string, string> = { 'Idempotency-Key': newIdempotencyKey() }
      if (cookie !== undefined) headers['Cookie'] = cookie
      if (body !== undefined) headers['Content-Type'] = 'application/json'
      return a.app.request(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
    }

    for (const [label, method, path, body] of routes(b.buyerId)) {
      const anonymous = await send(method, path, body)
      expect(anonymous.status, `${label} anonymous`).toBe(401)
      await expectRefusal(anonymous, 401, 'unauthenticated')
      await expectRefusal(await send(method, path, body, a.cookie), 403, 'forbidden')
    }
    // Nothing happened to B, nor to A through B's paths.
    expect(await membershipRowsOf(b.buyerId)).toEqual([])
    expect(await membershipRowsOf(a.buyerId)).toEqual([])

    await setBuyerStatus(database(), { buyerId: a.buyerId, status: 'suspended', reason: 'Test', actor: 'test' })
    for (const [label, method, path, body] of routes(a.buyerId)) {
      const response = await send(method, path, body, a.cookie)
      expect(response.status, label).toBe(403)
      await expectRefusal(response, 403, 'buyer_suspended')
    }
    expect(await membershipRowsOf(a.buyerId)).toEqual([])
    expect(await premiumPaymentsOf(a.buyerId)).toEqual([])
  })

  it('refuses a join without an Idempotency-Key, and a level that does not exist', async () => {
    const buyer = await buyerWith('promo.key@example.com', 400_000)
    await expectRefusal(await buyer.joinPremium(null), 400, 'idempotency_key_required')
    await expectRefusal(
      await buyer.post(`${buyer.base}/promotions/special-cashback`, { level: 1 }, null),
      400,
      'idempotency_key_required',
    )
    for (const level of [0, 4, '1', 1.5, null]) {
      await expectRefusal(await buyer.joinSpecialCashback(level), 400, 'invalid_request')
    }
    await expectRefusal(await buyer.post(`${buyer.base}/promotions/special-cashback`, {}), 400, 'invalid_request')
    expect(await membershipRowsOf(buyer.buyerId)).toEqual([])
  })
})

describe('POST /api/buyers/{buyerId}/promotions/premium', () => {
  it('joins and pays the price from the wallet, once', async () => {
    const buyer = await buyerWith('premium.join@example.com', 50_000)
    const key = newIdempotencyKey()
    const first = await buyer.joinPremium(key)
    const firstText = await first.clone().text()
    const membership = await readMembership(first)
    const now = buyer.clock.now()
    expect(membership).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      kind: 'premium',
      level: null,
      joinedAt: now.toISOString(),
      expiresAt: computePremiumEnd(now).toISOString(),
      endedAt: null,
      endReason: null,
      price: premiumPrice,
    })
    const payments = await premiumPaymentsOf(buyer.buyerId)
    expect(payments).toHaveLength(1)
    expect(payments[0]).toMatchObject({ amount: -premiumPrice, membershipId: membership._id })
    expect(await buyer.snapshot()).toMatchObject({
      balance: 50_000 - premiumPrice,
      premium: { joinedAt: now.toISOString() },
      specialCashback: null,
    })

    // The same key again answers the first result, byte for byte, and pays nothing more.
    const replay = await buyer.joinPremium(key)
    expect(replay.status).toBe(201)
    expect(await replay.text()).toBe(firstText)

    // A new join is refused with the spec's text.
    const second = await expectRefusal(await buyer.joinPremium(), 409, 'premium_already_joined')
    expect(second.message).toBe('You already join premium membership.')
    expect(await premiumPaymentsOf(buyer.buyerId)).toHaveLength(1)
    expect(await membershipRowsOf(buyer.buyerId)).toHaveLength(1)
    expect((await buyer.snapshot()).balance).toBe(50_000 - premiumPrice)
  })

  it('refuses a balance below the price with details.minimum, and joins at exactly the price', async () => {
    const empty = await buyerWith('premium.empty@example.com')
    const refusal = await expectRefusal(await empty.joinPremium(), 409, 'balance_below_premium_price')
    expect(refusal.details).toEqual({ minimum: premiumPrice })

    const short = await buyerWith('premium.short@example.com', premiumPrice - 100)
    const shortRefusal = await expectRefusal(await short.joinPremium(), 409, 'balance_below_premium_price')
    expect(shortRefusal.details).toEqual({ minimum: premiumPrice })
    expect(await membershipRowsOf(short.buyerId)).toEqual([])
    expect(await premiumPaymentsOf(short.buyerId)).toEqual([])

    const exact = await buyerWith('premium.exact@example.com', premiumPrice)
    await readMembership(await exact.joinPremium())
    expect((await exact.snapshot()).balance).toBe(0)
  })

  it('refuses while Special Cashback is active', async () => {
    const buyer = await buyerWith('premium.special@example.com', tier1 + 50_000)
    await readMembership(await buyer.joinSpecialCashback(1))
    const refusal = await expectRefusal(await buyer.joinPremium(), 409, 'not_combinable_with_special_cashback')
    expect(refusal.details).toBeUndefined()
    expect(await premiumPaymentsOf(buyer.buyerId)).toEqual([])
    expect((await buyer.snapshot()).balance).toBe(tier1 + 50_000)
  })

  it('lets exactly one of 50 parallel joins with different keys through, and pays once', async () => {
    const buyer = await buyerWith('premium.parallel@example.com', 100_000)
    const responses = await sendInParallel('premium joins', 50, () => buyer.joinPremium())
    expect(await countOutcomes(responses)).toEqual({ '201': 1, '409 premium_already_joined': 49 })
    expect(await membershipRowsOf(buyer.buyerId)).toHaveLength(1)
    expect(await premiumPaymentsOf(buyer.buyerId)).toHaveLength(1)
    expect((await buyer.snapshot()).balance).toBe(100_000 - premiumPrice)
  })

  it('answers 50 parallel sends of one key with one join', async () => {
    const buyer = await buyerWith('premium.same.key@example.com', 100_000)
    const key = newIdempotencyKey()
    const responses = await sendInParallel('premium joins of one key', 50, () => buyer.joinPremium(key))
    const texts = await Promise.all(responses.map((response) => response.text()))
    expect(new Set(responses.map((response) => response.status))).toEqual(new Set([201]))
    expect(new Set(texts).size).toBe(1)
    expect(await premiumPaymentsOf(buyer.buyerId)).toHaveLength(1)
  })
})

describe('POST /api/buyers/{buyerId}/promotions/special-cashback', () => {
  it('refuses a balance exactly at the level, joins above it, and only once', async () => {
    const buyer = await buyerWith('special.tier@example.com', tier1)
    const atTier = await expectRefusal(await buyer.joinSpecialCashback(1), 409, 'balance_below_tier')
    expect(atTier.details).toEqual({ minimum: tier1 })
    expect(atTier.message).toMatch(/^You must have accumulated cashback more than THB\s1,000(\.00)?$/)

    await applyTestChange(database(), {
      transactionId: (
        await recordApprovedPurchase(database(), {
          buyerId: buyer.buyerId,
          merchantId: merchant().id,
          purchaseAmount: 2_000,
          now: new Date(buyer.signedUpAt.getTime() - 60_000),
        })
      ).id,
      event: { kind: 'accept' },
      actor: 'buyer',
      now: buyer.signedUpAt,
    })
    expect((await buyer.snapshot()).balance).toBe(tier1 + 100)
    const entriesBefore = await ledgerEntriesOf(database(), buyer.buyerId)

    const membership = await readMembership(await buyer.joinSpecialCashback(1))
    const now = buyer.clock.now()
    expect(membership).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      kind: 'special_cashback',
      level: 1,
      joinedAt: now.toISOString(),
      expiresAt: computeSpecialCashbackEnd(now).toISOString(),
      endedAt: null,
      endReason: null,
      price: 0,
    })
    // Free: no ledger entry.
    expect(await ledgerEntriesOf(database(), buyer.buyerId)).toEqual(entriesBefore)
    expect(await buyer.snapshot()).toMatchObject({
      balance: tier1 + 100,
      premium: null,
      specialCashback: { level: 1, joinedAt: now.toISOString(), endedAt: null },
    })

    for (const level of [1, 2, 3]) {
      await expectRefusal(await buyer.joinSpecialCashback(level), 409, 'special_cashback_already_joined')
    }
    expect(await membershipRowsOf(buyer.buyerId)).toHaveLength(1)
  })

  it('refuses while premium is active', async () => {
    const buyer = await buyerWith('special.premium@example.com', tier2 + premiumPrice)
    await readMembership(await buyer.joinPremium())
    await expectRefusal(await buyer.joinSpecialCashback(1), 409, 'not_combinable_with_premium')
    expect(
      await database()
        .select()
        .from(promotionMemberships)
        .where(and(eq(promotionMemberships.buyerId, buyer.buyerId), eq(promotionMemberships.kind, 'special_cashback'))),
    ).toEqual([])
  })

  it('asks to wait for the approval when only cashback on its way lifts the balance above the level', async () => {
    const buyer = await buyerWith('special.awaiting@example.com', tier1)
    const beforeSignUp = new Date(buyer.signedUpAt.getTime() - 60_000)
    // Tracked: ฿5 of cashback on its way.
    await recordTestPurchase(database(), {
      buyerId: buyer.buyerId,
      merchantId: merchant().id,
      purchaseAmount: 10_000,
      now: beforeSignUp,
    })
    expect((await buyer.snapshot()).awaitingCashback).toBe(500)
    const waiting = await expectRefusal(await buyer.joinSpecialCashback(1), 409, 'special_cashback_awaiting_approval')
    expect(waiting.details).toEqual({ minimum: tier1 })
    expect(waiting.message).toBe('Please wait for the approval before processing.')
    // Level 2 is out of reach even with it.
    const tooLow = await expectRefusal(await buyer.joinSpecialCashback(2), 409, 'balance_below_tier')
    expect(tooLow.details).toEqual({ minimum: tier2 })

    // Approved and not accepted counts as on its way too.
    const other = await buyerWith('special.approved@example.com', tier1)
    await recordApprovedPurchase(database(), {
      buyerId: other.buyerId,
      merchantId: merchant().id,
      purchaseAmount: 10_000,
      now: new Date(other.signedUpAt.getTime() - 60_000),
    })
    expect((await other.snapshot()).awaitingCashback).toBe(500)
    await expectRefusal(await other.joinSpecialCashback(1), 409, 'special_cashback_awaiting_approval')
    expect(await membershipRowsOf(buyer.buyerId)).toEqual([])
    expect(await membershipRowsOf(other.buyerId)).toEqual([])
  })

  it('records one of 50 parallel joins at any level', async () => {
    const buyer = await buyerWith('special.parallel@example.com', tier3Plus())
    const responses = await sendInParallel('special cashback joins', 50, (index) =>
      buyer.joinSpecialCashback((index % 3) + 1),
    )
    expect(await countOutcomes(responses)).toEqual({ '201': 1, '409 special_cashback_already_joined': 49 })
    expect(await membershipRowsOf(buyer.buyerId)).toHaveLength(1)
  })
})

function tier3Plus() {
  return defaultFixedRates.stairLv3.minimumBalance + 100
}

describe('GET /api/buyers/{buyerId}/promotions', () => {
  it('starts empty and reflects the buyer’s own joins, balance, awaiting cashback and new-user bonus', async () => {
    const a = await buyerWith('snapshot.a@example.com', 30_000)
    const b = await buyerWith('snapshot.b@example.com')
    expect(await b.snapshot()).toEqual({
      signedUpAt: b.signedUpAt.toISOString(),
      balance: 0,
      awaitingCashback: 0,
      premium: null,
      specialCashback: null,
      newUserBonus: {
        receivedAt: null,
        receivedAmount: null,
        hasPersonReceivedElsewhere: false,
        qualifyingApprovedSpending: 0,
      },
      hasRedeemedReferral: false,
    })

    await readMembership(await a.joinPremium())
    // ฿300 of purchases approved after sign-up count toward the new-user bonus; one tracked does not.
    a.clock.advance(60 * 60 * 1000)
    const approved = await recordApprovedPurchase(database(), {
      buyerId: a.buyerId,
      merchantId: merchant().id,
      purchaseAmount: 30_000,
      now: a.clock.now(),
    })
    await recordTestPurchase(database(), {
      buyerId: a.buyerId,
      merchantId: merchant().id,
      purchaseAmount: 20_000,
      now: a.clock.now(),
    })
    const snapshot = await a.snapshot()
    expect(snapshot).toMatchObject({
      signedUpAt: a.signedUpAt.toISOString(),
      balance: 30_000 - premiumPrice,
      premium: { joinedAt: a.signedUpAt.toISOString() },
      specialCashback: null,
      newUserBonus: {
        receivedAt: null,
        receivedAmount: null,
        hasPersonReceivedElsewhere: false,
        qualifyingApprovedSpending: 30_000,
      },
      hasRedeemedReferral: false,
    })
    // The approved (not accepted) and the tracked purchase's cashback, whatever bonuses they carry.
    expect(snapshot.awaitingCashback).toBeGreaterThanOrEqual(1_500 + 1_000)

    await giveTestBonus(database(), {
      buyerId: a.buyerId,
      transactionId: approved.id,
      amount: defaultFixedRates.firstBonus,
      now: a.clock.now(),
    })
    expect(await a.snapshot()).toMatchObject({
      balance: 30_000 - premiumPrice + defaultFixedRates.firstBonus,
      newUserBonus: { receivedAt: a.clock.now().toISOString(), receivedAmount: defaultFixedRates.firstBonus },
    })

    // B sees none of A's.
    expect(await b.snapshot()).toMatchObject({ balance: 0, awaitingCashback: 0, premium: null, specialCashback: null })
  })
})
