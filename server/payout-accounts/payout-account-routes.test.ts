import { asc, eq } from 'drizzle-orm'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import {
  payoutAccountListResponseSchema,
  payoutAccountSchema,
  type PayoutAccount,
} from '#domain/contracts/payout-account'
import { withdrawalSchema } from '#domain/contracts/withdrawal'
import type { AccountsConfig } from '#server/auth/accounts-config'
import { buyers, notifications, payoutAccounts } from '#server/db/schema'
import { createAccountsTestApp, jsonRequest, outboxMessages, signIn } from '#server/test/accounts'
import { readErrorBody } from '#server/test/app'
import { useTestDatabaseWithMerchant } from '#server/test/cashback'
import {
  giveTestBalance,
  markTestWithdrawal,
  newIdempotencyKey,
  testBankRequest,
  testTrueMoneyRequest,
  withdrawalPost,
  withdrawalRowsOf,
} from '#server/test/withdrawals'

const { database, merchant } = useTestDatabaseWithMerchant()
const waitingMilliseconds = 72 * 3_600_000

/** The test requests' accounts, without the amount. */
function accountOf<Request extends { amount: number }>(request: Request): Omit<Request, 'amount'> {
  const { amount, ...account } = request
  expect(amount).toBeGreaterThan(0)
  return account
}
const bankAccount = accountOf(testBankRequest)
const trueMoneyAccount = accountOf(testTrueMoneyRequest)
const otherBankAccount = { ...bankAccount, bank: 'SCB', accountNumber: '987-6-54321-0' } as const

/** A signed-in buyer with `balance` satang, and their payout-account and withdrawal calls. */
async function buyerWith(identifier: string, balance = 0, accounts: Partial<AccountsConfig> = {}) {
  const { app, clock } = createAccountsTestApp(database(), { accounts })
  const { cookie, buyer } = await signIn(app, identifier)
  const buyerId = buyer.buyerId
  if (balance > 0)
    await giveTestBalance(database(), { buyerId, merchant: merchant(), amount: balance, now: clock.now() })
  const accountsPath = `/api/wallet/${buyerId}/payout-accounts`
  return {
    app,
    clock,
    cookie,
    buyerId,
    accountsPath,
    /** The payout account notices the dev outbox holds for `to` (this buyer's identifier unless told), newest first. */
    mailedNotices: async (to = identifier) =>
      (await outboxMessages(app, to)).filter((message) => message.kind === 'payout_account_changed'),
    save: (details: unknown, key = newIdempotencyKey()) =>
      app.request(accountsPath, jsonRequest('POST', details, { Cookie: cookie, 'Idempotency-Key': key })),
    list: async () => {
      const response = await app.request(accountsPath, { headers: { Cookie: cookie } })
      expect(response.status).toBe(200)
      return v.parse(payoutAccountListResponseSchema, await response.json()).data
    },
    withdraw: (body: unknown, key?: string) =>
      app.request(`/api/wallet/${buyerId}/withdrawals`, withdrawalPost(cookie, body, key)),
  }
}

async function readAccount(response: Response, status: number): Promise<PayoutAccount> {
  const body: unknown = await response.json()
  expect(response.status, JSON.stringify(body)).toBe(status)
  return v.parse(payoutAccountSchema, body)
}

async function expectRefusal(response: Response, status: number, code: string) {
  const body = await readErrorBody(response)
  expect(response.status, JSON.stringify(body)).toBe(status)
  expect(body.error.code).toBe(code)
  return body.error
}

async function securityNoticesOf(buyerId: string) {
  const rows = await database()
    .select({ kind: notifications.kind, reasonKey: notifications.reasonKey })
    .from(notifications)
    .where(eq(notifications.buyerId, buyerId))
    .orderBy(asc(notifications.createdAt))
  return rows.filter((row) => row.kind === 'payout_account_changed')
}

describe('saved payout accounts: who sees them', () => {
  it('lists an account only to its buyer; another buyer cannot read the list or withdraw to it', async () => {
    const a = await buyerWith('payout.owner.a@example.com', 50_000)
    const b = await buyerWith('payout.owner.b@example.com', 50_000)
    const saved = await readAccount(await a.save(bankAccount), 201)
    expect(saved).toMatchObject({
      target: 'bank',
      destination: { bank: 'KBANK', maskedAccount: 'xxx-x-x7890', accountName: 'สมชาย ใจดี' },
    })
    // Never the full number on the wire.
    expect(JSON.stringify(await a.list())).not.toContain('1234567890')
    expect(await a.list()).toEqual([saved])
    expect(await b.list()).toEqual([])

    // A's list through B's session, and without one.
    await expectRefusal(await b.app.request(a.accountsPath, { headers: { Cookie: b.cookie } }), 403, 'forbidden')
    await expectRefusal(await b.app.request(a.accountsPath), 401, 'unauthenticated')
    await expectRefusal(
      await b.app.request(
        a.accountsPath,
        jsonRequest('POST', otherBankAccount, { Cookie: b.cookie, 'Idempotency-Key': newIdempotencyKey() }),
      ),
      403,
      'forbidden',
    )
    // B naming A's account, or an unknown one: not found, alike.
    for (const payoutAccountId of [saved._id, 'ffffffffffffffffffffffff']) {
      await expectRefusal(
        await b.withdraw({ target: 'bank', amount: 10_000, payoutAccountId }),
        404,
        'payout_account_not_found',
      )
    }
    // A's own account named under another target is not it either.
    await expectRefusal(
      await a.withdraw({ target: 'truemoney', amount: 10_000, payoutAccountId: saved._id }),
      404,
      'payout_account_not_found',
    )
    expect(await withdrawalRowsOf(database(), b.buyerId)).toEqual([])
    expect(await a.list()).toEqual([saved])
  })

  it('answers bad input with 400 and the field codes, and saves nothing', async () => {
    const a = await buyerWith('payout.bad.input@example.com', 50_000)
    const missing = await expectRefusal(await a.save({ target: 'bank' }), 400, 'invalid_request')
    expect(missing.details?.fields).toEqual({
      bank: 'required',
      accountNumber: 'required',
      accountName: 'required',
      branchName: 'required',
      phoneOrIdNumber: 'required',
    })
    const wrong = await expectRefusal(
      await a.save({ ...trueMoneyAccount, mobileNumber: '02-123-4567' }),
      400,
      'invalid_request',
    )
    expect(wrong.details?.fields).toEqual({ mobileNumber: 'invalid_phone' })
    await expectRefusal(await a.save({ target: 'points' }), 400, 'invalid_request')
    await expectRefusal(await a.save('not json'), 400, 'invalid_request')
    const badId = await expectRefusal(
      await a.withdraw({ target: 'bank', amount: 10_000, payoutAccountId: 'not-an-id' }),
      400,
      'invalid_request',
    )
    expect(badId.details?.fields).toEqual({ payoutAccountId: 'invalid_payout_account' })
    expect(await a.list()).toEqual([])
  })
})

describe('the waiting period (docs/decisions/024)', () => {
  it('lets a first account be used at once, and tells nobody', async () => {
    const a = await buyerWith('payout.first@example.com', 50_000)
    const saved = await readAccount(await a.save(bankAccount), 201)
    expect(saved.usableFrom).toBe(a.clock.now().toISOString())
    const response = await a.withdraw({ target: 'bank', amount: 20_000, payoutAccountId: saved._id })
    expect(response.status).toBe(201)
    const withdrawal = v.parse(withdrawalSchema, await response.json())
    expect(withdrawal.destination).toEqual(saved.destination)
    const [row] = await withdrawalRowsOf(database(), a.buyerId)
    expect(row?.payoutDetails).toMatchObject({ target: 'bank', bankCode: '004', accountNumber: '1234567890' })
    expect(await securityNoticesOf(a.buyerId)).toEqual([])
  })

  it('holds a changed account 72 hours, tells the buyer, and lifts the hold on time', async () => {
    const a = await buyerWith('payout.change@example.com', 50_000)
    const first = await readAccount(await a.save(bankAccount), 201)
    a.clock.advance(60_000)
    const changedAt = a.clock.now()
    const changed = await readAccount(await a.save(otherBankAccount), 201)
    expect(changed.usableFrom).toBe(new Date(changedAt.getTime() + waitingMilliseconds).toISOString())
    expect(changed.destination.maskedAccount).toBe('xxx-x-x3210')
    // The change replaced the first: only the new one is listed, and the old one cannot be named.
    expect(await a.list()).toEqual([changed])
    await expectRefusal(
      await a.withdraw({ target: 'bank', amount: 10_000, payoutAccountId: first._id }),
      404,
      'payout_account_not_found',
    )
    expect(await securityNoticesOf(a.buyerId)).toEqual([
      { kind: 'payout_account_changed', reasonKey: `payout_account:${changed._id}` },
    ])
    const replaced = await database().select().from(payoutAccounts).where(eq(payoutAccounts.id, first._id))
    expect(replaced[0]?.replacedAt).toEqual(changedAt)

    const toChanged = { target: 'bank', amount: 10_000, payoutAccountId: changed._id }
    const waiting = await expectRefusal(await a.withdraw(toChanged), 409, 'payout_account_waiting')
    expect(waiting.details).toEqual({ usableFrom: changed.usableFrom })
    a.clock.advance(waitingMilliseconds - 1)
    await expectRefusal(await a.withdraw(toChanged), 409, 'payout_account_waiting')
    a.clock.advance(1)
    expect((await a.withdraw(toChanged)).status).toBe(201)
    expect(await withdrawalRowsOf(database(), a.buyerId)).toHaveLength(1)
  })

  it('holds an account for a second payout method too, and starts nothing when the same details come again', async () => {
    const a = await buyerWith('payout.second.method@example.com', 50_000)
    await readAccount(await a.save(bankAccount), 201)
    const wallet = await readAccount(await a.save(trueMoneyAccount), 201)
    expect(wallet.usableFrom).toBe(new Date(a.clock.now().getTime() + waitingMilliseconds).toISOString())
    a.clock.advance(60_000)
    // The same details (typed another way) are the saved account: 200, and no new waiting period.
    const again = await readAccount(await a.save({ ...trueMoneyAccount, mobileNumber: '089-765-4321' }), 200)
    expect(again).toEqual(wallet)
    expect(await securityNoticesOf(a.buyerId)).toHaveLength(1)
    expect((await a.list()).map((account) => account.target)).toEqual(['bank', 'truemoney'])
  })

  it('saves the details a withdrawal carries (an offline request) and refuses it while they wait', async () => {
    const a = await buyerWith('payout.inline@example.com', 50_000)
    // The first withdrawal carries its account: saved, usable at once, paid.
    const firstKey = newIdempotencyKey()
    const first = await a.withdraw({ ...testBankRequest, amount: 10_000 }, firstKey)
    expect(first.status).toBe(201)
    const firstBody: unknown = await first.json()
    const [saved] = await a.list()
    expect(saved?.destination.maskedAccount).toBe('xxx-x-x7890')
    // A replay answers the first result and changes nothing.
    const replay = await a.withdraw({ ...testBankRequest, amount: 10_000 }, firstKey)
    expect(replay.status).toBe(201)
    expect(await replay.json()).toEqual(firstBody)
    expect(await withdrawalRowsOf(database(), a.buyerId)).toHaveLength(1)
    expect(await a.list()).toEqual([saved])
    const [firstRow] = await withdrawalRowsOf(database(), a.buyerId)
    await markTestWithdrawal(database(), firstRow?.id ?? '', { status: 'failed', reason: 'test: returned' })

    // A request queued offline with other details: they are saved (the wait starts), the
    // withdrawal is refused, and its replay is refused the same way even once the wait is over.
    const queuedKey = newIdempotencyKey()
    const queued = { ...otherBankAccount, amount: 10_000 }
    const refusal = await expectRefusal(await a.withdraw(queued, queuedKey), 409, 'payout_account_waiting')
    const [changed] = await a.list()
    expect(changed?.destination.maskedAccount).toBe('xxx-x-x3210')
    expect(refusal.details).toEqual({ usableFrom: changed?.usableFrom })
    a.clock.advance(waitingMilliseconds)
    await expectRefusal(await a.withdraw(queued, queuedKey), 409, 'payout_account_waiting')
    // Sent again as a new request once the wait is over, it goes through to the saved account.
    expect((await a.withdraw(queued)).status).toBe(201)
    expect(await a.list()).toEqual([changed])
    expect(await securityNoticesOf(a.buyerId)).toHaveLength(1)
  })
})

describe('the security notice by email and SMS (docs/decisions/024)', () => {
  /** The text with every kind of space as a plain one: ICU may put a narrow one before "AM". */
  const plainSpaces = (text: string | undefined) => text?.replace(/\s/gu, ' ')

  it("reaches the buyer's email with the method, the masked account and the date; not for a first account or the same details", async () => {
    const a = await buyerWith('payout.notice.mail@example.com')
    await readAccount(await a.save(bankAccount), 201)
    expect(await a.mailedNotices()).toEqual([])

    // The test clock starts at 2026-11-15 03:00 UTC: usable 72 hours later, 10:01 in Bangkok.
    a.clock.advance(60_000)
    const changed = await readAccount(await a.save(otherBankAccount), 201)
    expect(changed.usableFrom).toBe('2026-11-18T03:01:00.000Z')
    const notices = await a.mailedNotices()
    expect(notices).toHaveLength(1)
    expect(notices[0]).toMatchObject({ to: 'payout.notice.mail@example.com', code: null })
    const text = plainSpaces(notices[0]?.text)
    expect(text).toContain('บัญชีธนาคารไทยพาณิชย์ xxx-x-x3210')
    expect(text).toContain('ใช้ถอนเงินได้ตั้งแต่ 18 พ.ย. 2569 10:01 น.')
    expect(text).toContain('ติดต่อฝ่ายช่วยเหลือทางแชทในแอป')
    expect(text).toContain('Siam Commercial (SCB) account xxx-x-x3210')
    expect(text).toContain('from Nov 18, 2026, 10:01 AM (Bangkok time)')
    expect(text).toContain('an operator can suspend the account')
    // Never the number in full, in any of its forms.
    expect(text).not.toContain('9876543210')
    expect(text).not.toContain('987-6-54321-0')

    // The same details again: 200, nothing changes and nobody is told.
    a.clock.advance(60_000)
    await readAccount(await a.save(otherBankAccount), 200)
    expect(await a.mailedNotices()).toHaveLength(1)
    expect(await securityNoticesOf(a.buyerId)).toHaveLength(1)
  })

  it('reaches every sign-in identifier: a text message to the phone, a mail to the email', async () => {
    const a = await buyerWith('0861240001')
    await database().update(buyers).set({ email: 'payout.notice.both@example.com' }).where(eq(buyers.id, a.buyerId))
    await readAccount(await a.save(bankAccount), 201)
    // A second payout method waits too, and is announced the same way.
    await readAccount(await a.save(trueMoneyAccount), 201)
    const [sms, ...moreTexts] = await a.mailedNotices('0861240001')
    expect(moreTexts).toEqual([])
    expect(plainSpaces(sms?.text)).toContain('ทรูมันนี่ วอลเล็ท 089-xxx-4321 ถอนได้ตั้งแต่ 18 พ.ย. 2569 10:00 น.')
    expect(sms?.text).not.toContain('0897654321')
    const [mail, ...moreMails] = await a.mailedNotices('payout.notice.both@example.com')
    expect(moreMails).toEqual([])
    expect(mail?.text).toContain('TrueMoney Wallet 089-xxx-4321')
  })

  it('is sent once for a withdrawal that carries changed details, however often it is replayed', async () => {
    const a = await buyerWith('payout.notice.replay@example.com', 50_000)
    // A first account carried by a withdrawal: usable at once, nobody told.
    expect((await a.withdraw({ ...testBankRequest, amount: 10_000 })).status).toBe(201)
    expect(await a.mailedNotices()).toEqual([])
    const [first] = await withdrawalRowsOf(database(), a.buyerId)
    await markTestWithdrawal(database(), first?.id ?? '', { status: 'failed', reason: 'test: returned' })

    // Other details queued offline, sent twice at once by a flaky connection, then again later.
    const key = newIdempotencyKey()
    const queued = { ...otherBankAccount, amount: 10_000 }
    const [one, two] = await Promise.all([a.withdraw(queued, key), a.withdraw(queued, key)])
    await expectRefusal(one, 409, 'payout_account_waiting')
    await expectRefusal(two, 409, 'payout_account_waiting')
    a.clock.advance(60_000)
    await expectRefusal(await a.withdraw(queued, key), 409, 'payout_account_waiting')

    const notices = await a.mailedNotices()
    expect(notices).toHaveLength(1)
    expect(notices[0]?.text).toContain('xxx-x-x3210')
    expect(await securityNoticesOf(a.buyerId)).toHaveLength(1)
  })

  it('never fails the change when the mail or SMS cannot be sent', async () => {
    const working = createAccountsTestApp(database()).accounts.delivery
    const a = await buyerWith('payout.notice.down@example.com', 0, {
      delivery: {
        ...working,
        announcePayoutAccountChange: () => Promise.reject(new Error('test: the mail server is down')),
      },
    })
    await readAccount(await a.save(bankAccount), 201)
    const changed = await readAccount(await a.save(otherBankAccount), 201)
    expect(await a.list()).toEqual([changed])
    // The in-app notice was committed with the account; only the mail is missing.
    expect(await securityNoticesOf(a.buyerId)).toHaveLength(1)
    expect(await a.mailedNotices()).toEqual([])
  })
})

describe('saving a payout account: replays and limits', () => {
  it('needs an Idempotency-Key, and a replay answers the first answer even after a later change', async () => {
    const a = await buyerWith('payout.replay.key@example.com')
    await expectRefusal(
      await a.app.request(a.accountsPath, jsonRequest('POST', bankAccount, { Cookie: a.cookie })),
      400,
      'idempotency_key_required',
    )
    expect(await a.list()).toEqual([])

    const first = await readAccount(await a.save(bankAccount), 201)
    const changeKey = newIdempotencyKey()
    a.clock.advance(60_000)
    const changed = await readAccount(await a.save(otherBankAccount, changeKey), 201)
    a.clock.advance(60_000)
    const back = await readAccount(await a.save(bankAccount), 201)
    // The change's request arrives again (a retry after no answer): its first answer, and nothing
    // else: the account saved since stays, no new waiting period starts, no one is told twice.
    const replay = await readAccount(await a.save(otherBankAccount, changeKey), 201)
    expect(replay).toEqual(changed)
    expect(await a.list()).toEqual([back])
    expect(await securityNoticesOf(a.buyerId)).toHaveLength(2)
    expect(await a.mailedNotices()).toHaveLength(2)
    // The same key with other details is another request.
    await expectRefusal(await a.save(trueMoneyAccount, changeKey), 422, 'idempotency_key_reused')
    expect(first._id).not.toBe(back._id)
  })

  it('refuses a sixth new account within 24 hours, saying when, and allows it once a day has passed', async () => {
    const a = await buyerWith('payout.too.many@example.com', 50_000)
    const details = (index: number) => ({ ...bankAccount, accountNumber: `123-4-5678${index}-0` })
    const firstAt = a.clock.now()
    for (let index = 0; index < 5; index++) {
      await readAccount(await a.save(details(index)), 201)
      a.clock.advance(60_000)
    }
    // The details saved last change nothing, so they are not counted.
    await readAccount(await a.save(details(4)), 200)
    const refusal = await expectRefusal(await a.save(details(5)), 429, 'too_many_payout_account_changes')
    const freeAt = firstAt.getTime() + 24 * 3_600_000
    expect(refusal.details).toEqual({ retryAfterSeconds: Math.ceil((freeAt - a.clock.now().getTime()) / 1000) })
    // A withdrawal carrying new details is refused alike, and nothing is kept of it.
    await expectRefusal(await a.withdraw({ ...details(6), amount: 10_000 }), 429, 'too_many_payout_account_changes')
    expect(await a.mailedNotices()).toHaveLength(4)

    a.clock.advance(freeAt - a.clock.now().getTime())
    const later = await readAccount(await a.save(details(5)), 201)
    expect(await a.list()).toEqual([later])
  })
})
