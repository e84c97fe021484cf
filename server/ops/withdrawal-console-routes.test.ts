import { and, eq } from 'drizzle-orm'
import * as v from 'valibot'
import { beforeAll, describe, expect, it } from 'vitest'
import { defaultFixedRates } from '#domain/contracts/fixed-rate'
import { withdrawalRequestSchema, type WithdrawalRequestInput } from '#domain/contracts/withdrawal'
import {
  consoleWithdrawalDetailSchema,
  consoleWithdrawalPageSchema,
  type ConsoleWithdrawalDetail,
} from '#domain/ops/withdrawals'
import { operatorAuditLog, walletLedgerEntries } from '#server/db/schema'
import { parseOperatorCommand, runOperatorCommand } from '#server/operator-commands'
import { createAccountsTestApp, type TestClock } from '#server/test/accounts'
import { readErrorBody } from '#server/test/app'
import { createTestBuyer, useTestDatabaseWithMerchant } from '#server/test/cashback'
import { createTestOperator, signInOperator } from '#server/test/operators'
import {
  giveTestBalance,
  newIdempotencyKey,
  testBankRequest,
  testPromptPayRequest,
  testTrueMoneyRequest,
  withdrawalPost,
} from '#server/test/withdrawals'
import { requestWithdrawal, type WithdrawalRecord } from '#server/withdrawals/withdrawal-service'

const { database, merchant } = useTestDatabaseWithMerchant()

let app: ReturnType<typeof createAccountsTestApp>['app']
let clock: TestClock
const cookies = { support: '', finance: '', admin: '' }
let financeId = ''

beforeAll(async () => {
  ;({ app, clock } = createAccountsTestApp(database()))
  for (const role of ['support', 'finance', 'admin'] as const) {
    const operator = await createTestOperator(database(), role, clock.now())
    if (role === 'finance') financeId = operator.id
    cookies[role] = (await signInOperator(app, clock, operator)).cookie
  }
})

let emailCounter = 0

/** A new buyer with a balance and one requested withdrawal (one open withdrawal per buyer). */
async function requestedWithdrawal(
  request: WithdrawalRequestInput = testBankRequest,
  at: Date = clock.now(),
): Promise<WithdrawalRecord & { email: string }> {
  emailCounter += 1
  const email = `payout.${emailCounter}.${process.pid}@example.com`
  const buyerId = await createTestBuyer(database(), at, email)
  await giveTestBalance(database(), { buyerId, merchant: merchant(), amount: 100_000, now: at })
  const record = await database().transaction((tx) =>
    requestWithdrawal(tx, {
      buyerId,
      request: v.parse(withdrawalRequestSchema, request),
      now: at,
      fixedRates: defaultFixedRates,
    }),
  )
  return { ...record, email }
}

function get(path: string, cookie?: string) {
  return app.request(path, { headers: cookie === undefined ? {} : { Cookie: cookie } })
}

function setStatus(id: string, body: unknown, cookie = cookies.finance, key = newIdempotencyKey()) {
  return app.request(`/api/ops/withdrawals/${id}/status`, withdrawalPost(cookie, body, key))
}

async function readDetail(response: Response): Promise<ConsoleWithdrawalDetail> {
  expect(response.status).toBe(200)
  return v.parse(consoleWithdrawalDetailSchema, await response.json())
}

async function auditOf(withdrawalId: string) {
  return database()
    .select()
    .from(operatorAuditLog)
    .where(and(eq(operatorAuditLog.subjectType, 'withdrawal'), eq(operatorAuditLog.subjectId, withdrawalId)))
}

async function ledgerOf(withdrawalId: string) {
  return database().select().from(walletLedgerEntries).where(eq(walletLedgerEntries.withdrawalId, withdrawalId))
}

describe('console withdrawals: who may', () => {
  it('refuses no session (401) and support (403) on every route, lets finance and admin in', async () => {
    const record = await requestedWithdrawal()
    const routes: [string, (cookie?: string) => Response | Promise<Response>][] = [
      ['list', (cookie) => get('/api/ops/withdrawals', cookie)],
      ['detail', (cookie) => get(`/api/ops/withdrawals/${record.id}`, cookie)],
      ['export', (cookie) => get('/api/ops/withdrawals/export', cookie)],
      [
        'status',
        (cookie) =>
          app.request(`/api/ops/withdrawals/${record.id}/status`, withdrawalPost(cookie, { status: 'processing' })),
      ],
    ]
    for (const [label, send] of routes) {
      const anonymous = await send(undefined)
      expect(anonymous.status, label).toBe(401)
      expect((await readErrorBody(anonymous)).error.code, label).toBe('operator_unauthenticated')
      const support = await send(cookies.support)
      expect(support.status, label).toBe(403)
      expect((await readErrorBody(support)).error.code, label).toBe('operator_forbidden')
    }
    expect(await auditOf(record.id)).toEqual([])
    for (const [label, send] of routes.slice(0, 3)) {
      expect((await send(cookies.finance)).status, label).toBe(200)
      expect((await send(cookies.admin)).status, label).toBe(200)
    }
  })
})

describe('console withdrawals: the queue and the detail', () => {
  it('lists requested ones oldest first with buyer, amounts and a masked destination, page by page', async () => {
    const base = clock.now().getTime()
    const first = await requestedWithdrawal(testBankRequest, new Date(base - 3 * 60_000))
    const second = await requestedWithdrawal(testPromptPayRequest, new Date(base - 2 * 60_000))
    const third = await requestedWithdrawal(testTrueMoneyRequest, new Date(base - 60_000))
    const response = await get('/api/ops/withdrawals?status=requested&limit=200', cookies.finance)
    const page = v.parse(consoleWithdrawalPageSchema, await response.json())
    const ours = page.data.filter((row) => [first.id, second.id, third.id].includes(row.id))
    expect(ours.map((row) => row.id)).toEqual([first.id, second.id, third.id])
    expect(ours[0]).toMatchObject({
      buyer: { id: first.buyerId, email: first.email },
      target: 'bank',
      status: 'requested',
      amount: 12_345,
      fee: 1_234,
      netAmount: 11_111,
      destination: { bank: 'KBANK', maskedAccount: 'xxx-x-x7890', accountName: 'สมชาย ใจดี' },
      requestedAt: new Date(base - 3 * 60_000).toISOString(),
    })
    expect(ours[0]?.expectedBy).not.toBeNull()
    // The list never carries an account number in full.
    expect(JSON.stringify(page)).not.toContain('1234567890')

    const ids: string[] = []
    let cursor: string | null = null
    do {
      const query: string = cursor === null ? '' : `&cursor=${cursor}`
      const next = v.parse(
        consoleWithdrawalPageSchema,
        await (await get(`/api/ops/withdrawals?limit=2${query}`, cookies.finance)).json(),
      )
      ids.push(...next.data.map((row) => row.id))
      cursor = next.nextCursor
    } while (cursor !== null)
    expect(ids).toEqual(page.data.map((row) => row.id))

    const paid = await get('/api/ops/withdrawals?status=paid', cookies.finance)
    expect(v.parse(consoleWithdrawalPageSchema, await paid.json()).data.map((row) => row.id)).not.toContain(first.id)
    expect((await get('/api/ops/withdrawals?status=lost', cookies.finance)).status).toBe(400)
    expect((await get('/api/ops/withdrawals?cursor=nope', cookies.finance)).status).toBe(400)
    // A time past year 9999 is no date PostgreSQL takes: 400, never 500.
    expect((await get(`/api/ops/withdrawals?cursor=999999999999999_${'a'.repeat(24)}`, cookies.finance)).status).toBe(
      400,
    )
  })

  it('shows the full payout details, the history, the ledger and the audit entries', async () => {
    const record = await requestedWithdrawal()
    const detail = await readDetail(await get(`/api/ops/withdrawals/${record.id}`, cookies.finance))
    expect(detail.payoutDetails).toEqual({
      target: 'bank',
      bank: 'KBANK',
      bankCode: '004',
      accountNumber: '1234567890',
      accountName: 'สมชาย ใจดี',
      branchName: 'สาขาสยามพารากอน',
      phoneOrIdNumber: '0812345678',
    })
    expect(detail.history.map((event) => [event.status, event.actor])).toEqual([['requested', 'buyer']])
    expect(detail.ledgerEntries.map((entry) => [entry.kind, entry.amount])).toEqual([
      ['withdrawal', -11_111],
      ['withdrawal_fee', -1_234],
    ])
    expect(detail.auditEntries).toEqual([])

    for (const id of ['ffffffffffffffffffffffff', 'not-an-id', 'a%00b']) {
      const missing = await get(`/api/ops/withdrawals/${id}`, cookies.finance)
      expect(missing.status).toBe(404)
      expect((await readErrorBody(missing)).error.code).toBe('record_not_found')
    }
  })
})

describe('console withdrawals: marking', () => {
  it('moves requested → processing → paid, each recorded in the history and the audit log', async () => {
    const record = await requestedWithdrawal()
    await readDetail(await setStatus(record.id, { status: 'processing' }))
    const paid = await readDetail(await setStatus(record.id, { status: 'paid', reason: 'KBank ref 778899' }))
    expect(paid.withdrawal).toMatchObject({ status: 'paid', paidAt: clock.now().toISOString() })
    expect(paid.history.map((event) => [event.status, event.actor, event.reason])).toEqual([
      ['requested', 'buyer', null],
      ['processing', `operator:${financeId}`, null],
      ['paid', `operator:${financeId}`, 'KBank ref 778899'],
    ])
    expect(paid.auditEntries.map((entry) => [entry.action, entry.before, entry.after, entry.reason])).toEqual([
      ['withdrawal.paid', { status: 'processing' }, { status: 'paid' }, 'KBank ref 778899'],
      ['withdrawal.processing', { status: 'requested' }, { status: 'processing' }, null],
    ])
    expect(paid.auditEntries[0]?.actor).toMatchObject({ id: financeId, kind: 'operator' })
    expect(paid.auditEntries[0]?.actor.email).toContain('finance')
    expect((await ledgerOf(record.id)).map((entry) => entry.kind).sort()).toEqual(['withdrawal', 'withdrawal_fee'])
  })

  it('needs a reason to fail one, and gives the amount and the fee back once', async () => {
    const record = await requestedWithdrawal()
    const withoutReason = await setStatus(record.id, { status: 'failed' })
    expect(withoutReason.status).toBe(400)
    expect((await readErrorBody(withoutReason)).error.code).toBe('invalid_request')
    const blank = await setStatus(record.id, { status: 'failed', reason: '   ' })
    expect(blank.status).toBe(400)

    const failed = await readDetail(
      await setStatus(record.id, { status: 'failed', reason: 'The account name does not match' }),
    )
    expect(failed.withdrawal).toMatchObject({ status: 'failed', failureReason: 'The account name does not match' })
    expect(failed.ledgerEntries.map((entry) => [entry.kind, entry.amount])).toEqual([
      ['withdrawal', -11_111],
      ['withdrawal_fee', -1_234],
      ['withdrawal_return', 12_345],
    ])
    expect(failed.auditEntries.map((entry) => [entry.action, entry.after])).toEqual([
      ['withdrawal.failed', { status: 'failed', returnedToWallet: 12_345 }],
    ])
  })

  it('refuses a move the state machine does not allow, and an unknown withdrawal', async () => {
    const record = await requestedWithdrawal()
    const skipped = await setStatus(record.id, { status: 'paid' })
    expect(skipped.status).toBe(409)
    expect((await readErrorBody(skipped)).error.code).toBe('invalid_transition')
    const unknown = await setStatus('ffffffffffffffffffffffff', { status: 'processing' })
    expect(unknown.status).toBe(404)
    expect((await readErrorBody(unknown)).error.code).toBe('record_not_found')
    const noKey = await setStatus(record.id, { status: 'processing' }, cookies.finance, '')
    expect(noKey.status).toBe(400)
    expect(await auditOf(record.id)).toEqual([])
  })

  it('answers a replay with the first answer and acts once', async () => {
    const record = await requestedWithdrawal()
    const key = newIdempotencyKey()
    const first = await setStatus(record.id, { status: 'processing' }, cookies.finance, key)
    const replay = await setStatus(record.id, { status: 'processing' }, cookies.finance, key)
    expect(replay.status).toBe(200)
    expect(await replay.json()).toEqual(await first.json())
    expect(await auditOf(record.id)).toHaveLength(1)
  })

  it('lets one of two operators paying at once win; the other gets operator_conflict', async () => {
    const record = await requestedWithdrawal()
    await readDetail(await setStatus(record.id, { status: 'processing' }))
    const answers = await Promise.all([
      setStatus(record.id, { status: 'paid' }, cookies.finance),
      setStatus(record.id, { status: 'paid' }, cookies.admin),
    ])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
    const loser = answers.find((answer) => answer.status === 409)
    if (loser === undefined) throw new Error('no loser')
    expect((await readErrorBody(loser)).error.code).toBe('operator_conflict')
    const paidEntries = (await auditOf(record.id)).filter((entry) => entry.action === 'withdrawal.paid')
    expect(paidEntries).toHaveLength(1)
    expect((await ledgerOf(record.id)).map((entry) => entry.kind).sort()).toEqual(['withdrawal', 'withdrawal_fee'])
  })

  it('never both pays and gives back: paid and failed at once, one wins', async () => {
    for (const startAs of ['requested', 'processing'] as const) {
      const record = await requestedWithdrawal()
      if (startAs === 'processing') await readDetail(await setStatus(record.id, { status: 'processing' }))
      const answers = await Promise.all([
        setStatus(record.id, { status: 'failed', reason: 'Closed account' }, cookies.admin),
        setStatus(record.id, { status: startAs === 'processing' ? 'paid' : 'processing' }, cookies.finance),
      ])
      const statuses = answers.map((answer) => answer.status)
      expect(statuses.filter((status) => status === 200).length, startAs).toBeGreaterThanOrEqual(1)
      const audit = await auditOf(record.id)
      const decided = audit.filter(
        (entry) => entry.action === 'withdrawal.paid' || entry.action === 'withdrawal.failed',
      )
      expect(decided.length, startAs).toBeLessThanOrEqual(1)
      const returns = (await ledgerOf(record.id)).filter((entry) => entry.kind === 'withdrawal_return')
      const failedWon = audit.some((entry) => entry.action === 'withdrawal.failed')
      expect(returns, startAs).toHaveLength(failedWon ? 1 : 0)
      if (startAs === 'processing') {
        expect(statuses.sort()).toEqual([200, 409])
        const loser = answers.find((answer) => answer.status === 409)
        if (loser === undefined) throw new Error('no loser')
        expect((await readErrorBody(loser)).error.code).toBe('operator_conflict')
        expect(decided).toHaveLength(1)
      }
    }
  })
})

describe('console withdrawals: the batch file', () => {
  it('exports the requested ones as CSV with full details, quoted, and records the export', async () => {
    const bank = await requestedWithdrawal({
      ...testBankRequest,
      accountName: 'Somchai "Chai", Jaidee',
      branchName: '=HYPERLINK("https://evil.example")',
    })
    const promptPay = await requestedWithdrawal(testPromptPayRequest)
    const trueMoney = await requestedWithdrawal(testTrueMoneyRequest)
    const processing = await requestedWithdrawal()
    await readDetail(await setStatus(processing.id, { status: 'processing' }))

    const response = await get('/api/ops/withdrawals/export?status=requested', cookies.finance)
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('Content-Disposition')).toMatch(
      /^attachment; filename="ngernkhuen-withdrawals-requested-[0-9T-]+Z\.csv"$/,
    )
    const bytes = new Uint8Array(await response.arrayBuffer())
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = new TextDecoder().decode(bytes.slice(3))
    const lines = text.split('\r\n')
    expect(lines[0]).toBe(
      'withdrawal_id,method,bank,bank_code,branch,account_number,promptpay_id,promptpay_id_kind,' +
        'truemoney_mobile,account_name,net_amount_thb,requested_at',
    )
    expect(lines.at(-1)).toBe('')
    const rowOf = (id: string) => lines.find((line) => line.startsWith(`${id},`))
    expect(rowOf(bank.id)).toBe(
      `${bank.id},bank,KBANK,004,"'=HYPERLINK(""https://evil.example"")",1234567890,,,,` +
        `"Somchai ""Chai"", Jaidee",111.11,${bank.createdAt.toISOString()}`,
    )
    expect(rowOf(promptPay.id)).toBe(
      `${promptPay.id},promptpay,,,,,1103702008702,national_id,,สมหญิง รักดี,180.00,${promptPay.createdAt.toISOString()}`,
    )
    expect(rowOf(trueMoney.id)).toBe(
      `${trueMoney.id},truemoney,,,,,,,0897654321,Somchai Jaidee,135.00,${trueMoney.createdAt.toISOString()}`,
    )
    expect(rowOf(processing.id)).toBeUndefined()

    const exported = (await auditOf(bank.id)).filter((entry) => entry.action === 'withdrawal.exported')
    expect(exported).toHaveLength(1)
    expect(exported[0]?.actor).toBe(financeId)
    expect(await auditOf(processing.id)).toHaveLength(1)

    const processingFile = await get('/api/ops/withdrawals/export?status=processing', cookies.admin)
    expect(await processingFile.text()).toContain(`${processing.id},bank`)
    expect((await get('/api/ops/withdrawals/export?status=paid', cookies.admin)).status).toBe(400)
  })
})

describe('the ops CLI', () => {
  it('records its withdrawal moves in the audit log as cli:<user>, shown on the console page', async () => {
    const record = await requestedWithdrawal()
    for (const argumentList of [
      ['withdrawal', 'processing', record.id],
      ['withdrawal', 'fail', record.id, '--reason', 'Closed account'],
    ]) {
      const parsed = parseOperatorCommand(argumentList)
      if (!parsed.success) throw new Error(parsed.message)
      await runOperatorCommand(parsed.command, database(), { actor: 'ops:somchai', now: clock.now })
    }
    const detail = await readDetail(await get(`/api/ops/withdrawals/${record.id}`, cookies.finance))
    expect(detail.auditEntries.map((entry) => [entry.action, entry.actor, entry.reason])).toEqual([
      ['withdrawal.failed', { id: 'cli:somchai', kind: 'cli', email: null, name: null }, 'Closed account'],
      ['withdrawal.processing', { id: 'cli:somchai', kind: 'cli', email: null, name: null }, null],
    ])
    expect(detail.history.map((event) => event.actor)).toEqual([
      'buyer',
      'operator:ops:somchai',
      'operator:ops:somchai',
    ])
  })
})
