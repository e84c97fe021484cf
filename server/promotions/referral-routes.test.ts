import { eq } from 'drizzle-orm'
import * as v from 'valibot'
import { describe, expect, it, vi } from 'vitest'
import { defaultFixedRates } from '#domain/contracts/fixed-rate'
import { referralRedemptionResponseSchema } from '#domain/contracts/promotion'
import { generateReferralCode, referralCodeAlphabet, referralCodeLength } from '#domain/promotions/referral'
import { buyers, promotionAwards, referralCodes, referralRedemptions } from '#server/db/schema'
import { isUniqueViolation } from '#server/db/unique-violation'
import { ensureReferralCode, referralDisplayName } from '#server/promotions/referral-service'
import { createTestClock } from '#server/test/accounts'
import { createTestBuyer, recordTestPurchase, useTestDatabaseWithMerchant } from '#server/test/cashback'
import {
  countOutcomes,
  expectRefusal,
  sendInParallel,
  signInPromotionBuyer,
  type PromotionBuyer,
} from '#server/test/promotion-api'
import { giveTestBonus } from '#server/test/promotions'
import { newIdempotencyKey, testBankRequest, withdrawalPost } from '#server/test/withdrawals'

const { database, merchant } = useTestDatabaseWithMerchant()

const hour = 60 * 60 * 1000
const codePattern = new RegExp(`^[${referralCodeAlphabet}]{${referralCodeLength}}$`)

function buyerWith(email: string, options: { balance?: number } = {}) {
  return signInPromotionBuyer(database(), merchant(), email, options)
}

/** A code no buyer has (32^8 codes; the test database holds a few hundred). */
function unknownCode(): string {
  return generateReferralCode((count) => crypto.getRandomValues(new Uint8Array(count)))
}

async function redemptionRowsOf(friendBuyerId: string) {
  return database().select().from(referralRedemptions).where(eq(referralRedemptions.friendBuyerId, friendBuyerId))
}

async function expectRedeemed(response: Response, code: string, friend: PromotionBuyer) {
  expect(response.status).toBe(201)
  expect(v.parse(referralRedemptionResponseSchema, await response.json())).toEqual({
    code,
    redeemedAt: friend.clock.now().toISOString(),
  })
}

describe('GET /api/buyers/{buyerId}/referral', () => {
  it('makes the code on the first ask and answers the same one after', async () => {
    const buyer = await buyerWith('referral.code@example.com')
    const first = await buyer.referral()
    expect(first).toEqual({ code: expect.stringMatching(codePattern), redeemedCode: null, friends: [] })
    buyer.clock.advance(hour)
    expect(await buyer.referral()).toEqual(first)
    const rows = await database().select().from(referralCodes).where(eq(referralCodes.buyerId, buyer.buyerId))
    expect(rows).toEqual([{ buyerId: buyer.buyerId, code: first.code, createdAt: buyer.signedUpAt }])
  })

  it('answers 50 parallel first asks with one code', async () => {
    const buyer = await buyerWith('referral.parallel.code@example.com')
    const responses = await sendInParallel('first referral asks', 50, () => buyer.get(`${buyer.base}/referral`))
    expect(new Set(responses.map((response) => response.status))).toEqual(new Set([200]))
    const codes = await Promise.all(
      responses.map(async (response) => v.parse(v.object({ code: v.string() }), await response.json()).code),
    )
    expect(new Set(codes).size).toBe(1)
    expect(codes[0]).toMatch(codePattern)
    const rows = await database().select().from(referralCodes).where(eq(referralCodes.buyerId, buyer.buyerId))
    expect(rows.map((row) => row.code)).toEqual([codes[0]])
  })

  it('tries another code when the random one is taken', async () => {
    const now = new Date()
    const holder = await createTestBuyer(database(), now)
    // All-zero bytes make AAAAAAAA.
    await database().insert(referralCodes).values({ buyerId: holder, code: 'AAAAAAAA', createdAt: now })
    const buyerId = await createTestBuyer(database(), now)
    const random = vi.spyOn(globalThis.crypto, 'getRandomValues')
    random.mockImplementationOnce((array) => array)
    try {
      const code = await ensureReferralCode(database(), buyerId, now)
      expect(code).toMatch(codePattern)
      expect(code).not.toBe('AAAAAAAA')
      expect(random).toHaveBeenCalledTimes(2)
    } finally {
      random.mockRestore()
    }
  })

  it('tells a unique violation of the index named apart from others, on either database', async () => {
    const now = new Date()
    const holder = await createTestBuyer(database(), now)
    const code = await ensureReferralCode(database(), holder, now)
    const other = await createTestBuyer(database(), now)
    const error: unknown = await database()
      .insert(referralCodes)
      .values({ buyerId: other, code, createdAt: now })
      .then(
        () => undefined,
        (failure: unknown) => failure,
      )
    expect(isUniqueViolation(error)).toBe(true)
    expect(isUniqueViolation(error, 'referral_codes_code')).toBe(true)
    expect(isUniqueViolation(error, 'referral_codes_pkey')).toBe(false)
    expect(isUniqueViolation(new Error('duplicate key'))).toBe(false)
  })
})

describe('POST /api/buyers/{buyerId}/referral/redemption', () => {
  it('redeems a friend’s code; the referrer sees the friend, masked, through every state', async () => {
    const referrer = await buyerWith('referrer.one@example.com')
    const { code } = await referrer.referral()
    const friend = await buyerWith('somfriend.one@example.com')
    const typed = `${code.slice(0, 4).toLowerCase()}-${code.slice(4)} `
    await expectRedeemed(await friend.redeem(typed), code, friend)
    expect(await friend.referral()).toMatchObject({ redeemedCode: code, friends: [] })
    expect((await friend.snapshot()).hasRedeemedReferral).toBe(true)

    expect((await referrer.referral()).friends).toEqual([
      {
        displayName: 'so****@example.com',
        redeemedAt: friend.clock.now().toISOString(),
        state: 'waiting_for_purchase',
        friendState: 'pending',
        bonus: null,
        bonusPaidAt: null,
      },
    ])

    // A second friend with names in the profile, later: listed first, by first name and initial.
    const named = await buyerWith('named.friend@example.com')
    await database()
      .update(buyers)
      .set({ firstName: 'Somchai', lastName: 'Jaidee' })
      .where(eq(buyers.id, named.buyerId))
    named.clock.advance(60_000)
    await expectRedeemed(await named.redeem(code), code, named)

    // The first friend shops: the bonus is pending; once awarded, received.
    const purchase = await recordTestPurchase(database(), {
      buyerId: friend.buyerId,
      merchantId: merchant().id,
      purchaseAmount: 10_000,
      now: friend.clock.now(),
    })
    const friends = (await referrer.referral()).friends
    expect(friends.map((entry) => [entry.displayName, entry.state, entry.friendState])).toEqual([
      ['Somchai J.', 'waiting_for_purchase', 'pending'],
      ['so****@example.com', 'pending_bonus', 'pending'],
    ])
    const paidAt = new Date(friend.clock.now().getTime() + hour)
    await database().insert(promotionAwards).values({
      buyerId: referrer.buyerId,
      kind: 'referral_bonus',
      amount: defaultFixedRates.getFriend,
      transactionId: purchase.id,
      friendBuyerId: friend.buyerId,
      createdAt: paidAt,
    })
    expect((await referrer.referral()).friends[1]).toEqual({
      displayName: 'so****@example.com',
      redeemedAt: friend.clock.now().toISOString(),
      state: 'received',
      friendState: 'success',
      bonus: defaultFixedRates.getFriend,
      bonusPaidAt: paidAt.toISOString(),
    })
    // Nobody's summary shows a full identifier.
    expect(JSON.stringify(await referrer.referral())).not.toContain('somfriend.one@')
  })

  it('answers a replay with the first result and refuses the key on another code', async () => {
    const referrer = await buyerWith('referrer.replay@example.com')
    const { code } = await referrer.referral()
    const friend = await buyerWith('friend.replay@example.com')
    const key = newIdempotencyKey()
    const first = await friend.redeem(code, key)
    const firstText = await first.text()
    expect(first.status).toBe(201)
    const replay = await friend.redeem(code, key)
    expect(replay.status).toBe(201)
    expect(await replay.text()).toBe(firstText)
    const other = await (await buyerWith('referrer.replay.other@example.com')).referral()
    await expectRefusal(await friend.redeem(other.code, key), 422, 'idempotency_key_reused')
    await expectRefusal(await friend.redeem(code, null), 400, 'idempotency_key_required')
    expect(await redemptionRowsOf(friend.buyerId)).toHaveLength(1)
  })

  it('refuses the own code', async () => {
    const buyer = await buyerWith('referral.own@example.com')
    const { code } = await buyer.referral()
    await expectRefusal(await buyer.redeem(code), 409, 'own_referral_code')
    expect(await redemptionRowsOf(buyer.buyerId)).toEqual([])
  })

  it('refuses the code of an account of the same person (a shared payout account)', async () => {
    const referrer = await buyerWith('same.person.referrer@example.com', { balance: 20_000 })
    const friend = await buyerWith('same.person.friend@example.com', { balance: 20_000 })
    for (const buyer of [referrer, friend]) {
      const response = await buyer.app.request(
        `/api/wallet/${buyer.buyerId}/withdrawals`,
        withdrawalPost(buyer.cookie, testBankRequest),
      )
      expect(response.status).toBe(201)
    }
    const { code } = await referrer.referral()
    await expectRefusal(await friend.redeem(code), 409, 'own_referral_code')
    expect(await redemptionRowsOf(friend.buyerId)).toEqual([])

    // The same person's new-user bonus, received on the other account, shows in the snapshot.
    const purchase = await recordTestPurchase(database(), {
      buyerId: referrer.buyerId,
      merchantId: merchant().id,
      purchaseAmount: 10_000,
      now: referrer.clock.now(),
    })
    await giveTestBonus(database(), {
      buyerId: referrer.buyerId,
      transactionId: purchase.id,
      amount: defaultFixedRates.firstBonus,
      now: referrer.clock.now(),
    })
    expect((await friend.snapshot()).newUserBonus).toEqual({
      receivedAt: null,
      receivedAmount: null,
      hasPersonReceivedElsewhere: true,
      qualifyingApprovedSpending: 0,
    })
  })

  it('closes 24 hours after the friend signed up', async () => {
    const { code } = await (await buyerWith('referrer.window@example.com')).referral()
    const late = await buyerWith('friend.late@example.com')
    late.clock.advance(24 * hour)
    await expectRefusal(await late.redeem(code), 409, 'referral_window_closed')
    expect(await redemptionRowsOf(late.buyerId)).toEqual([])

    const justInTime = await buyerWith('friend.in.time@example.com')
    justInTime.clock.advance(24 * hour - 1_000)
    await expectRedeemed(await justInTime.redeem(code), code, justInTime)
  })

  it('refuses a second redemption, of the same code or another', async () => {
    const first = await (await buyerWith('referrer.second.a@example.com')).referral()
    const second = await (await buyerWith('referrer.second.b@example.com')).referral()
    const friend = await buyerWith('friend.second@example.com')
    await expectRedeemed(await friend.redeem(first.code), first.code, friend)
    await expectRefusal(await friend.redeem(first.code), 409, 'referral_already_redeemed')
    await expectRefusal(await friend.redeem(second.code), 409, 'referral_already_redeemed')
    expect((await redemptionRowsOf(friend.buyerId)).map((row) => row.code)).toEqual([first.code])
  })

  it('records exactly one of 50 parallel redemptions of different codes by one friend', async () => {
    const now = createTestClock().now()
    const codes = await Promise.all(
      Array.from({ length: 50 }, async () =>
        ensureReferralCode(database(), await createTestBuyer(database(), now), now),
      ),
    )
    expect(new Set(codes).size).toBe(50)
    const friend = await buyerWith('friend.parallel@example.com')
    const responses = await sendInParallel('referral redemptions', 50, (index) => friend.redeem(codes[index]))
    expect(await countOutcomes(responses)).toEqual({ '201': 1, '409 referral_already_redeemed': 49 })
    const rows = await redemptionRowsOf(friend.buyerId)
    expect(rows).toHaveLength(1)
    expect(codes).toContain(rows[0]?.code)
  })

  it('refuses text that cannot be a code with 400, without counting it', async () => {
    const friend = await buyerWith('friend.malformed@example.com')
    const malformed: unknown[] = [
      '',
      'ABC',
      'ABCDEFG0',
      'ABCDEFGHJ',
      'ABCD_EFG',
      'ABCDEFG1',
      'ก'.repeat(8),
      'a'.repeat(33),
    ]
    for (let round = 0; round < 2; round += 1) {
      for (const code of malformed) await expectRefusal(await friend.redeem(code), 400, 'invalid_referral_code')
    }
    await expectRefusal(await friend.post(`${friend.base}/referral/redemption`, {}), 400, 'invalid_referral_code')
    for (const code of [12_345_678, null, ['ABCDEFGH']]) {
      await expectRefusal(await friend.redeem(code), 400, 'invalid_referral_code')
    }
    await expectRefusal(await friend.post(`${friend.base}/referral/redemption`, 'ABCDEFGH'), 400, 'invalid_request')
    // None of the 20 counted: the first unknown code is still a 404.
    await expectRefusal(await friend.redeem(unknownCode()), 404, 'referral_code_not_found')
    expect(await redemptionRowsOf(friend.buyerId)).toEqual([])
  })

  it('answers 404 for a code nobody has, then 429 for every code once 10 were tried in the hour', async () => {
    const { code } = await (await buyerWith('referrer.limit@example.com')).referral()
    const friend = await buyerWith('friend.limit@example.com')
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      await expectRefusal(await friend.redeem(unknownCode()), 404, 'referral_code_not_found')
    }
    const limited = await friend.redeem(unknownCode())
    const refusal = await expectRefusal(limited, 429, 'too_many_requests')
    expect(limited.headers.get('Retry-After')).toBe('3600')
    expect(refusal.details).toEqual({ retryAfterSeconds: 3600 })
    // A code that exists is refused too: a guesser learns nothing from the answers.
    await expectRefusal(await friend.redeem(code), 429, 'too_many_requests')
    expect(await redemptionRowsOf(friend.buyerId)).toEqual([])

    // Another buyer's count is their own.
    const other = await buyerWith('friend.limit.other@example.com')
    await expectRefusal(await other.redeem(unknownCode()), 404, 'referral_code_not_found')

    // The window ends an hour after the first miss.
    friend.clock.advance(hour)
    await expectRedeemed(await friend.redeem(code), code, friend)
  })

  it('never counts codes that exist, whatever the answer', async () => {
    const buyer = await buyerWith('referral.own.many@example.com')
    const { code } = await buyer.referral()
    for (let attempt = 1; attempt <= 15; attempt += 1) {
      await expectRefusal(await buyer.redeem(code), 409, 'own_referral_code')
    }
    await expectRefusal(await buyer.redeem(unknownCode()), 404, 'referral_code_not_found')
  })
})

describe('referralDisplayName', () => {
  const none = { firstName: null, lastName: null, email: null, phone: null }
  it.each([
    [{ ...none, firstName: 'Somchai', lastName: 'Jaidee', email: 'somchai@gmail.com' }, 'Somchai J.'],
    [{ ...none, firstName: ' สมชาย ', lastName: 'ใจดี' }, 'สมชาย ใ.'],
    [{ ...none, firstName: 'Somchai', email: 'somchai@gmail.com' }, 'Somchai'],
    [{ ...none, firstName: '  ', lastName: 'Jaidee', email: 'somchai@gmail.com' }, 'so****@gmail.com'],
    [{ ...none, email: 'ab@gmail.com' }, 'a****@gmail.com'],
    [{ ...none, email: 'a@gmail.com' }, 'a****@gmail.com'],
    [{ ...none, phone: '0812345678' }, '08x-xxx-5678'],
  ])('shows %o as %s', (friend, expected) => {
    expect(referralDisplayName(friend)).toBe(expected)
  })
})
