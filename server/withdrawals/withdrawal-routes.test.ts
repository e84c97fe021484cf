import { eq } from 'drizzle-orm'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { walletSummarySchema } from '#domain/contracts/cashback'
import { withdrawalListResponseSchema, withdrawalSchema, type Withdrawal } from '#domain/contracts/withdrawal'
import { addBusinessDays } from '#domain/wallet/withdrawal-rules'
import { writeSetting } from '#server/app-settings'
import { setBuyerStatus } from '#server/buyers/buyer-records'
import { idempotencyKeys } from '#server/db/schema'
import { createAccountsTestApp, jsonRequest, signIn } from '#server/test/accounts'
import { readErrorBody } from '#server/test/app'
import { applyTestChange, useTestDatabaseWithMerchant } from '#server/test/cashback'
import { switchOffPurchasePromotions } from '#server/test/promotions'
import {
  giveTestBalance,
  ledgerEntriesOf,
  markTestWithdrawal,
  newIdempotencyKey,
  testBankRequest,
  testPromptPayRequest,
  testTrueMoneyRequest,
  withdrawalPost,
  withdrawalRowsOf,
} from '#server/test/withdrawals'

const { database, merchant } = useTestDatabaseWithMerchant()
const payoutAccountWaitingMilliseconds = 72 * 3_600_000

/** A signed-in buyer with `balance` satang of accepted cashback, and their withdrawals path. */
async function buyerWith(email: string, balance = 0) {
  const { app, clock } = createAccountsTestApp(database())
  const { cookie, buyer } = await signIn(app, email)
  const buyerId = buyer.buyerId
  if (balance > 0)
    await giveTestBalance(database(), { buyerId, merchant: merchant(), amount: balance, now: clock.now() })
  const base = `/api/wallet/${buyerId}/withdrawals`
  const withdraw = async (body: unknown, key?: string | null) => app.request(base, withdrawalPost(cookie, body, key))
  /** Saves a payout account on its own, as the form does when a shopper changes theirs. */
  const saveAccount = async (details: unknown) =>
    app.request(
      `/api/wallet/${buyerId}/payout-accounts`,
      jsonRequest('POST', details, { Cookie: cookie, 'Idempotency-Key': newIdempotencyKey() }),
    )
  const get = (path: string) => app.request(path, { headers: { Cookie: cookie } })
  const summary = async () => v.parse(walletSummarySchema, await (await get(`/api/buyers/${buyerId}/wallet`)).json())
  return { app, clock, cookie, buyerId, base, withdraw, saveAccount, get, summary }
}

async function readWithdrawal(response: Response): Promise<Withdrawal> {
  if (response.status >= 400) throw new Error(`${response.status} ${await response.clone().text()}`)
  return v.parse(withdrawalSchema, await response.json())
}

async function expectRefusal(response: Response, status: number, code: string) {
  const body = await readErrorBody(response)
  expect(response.status, JSON.stringify(body)).toBe(status)
  expect(body.error.code).toBe(code)
  return body.error
}

/** Every running balance of the buyer's ledger, oldest entry first. */
async function runningBalances(buyerId: string): Promise<number[]> {
  let balance = 0
  return (await ledgerEntriesOf(database(), buyerId)).map((entry) => (balance += entry.amount))
}

describe('access matrix', () => {
  it('answers 401 anonymous, 403 for another buyer or a suspended one, 404 for another buyer’s withdrawal', async () => {
    const a = await buyerWith('withdraw.matrix.a@example.com', 50_000)
    const b = await buyerWith('withdraw.matrix.b@example.com', 50_000)
    const ofB = await readWithdrawal(await b.withdraw(testBankRequest))
    const requests = (base: string, withdrawalId: string): [string, string, 'GET' | 'POST'][] => [
      ['create', base, 'POST'],
      ['list', base, 'GET'],
      ['detail', `${base}/${withdrawalId}`, 'GET'],
    ]
    const send = (path: string, method: 'GET' | 'POST', cookie: string | undefined) =>
      a.app.request(
        path,
        method === 'POST'
          ? withdrawalPost(cookie, testBankRequest)
          : { headers: cookie === undefined ? {} : { Cookie: cookie } },
      )

    for (const [label, path, method] of requests(b.base, ofB._id)) {
      expect((await send(path, method, undefined)).status, `${label} anonymous`).toBe(401)
      await expectRefusal(await send(path, method, undefined), 401, 'unauthenticated')
      await expectRefusal(await send(path, method, a.cookie), 403, 'forbidden')
    }
    // A's own path with B's id, an unknown id or a malformed one: not found, all alike.
    for (const withdrawalId of [ofB._id, 'ffffffffffffffffffffffff', 'not-an-id', "' or 1=1 --", 'a\u0000b']) {
      await expectRefusal(await a.get(`${a.base}/${encodeURIComponent(withdrawalId)}`), 404, 'withdrawal_not_found')
    }
    expect(await withdrawalRowsOf(database(), a.buyerId)).toEqual([])
    expect(await withdrawalRowsOf(database(), b.buyerId)).toHaveLength(1)

    const ofA = await readWithdrawal(await a.withdraw({ ...testBankRequest, amount: 10_000 }))
    for (const [label, path, method] of requests(a.base, ofA._id).slice(1)) {
      expect((await send(path, method, a.cookie)).status, label).toBe(200)
    }

    await setBuyerStatus(database(), {
      buyerId: a.buyerId,
      status: 'suspended',
      reason: 'Negative wallet',
      actor: 'test',
    })
    for (const [, path, method] of requests(a.base, ofA._id)) {
      await expectRefusal(await send(path, method, a.cookie), 403, 'buyer_suspended')
    }
    expect(await withdrawalRowsOf(database(), a.buyerId)).toHaveLength(1)
  })
})

describe('POST /api/wallet/{buyerId}/withdrawals: the form', () => {
  const cases: [string, unknown, Record<string, string>][] = [
    [
      'every bank field missing',
      { target: 'bank' },
      {
        amount: 'required',
        bank: 'required',
        accountNumber: 'required',
        accountName: 'required',
        branchName: 'required',
        phoneOrIdNumber: 'required',
      },
    ],
    [
      'every bank field wrong',
      {
        target: 'bank',
        amount: 0,
        bank: 'KTB',
        accountNumber: '123-4-5678',
        accountName: '   ',
        branchName: 'ส'.repeat(101),
        phoneOrIdNumber: '1-2345-67890-12-3',
      },
      {
        amount: 'invalid_amount',
        bank: 'invalid_bank',
        accountNumber: 'invalid_account_number',
        accountName: 'required',
        branchName: 'too_long',
        phoneOrIdNumber: 'invalid_phone_or_id',
      },
    ],
    ['a fraction of a satang', { ...testBankRequest, amount: 10_000.5 }, { amount: 'invalid_amount' }],
    ['an amount as text', { ...testBankRequest, amount: '100' }, { amount: 'invalid_amount' }],
    ['an amount beyond int4', { ...testBankRequest, amount: 2 ** 31 }, { amount: 'invalid_amount' }],
    [
      'a wrong PromptPay id',
      { ...testPromptPayRequest, promptPayId: '1234567' },
      { promptPayId: 'invalid_promptpay_id' },
    ],
    [
      'a landline for TrueMoney',
      { ...testTrueMoneyRequest, mobileNumber: '02-123-4567' },
      { mobileNumber: 'invalid_phone' },
    ],
    ['satang in an exchange', { target: 'points', amount: 15_050 }, { amount: 'whole_baht_required' }],
    ['an unknown target', { target: 'cash', amount: 10_000 }, { target: 'required' }],
    ['no target', { amount: 10_000 }, { target: 'required' }],
  ]

  let formBuyers = 0
  it.each(cases)('answers 400 invalid_request with the field codes for %s', async (_label, body, fields) => {
    formBuyers += 1
    const { withdraw, buyerId } = await buyerWith(`withdraw.form.${formBuyers}@example.com`, 50_000)
    const error = await expectRefusal(await withdraw(body), 400, 'invalid_request')
    expect(error.details?.fields).toEqual(fields)
    expect(await withdrawalRowsOf(database(), buyerId)).toEqual([])
  })

  it('refuses malformed JSON and a missing key without writing anything', async () => {
    const { withdraw, buyerId } = await buyerWith('withdraw.malformed@example.com', 50_000)
    await expectRefusal(await withdraw('{"target": "bank",'), 400, 'invalid_request')
    await expectRefusal(await withdraw(testBankRequest, null), 400, 'idempotency_key_required')
    await expectRefusal(await withdraw(testBankRequest, 'short'), 400, 'idempotency_key_required')
    expect(await withdrawalRowsOf(database(), buyerId)).toEqual([])
    expect(await database().select().from(idempotencyKeys).where(eq(idempotencyKeys.ownerId, buyerId))).toEqual([])
  })
})

describe('POST /api/wallet/{buyerId}/withdrawals: the rules', () => {
  it('needs accumulated cashback above the minimum withdrawal, net of reversals', async () => {
    const exactly = await buyerWith('withdraw.accumulated.exact@example.com', 10_000)
    for (const body of [
      { ...testBankRequest, amount: 10_000 },
      { target: 'points', amount: 10_000 },
    ]) {
      const error = await expectRefusal(await exactly.withdraw(body), 409, 'accumulated_cashback_too_low')
      expect(error.details).toEqual({ minimum: 10_000 })
    }

    // ฿250 credited and reversed, then ฿100 credited: the balance allows ฿100, but only ฿100 was
    // ever accumulated, which is not more than the minimum.
    const reversed = await buyerWith('withdraw.accumulated.reversed@example.com', 25_000)
    const [firstCredit] = await ledgerEntriesOf(database(), reversed.buyerId)
    await applyTestChange(database(), {
      transactionId: firstCredit?.transactionId ?? '',
      event: { kind: 'network_update', status: 'REJECTED', reasonCode: 'item_returned', rejectionReason: 'Returned' },
      now: reversed.clock.now(),
    })
    await giveTestBalance(database(), {
      buyerId: reversed.buyerId,
      merchant: merchant(),
      amount: 10_000,
      now: reversed.clock.now(),
    })
    expect(await reversed.summary()).toMatchObject({ balance: 10_000, cashback: 10_000 })
    await expectRefusal(
      await reversed.withdraw({ ...testBankRequest, amount: 10_000 }),
      409,
      'accumulated_cashback_too_low',
    )
    expect(await withdrawalRowsOf(database(), reversed.buyerId)).toEqual([])
  })

  it('refuses below the minimum, above the balance, below the smallest exchange, and while one is open', async () => {
    const { withdraw, buyerId } = await buyerWith('withdraw.rules@example.com', 50_000)
    expect(
      (await expectRefusal(await withdraw({ ...testBankRequest, amount: 9_999 }), 409, 'below_minimum_withdrawal'))
        .details,
    ).toEqual({ minimum: 10_000 })
    expect(
      (await expectRefusal(await withdraw({ ...testBankRequest, amount: 50_001 }), 409, 'above_balance')).details,
    ).toEqual({ balance: 50_000 })
    expect(
      (await expectRefusal(await withdraw({ target: 'points', amount: 14_900 }), 409, 'below_minimum_exchange'))
        .details,
    ).toEqual({ minimum: 15_000 })
    expect(
      (await expectRefusal(await withdraw({ target: 'points', amount: 50_100 }), 409, 'above_balance')).details,
    ).toEqual({ balance: 50_000 })
    expect(await withdrawalRowsOf(database(), buyerId)).toEqual([])
    expect(await ledgerEntriesOf(database(), buyerId)).toHaveLength(1)

    // The whole balance is allowed; then nothing more while it is open, not even an exchange.
    expect((await withdraw({ ...testBankRequest, amount: 50_000 })).status).toBe(201)
    for (const body of [
      { ...testBankRequest, amount: 10_000 },
      { target: 'points', amount: 15_000 },
    ]) {
      const error = await expectRefusal(await withdraw(body), 409, 'pending_withdrawal')
      expect(error.details).toBeUndefined()
    }
    expect(await withdrawalRowsOf(database(), buyerId)).toHaveLength(1)
  })
})

describe('POST /api/wallet/{buyerId}/withdrawals: what it reserves', () => {
  it('reserves a bank withdrawal as net plus a 10 % fee, masks the account and promises 30 business days', async () => {
    const { withdraw, get, summary, base, buyerId, clock } = await buyerWith('withdraw.bank@example.com', 50_000)
    const response = await withdraw(testBankRequest)
    expect(response.status).toBe(201)
    const text = await response.clone().text()
    const created = await readWithdrawal(response)
    expect(created).toMatchObject({
      target: 'bank',
      status: 'requested',
      currency: 'THB',
      amount: 12_345,
      fee: 1_234,
      netAmount: 11_111,
      points: null,
      destination: { bank: 'KBANK', maskedAccount: 'xxx-x-x7890', accountName: 'สมชาย ใจดี' },
      // Sunday 15 November 2026, 10:00 in Bangkok: 30 business days is Friday 25 December.
      expectedBy: '2026-12-25T03:00:00.000Z',
      failureReason: null,
      createdAt: clock.now().toISOString(),
      paidAt: null,
    })
    expect(created._id).toMatch(/^[0-9a-f]{24}$/)
    // The shopper never reads the account number or the phone back.
    for (const secret of ['1234567890', '56789', '0812345678', 'สาขาสยามพารากอน']) expect(text).not.toContain(secret)

    const [row] = await withdrawalRowsOf(database(), buyerId)
    expect(row?.payoutDetails).toEqual({
      target: 'bank',
      bank: 'KBANK',
      bankCode: '004',
      accountNumber: '1234567890',
      accountName: 'สมชาย ใจดี',
      branchName: 'สาขาสยามพารากอน',
      phoneOrIdNumber: '0812345678',
    })
    expect(
      (await ledgerEntriesOf(database(), buyerId)).map((entry) => [entry.kind, entry.amount, entry.withdrawalId]),
    ).toEqual([
      ['cashback_credit', 50_000, null],
      ['withdrawal', -11_111, created._id],
      ['withdrawal_fee', -1_234, created._id],
    ])
    expect(await summary()).toMatchObject({ balance: 37_655, withdrawn: 12_345, cashback: 50_000 })

    const detail = await get(`${base}/${created._id}`)
    expect(detail.status).toBe(200)
    expect(await readWithdrawal(detail)).toEqual(created)
    const list = v.parse(withdrawalListResponseSchema, await (await get(base)).json())
    expect(list).toEqual({ data: [created], total: 1 })
  })

  it('masks PromptPay ids and TrueMoney numbers and promises each target its own time', async () => {
    const { withdraw, saveAccount, get, base, buyerId, clock } = await buyerWith(
      'withdraw.targets@example.com',
      100_000,
    )
    const promptPay = await readWithdrawal(await withdraw(testPromptPayRequest))
    expect(promptPay).toMatchObject({
      fee: 2_000,
      netAmount: 18_000,
      destination: { bank: null, maskedAccount: 'xxxxxxxxx8702', accountName: 'สมหญิง รักดี' },
      expectedBy: addBusinessDays(clock.now(), 30).toISOString(),
    })
    await markTestWithdrawal(database(), promptPay._id, { status: 'processing' })
    const paidAt = clock.now()
    await markTestWithdrawal(database(), promptPay._id, { status: 'paid' }, paidAt)

    // Each later account waits 72 hours (docs/decisions/024).
    const mobile = { ...testPromptPayRequest, promptPayId: '0812345678' }
    expect((await saveAccount(mobile)).status).toBe(201)
    clock.advance(payoutAccountWaitingMilliseconds)
    const mobilePromptPay = await readWithdrawal(await withdraw(mobile))
    expect(mobilePromptPay.destination.maskedAccount).toBe('081-xxx-5678')
    await markTestWithdrawal(database(), mobilePromptPay._id, { status: 'failed', reason: 'Wrong name' })

    expect((await saveAccount(testTrueMoneyRequest)).status).toBe(201)
    clock.advance(payoutAccountWaitingMilliseconds)
    const trueMoney = await readWithdrawal(await withdraw(testTrueMoneyRequest))
    expect(trueMoney).toMatchObject({
      fee: 1_500,
      netAmount: 13_500,
      destination: { bank: null, maskedAccount: '089-xxx-4321', accountName: 'Somchai Jaidee' },
      // 7 to 14 business days to a digital wallet: the end of the range.
      expectedBy: '2026-12-10T03:00:00.000Z',
    })
    const rows = await withdrawalRowsOf(database(), buyerId)
    expect(rows.map((row) => row.payoutDetails)).toEqual([
      { target: 'promptpay', promptPayId: '1103702008702', promptPayIdKind: 'national_id', accountName: 'สมหญิง รักดี' },
      { target: 'promptpay', promptPayId: '0812345678', promptPayIdKind: 'mobile', accountName: 'สมหญิง รักดี' },
      { target: 'truemoney', mobileNumber: '0897654321', accountName: 'Somchai Jaidee' },
    ])

    // The history, newest first and paged.
    const page = v.parse(withdrawalListResponseSchema, await (await get(`${base}?limit=2&skip=1`)).json())
    expect(page.total).toBe(3)
    expect(page.data.map((withdrawal) => [withdrawal._id, withdrawal.status])).toEqual([
      [mobilePromptPay._id, 'failed'],
      [promptPay._id, 'paid'],
    ])
    expect(page.data[1]).toMatchObject({ expectedBy: null, paidAt: paidAt.toISOString() })
    await expectRefusal(await get(`${base}?limit=0`), 400, 'invalid_request')
    await expectRefusal(await get(`${base}?limit=51`), 400, 'invalid_request')
  })

  it('exchanges whole baht for points at once, with no fee and no waiting', async () => {
    const { withdraw, summary, buyerId, clock } = await buyerWith('withdraw.points@example.com', 40_000)
    const exchange = await readWithdrawal(await withdraw({ target: 'points', amount: 20_000 }))
    expect(exchange).toMatchObject({
      target: 'points',
      status: 'paid',
      amount: 20_000,
      fee: 0,
      netAmount: 0,
      points: 1_000,
      destination: { bank: null, maskedAccount: null, accountName: null },
      expectedBy: null,
      paidAt: clock.now().toISOString(),
    })
    // Nothing is left open, so another exchange may follow at once.
    const second = await readWithdrawal(await withdraw({ target: 'points', amount: 15_000 }))
    expect(second.points).toBe(750)
    expect((await ledgerEntriesOf(database(), buyerId)).map((entry) => [entry.kind, entry.amount])).toEqual([
      ['cashback_credit', 40_000],
      ['points_exchange', -20_000],
      ['points_exchange', -15_000],
    ])
    expect(await summary()).toMatchObject({ balance: 5_000, withdrawn: 35_000 })
    const [row] = await withdrawalRowsOf(database(), buyerId)
    expect(row?.payoutDetails).toBeNull()
  })

  it('writes no fee entry when the fee setting is 0', async () => {
    const { withdraw, buyerId } = await buyerWith('withdraw.no.fee@example.com', 30_000)
    await writeSetting(database(), 'fixed_rate_thb', { withdrawalFee: 0 })
    try {
      const created = await readWithdrawal(await withdraw({ ...testBankRequest, amount: 30_000 }))
      expect(created).toMatchObject({ fee: 0, netAmount: 30_000 })
    } finally {
      await switchOffPurchasePromotions(database())
    }
    expect((await ledgerEntriesOf(database(), buyerId)).map((entry) => [entry.kind, entry.amount])).toEqual([
      ['cashback_credit', 30_000],
      ['withdrawal', -30_000],
    ])
  })

  it('gives the money and the fee back when a withdrawal fails, and allows a new one', async () => {
    const { withdraw, get, summary, base, buyerId } = await buyerWith('withdraw.failed@example.com', 50_000)
    const created = await readWithdrawal(await withdraw(testBankRequest))
    await markTestWithdrawal(database(), created._id, { status: 'processing' })
    expect((await summary()).balance).toBe(37_655)
    await markTestWithdrawal(database(), created._id, { status: 'failed', reason: 'บัญชีปิดแล้ว' })

    const failed = await readWithdrawal(await get(`${base}/${created._id}`))
    expect(failed).toMatchObject({ status: 'failed', failureReason: 'บัญชีปิดแล้ว', expectedBy: null, paidAt: null })
    expect((await ledgerEntriesOf(database(), buyerId)).map((entry) => [entry.kind, entry.amount])).toEqual([
      ['cashback_credit', 50_000],
      ['withdrawal', -11_111],
      ['withdrawal_fee', -1_234],
      ['withdrawal_return', 12_345],
    ])
    expect(await summary()).toMatchObject({ balance: 50_000, withdrawn: 0 })

    const again = await withdraw({ ...testBankRequest, amount: 50_000 })
    expect(again.status).toBe(201)
    expect((await summary()).balance).toBe(0)
  })
})

describe('POST /api/wallet/{buyerId}/withdrawals: idempotency', () => {
  it('answers a replay byte for byte and refuses the key with another body or on another path', async () => {
    const { app, withdraw, cookie, buyerId } = await buyerWith('withdraw.replay@example.com', 50_000)
    const key = newIdempotencyKey()
    const first = await withdraw(testBankRequest, key)
    expect(first.status).toBe(201)
    const firstText = await first.text()
    const entriesAfterFirst = await ledgerEntriesOf(database(), buyerId)

    const replay = await withdraw(testBankRequest, key)
    expect(replay.status).toBe(201)
    expect(await replay.text()).toBe(firstText)
    // The same request written differently (the schema normalizes it) is the same request.
    const reformatted = await withdraw(
      { ...testBankRequest, accountNumber: '1234567890', phoneOrIdNumber: '+66812345678' },
      key,
    )
    expect(reformatted.status).toBe(201)
    expect(await reformatted.text()).toBe(firstText)

    await expectRefusal(await withdraw({ ...testBankRequest, amount: 12_346 }, key), 422, 'idempotency_key_reused')
    await expectRefusal(
      await withdraw({ ...testBankRequest, accountNumber: '1234567891' }, key),
      422,
      'idempotency_key_reused',
    )
    const credited = (await ledgerEntriesOf(database(), buyerId))[0]?.transactionId ?? ''
    const elsewhere = await app.request(
      `/api/cashback/${buyerId}/transactions/${credited}/archive`,
      withdrawalPost(cookie, {}, key),
    )
    await expectRefusal(elsewhere, 422, 'idempotency_key_reused')

    expect(await withdrawalRowsOf(database(), buyerId)).toHaveLength(1)
    expect(await ledgerEntriesOf(database(), buyerId)).toEqual(entriesAfterFirst)
  })

  it('answers a refused request the same way when it is replayed, even once it would pass', async () => {
    const { withdraw, buyerId, clock } = await buyerWith('withdraw.refused.replay@example.com', 50_000)
    const key = newIdempotencyKey()
    const refused = await withdraw({ ...testBankRequest, amount: 60_000 }, key)
    expect(refused.status).toBe(409)
    const refusedText = await refused.text()
    await giveTestBalance(database(), { buyerId, merchant: merchant(), amount: 20_000, now: clock.now() })
    const replayed = await withdraw({ ...testBankRequest, amount: 60_000 }, key)
    expect(replayed.status).toBe(409)
    expect(await replayed.text()).toBe(refusedText)
    expect((await withdraw({ ...testBankRequest, amount: 60_000 })).status).toBe(201)
  })

  it('creates exactly one withdrawal for 100 parallel sends of one key', async () => {
    const { withdraw, buyerId } = await buyerWith('withdraw.same.key@example.com', 50_000)
    const key = newIdempotencyKey()
    const responses = await Promise.all(Array.from({ length: 100 }, () => withdraw(testBankRequest, key)))
    const texts = await Promise.all(responses.map((response) => response.text()))
    expect(new Set(responses.map((response) => response.status))).toEqual(new Set([201]))
    expect(new Set(texts).size).toBe(1)
    expect(await withdrawalRowsOf(database(), buyerId)).toHaveLength(1)
    expect(await ledgerEntriesOf(database(), buyerId)).toHaveLength(3)
  })
})

describe('POST /api/wallet/{buyerId}/withdrawals: concurrency', () => {
  /** The statuses and error codes of 100 parallel requests with different keys. */
  async function sendHundred(withdraw: (body: unknown) => Promise<Response>, body: unknown) {
    const responses = await Promise.all(Array.from({ length: 100 }, () => withdraw(body)))
    const outcomes = await Promise.all(
      responses.map(async (response) =>
        response.status === 201 ? 'created' : `${response.status} ${(await readErrorBody(response)).error.code}`,
      ),
    )
    const counts: Record<string, number> = {}
    for (const outcome of outcomes) counts[outcome] = (counts[outcome] ?? 0) + 1
    return counts
  }

  it('lets exactly 3 of 100 parallel exchanges through when the balance covers 3', async () => {
    const { withdraw, summary, buyerId } = await buyerWith('withdraw.parallel.points@example.com', 60_000)
    expect(await sendHundred(withdraw, { target: 'points', amount: 20_000 })).toEqual({
      created: 3,
      '409 above_balance': 97,
    })
    expect(await summary()).toMatchObject({ balance: 0, withdrawn: 60_000 })
    expect(Math.min(...(await runningBalances(buyerId)))).toBeGreaterThanOrEqual(0)
    expect(await withdrawalRowsOf(database(), buyerId)).toHaveLength(3)
  })

  it('lets one of 100 parallel withdrawals through at a time, 3 in all, and never overdraws', async () => {
    const { withdraw, summary, buyerId } = await buyerWith('withdraw.parallel.bank@example.com', 60_000)
    const body = { ...testBankRequest, amount: 20_000 }
    for (let round = 1; round <= 3; round += 1) {
      expect(await sendHundred(withdraw, body), `round ${round}`).toEqual({
        created: 1,
        '409 pending_withdrawal': 99,
      })
      const open = (await withdrawalRowsOf(database(), buyerId)).filter((row) => row.status === 'requested')
      expect(open).toHaveLength(1)
      await markTestWithdrawal(database(), open[0]?.id ?? '', { status: 'processing' })
      await markTestWithdrawal(database(), open[0]?.id ?? '', { status: 'paid' })
      expect((await summary()).balance).toBe(60_000 - round * 20_000)
    }
    expect(await sendHundred(withdraw, body)).toEqual({ '409 above_balance': 100 })
    expect(await summary()).toMatchObject({ balance: 0, withdrawn: 60_000 })
    expect(Math.min(...(await runningBalances(buyerId)))).toBeGreaterThanOrEqual(0)
    const rows = await withdrawalRowsOf(database(), buyerId)
    expect(rows.map((row) => row.status)).toEqual(['paid', 'paid', 'paid'])
  })
})
