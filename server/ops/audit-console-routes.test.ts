import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditPageSchema, type AuditPage } from '#domain/ops/audit'
import { recordOperatorAction } from '#server/ops/audit-log'
import { createAccountsTestApp, signIn, type TestClock } from '#server/test/accounts'
import { readErrorBody } from '#server/test/app'
import { createTestDatabase, type TestDatabase } from '#server/test/database'
import { createTestOperator, signInOperator } from '#server/test/operators'
import type { OperatorRecord } from '#server/ops/operator-accounts'

let testDatabase: TestDatabase
let app: ReturnType<typeof createAccountsTestApp>['app']
let clock: TestClock
let finance: OperatorRecord
let financeCookie = ''
let supportCookie = ''

const database = () => testDatabase.connection.database

beforeAll(async () => {
  testDatabase = await createTestDatabase()
  ;({ app, clock } = createAccountsTestApp(database()))
  finance = await createTestOperator(database(), 'finance', clock.now())
  financeCookie = (await signInOperator(app, clock, finance)).cookie
  const support = await createTestOperator(database(), 'support', clock.now())
  supportCookie = (await signInOperator(app, clock, support)).cookie
  const now = clock.now()
  await recordOperatorAction(database(), {
    actor: finance.id,
    action: 'withdrawal.paid',
    subjectType: 'withdrawal',
    subjectId: 'aaaaaaaaaaaaaaaaaaaaaaaa',
    reason: 'SCB ref 100_%',
    before: { status: 'processing' },
    after: { status: 'paid' },
    now,
  })
  await recordOperatorAction(database(), {
    actor: 'cli:somchai',
    action: 'operator.invited',
    subjectType: 'operator',
    subjectId: finance.id,
    after: { role: 'finance' },
    now,
  })
  for (let index = 0; index < 5; index += 1) {
    await recordOperatorAction(database(), {
      actor: finance.id,
      action: 'setting.bank_holiday_added',
      subjectType: 'setting',
      subjectId: 'bank_holidays',
      after: { date: `2027-01-0${index + 1}`, name: 'Holiday' },
      now,
    })
  }
})
afterAll(() => testDatabase.dispose())

async function readPage(query: string, cookie = supportCookie): Promise<AuditPage> {
  const response = await app.request(`/api/ops/audit${query}`, { headers: { Cookie: cookie } })
  expect(response.status).toBe(200)
  return v.parse(auditPageSchema, await response.json())
}

describe('console audit log', () => {
  it('is for every operator, and nobody else', async () => {
    const anonymous = await app.request('/api/ops/audit')
    expect(anonymous.status).toBe(401)
    expect((await readErrorBody(anonymous)).error.code).toBe('operator_unauthenticated')
    const { cookie } = await signIn(app, `shopper.audit.${process.pid}@example.co.th`)
    const shopper = await app.request('/api/ops/audit', { headers: { Cookie: cookie } })
    expect(shopper.status).toBe(401)
    expect((await readErrorBody(shopper)).error.code).toBe('operator_unauthenticated')
    await readPage('', supportCookie)
    await readPage('', financeCookie)
  })

  it('lists entries newest first with who acted, page by page', async () => {
    const all = await readPage('')
    expect(all.nextBefore).toBeNull()
    const paid = all.data.find((entry) => entry.action === 'withdrawal.paid')
    expect(paid).toMatchObject({
      actor: { id: finance.id, kind: 'operator', email: finance.email, name: finance.name },
      subjectType: 'withdrawal',
      subjectId: 'aaaaaaaaaaaaaaaaaaaaaaaa',
      reason: 'SCB ref 100_%',
      before: { status: 'processing' },
      after: { status: 'paid' },
    })
    expect(all.data.find((entry) => entry.actor.id === 'cli:somchai')?.actor).toEqual({
      id: 'cli:somchai',
      kind: 'cli',
      email: null,
      name: null,
    })
    const ids = all.data.map((entry) => entry.id)
    expect(ids).toEqual([...ids].sort((first, second) => second - first))

    const paged: number[] = []
    let before: number | null = null
    do {
      const page: AuditPage = await readPage(`?limit=3${before === null ? '' : `&before=${before}`}`)
      paged.push(...page.data.map((entry) => entry.id))
      before = page.nextBefore
    } while (before !== null)
    expect(paged).toEqual(ids)
  })

  it('filters by subject, actor (id, email or cli) and words', async () => {
    const bySubject = await readPage(`?subjectType=operator&subjectId=${finance.id}`)
    expect(bySubject.data.map((entry) => entry.action)).toEqual(['operator.invited', 'operator.second_factor_enrolled'])
    const byActor = await readPage(`?actor=${finance.id}`)
    expect(byActor.data.every((entry) => entry.actor.id === finance.id)).toBe(true)
    expect(byActor.data).toHaveLength(7)
    const byEmail = await readPage(`?actor=${encodeURIComponent(finance.email.toUpperCase())}`)
    expect(byEmail.data.map((entry) => entry.id)).toEqual(byActor.data.map((entry) => entry.id))
    expect((await readPage('?actor=nobody%40example.com')).data).toEqual([])
    expect((await readPage('?actor=cli:somchai')).data.map((entry) => entry.action)).toEqual(['operator.invited'])
    // `%` and `_` are words, not wildcards.
    expect((await readPage('?search=100_%25')).data.map((entry) => entry.action)).toEqual(['withdrawal.paid'])
    expect((await readPage('?search=1000%25')).data).toEqual([])
    expect((await readPage('?search=HOLIDAY')).data).toHaveLength(5)
    for (const query of ['?subjectType=planet', '?limit=0', '?limit=201', '?before=abc']) {
      const response = await app.request(`/api/ops/audit${query}`, { headers: { Cookie: supportCookie } })
      expect(response.status, query).toBe(400)
    }
  })
})
