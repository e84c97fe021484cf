import { and, asc, eq } from 'drizzle-orm'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { operatorAccountListSchema, operatorAccountSchema, type OperatorRole } from '#domain/ops/operator'
import { operatorAuditLog, operatorSessions, operators } from '#server/db/schema'
import { parseOperatorCommand, runOperatorCommand } from '#server/operator-commands'
import { createAccountsTestApp, type TestClock } from '#server/test/accounts'
import { readErrorBody } from '#server/test/app'
import { createTestDatabase, type TestDatabase } from '#server/test/database'
import { createTestOperator, signInOperator } from '#server/test/operators'
import { newIdempotencyKey } from '#server/test/withdrawals'

let testDatabase: TestDatabase
let app: ReturnType<typeof createAccountsTestApp>['app']
let clock: TestClock

const database = () => testDatabase.connection.database

beforeAll(async () => {
  testDatabase = await createTestDatabase()
  ;({ app, clock } = createAccountsTestApp(database()))
})
afterAll(() => testDatabase.dispose())

async function signedIn(role: OperatorRole) {
  const operator = await createTestOperator(database(), role, clock.now())
  const { cookie } = await signInOperator(app, clock, operator)
  return { operator, cookie }
}

function send(method: string, path: string, cookie: string | undefined, body?: unknown, key = newIdempotencyKey()) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', 'Idempotency-Key': key }
  if (cookie !== undefined) headers['Cookie'] = cookie
  return app.request(path, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })
}

async function expectError(response: Response, status: number, code: string) {
  expect(response.status).toBe(status)
  expect((await readErrorBody(response)).error.code).toBe(code)
}

async function auditOf(operatorId: string) {
  return database()
    .select()
    .from(operatorAuditLog)
    .where(and(eq(operatorAuditLog.subjectType, 'operator'), eq(operatorAuditLog.subjectId, operatorId)))
    .orderBy(asc(operatorAuditLog.id))
}

describe('console operators: who may', () => {
  it('refuses no session (401), support and finance (403) on every route', async () => {
    const target = await createTestOperator(database(), 'support', clock.now())
    const routes: [string, string, unknown][] = [
      ['GET', '/api/ops/operators', undefined],
      ['POST', '/api/ops/operators', { email: 'nobody.new@ops.example.com', name: 'New', role: 'support' }],
      ['PATCH', `/api/ops/operators/${target.id}`, { status: 'disabled' }],
    ]
    const support = await signedIn('support')
    const finance = await signedIn('finance')
    for (const [method, path, body] of routes) {
      await expectError(await send(method, path, undefined, body), 401, 'operator_unauthenticated')
      await expectError(await send(method, path, support.cookie, body), 403, 'operator_forbidden')
      await expectError(await send(method, path, finance.cookie, body), 403, 'operator_forbidden')
    }
    const [stored] = await database().select().from(operators).where(eq(operators.id, target.id))
    expect(stored?.status).toBe('active')
    expect(await auditOf(target.id)).toEqual([])
  })
})

describe('console operators: invite, change, disable', () => {
  it('invites an operator who can then sign in and enrol, and lists the accounts', async () => {
    const admin = await signedIn('admin')
    const email = `invited.${process.pid}@ops.example.com`
    const invited = await send('POST', '/api/ops/operators', admin.cookie, {
      email: `  ${email.toUpperCase()} `,
      name: ' Nok ',
      role: 'finance',
    })
    expect(invited.status).toBe(201)
    const account = v.parse(operatorAccountSchema, await invited.json())
    expect(account).toMatchObject({ email, name: 'Nok', role: 'finance', status: 'active', isEnrolled: false })
    expect(account.createdBy).toBe(admin.operator.id)
    expect((await auditOf(account.id)).map((entry) => [entry.action, entry.actor, entry.after])).toEqual([
      ['operator.invited', admin.operator.id, { email, name: 'Nok', role: 'finance', status: 'active' }],
    ])

    const { cookie } = await signInOperator(app, clock, { email })
    expect((await app.request('/api/ops/withdrawals', { headers: { Cookie: cookie } })).status).toBe(200)

    const list = v.parse(
      operatorAccountListSchema,
      await (await send('GET', '/api/ops/operators', admin.cookie)).json(),
    )
    expect(list.data.find((listed) => listed.id === account.id)).toMatchObject({ isEnrolled: true })
    expect(JSON.stringify(list)).not.toMatch(/totp/i)

    await expectError(
      await send('POST', '/api/ops/operators', admin.cookie, { email, name: 'Again', role: 'support' }),
      409,
      'operator_exists',
    )
    for (const body of [
      { email: 'not-an-email', name: 'X', role: 'support' },
      { email: 'x@ops.example.com', name: '', role: 'support' },
      { email: 'x@ops.example.com', name: 'X', role: 'owner' },
    ]) {
      await expectError(await send('POST', '/api/ops/operators', admin.cookie, body), 400, 'invalid_request')
    }
  })

  it('changes a role, and disabling ends the sessions at once; enabling lets them sign in again', async () => {
    const admin = await signedIn('admin')
    const target = await signedIn('support')
    const promoted = await send('PATCH', `/api/ops/operators/${target.operator.id}`, admin.cookie, { role: 'finance' })
    expect(v.parse(operatorAccountSchema, await promoted.json())).toMatchObject({ role: 'finance' })
    expect((await app.request('/api/ops/withdrawals', { headers: { Cookie: target.cookie } })).status).toBe(200)

    const disabled = await send('PATCH', `/api/ops/operators/${target.operator.id}`, admin.cookie, {
      status: 'disabled',
    })
    expect(v.parse(operatorAccountSchema, await disabled.json())).toMatchObject({ status: 'disabled' })
    await expectError(
      await app.request('/api/ops/me', { headers: { Cookie: target.cookie } }),
      401,
      'operator_unauthenticated',
    )
    expect(
      await database().select().from(operatorSessions).where(eq(operatorSessions.operatorId, target.operator.id)),
    ).toEqual([])

    await send('PATCH', `/api/ops/operators/${target.operator.id}`, admin.cookie, { status: 'active' })
    expect((await auditOf(target.operator.id)).map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      ['operator.second_factor_enrolled', null, null],
      [
        'operator.role_changed',
        expect.objectContaining({ role: 'support' }),
        expect.objectContaining({ role: 'finance' }),
      ],
      [
        'operator.disabled',
        expect.objectContaining({ status: 'active' }),
        expect.objectContaining({ status: 'disabled' }),
      ],
      [
        'operator.enabled',
        expect.objectContaining({ status: 'disabled' }),
        expect.objectContaining({ status: 'active' }),
      ],
    ])

    await expectError(
      await send('PATCH', '/api/ops/operators/op_ffffffffffffffff', admin.cookie, { role: 'finance' }),
      404,
      'record_not_found',
    )
    await expectError(
      await send('PATCH', '/api/ops/operators/someone', admin.cookie, { role: 'finance' }),
      404,
      'record_not_found',
    )
    await expectError(
      await send('PATCH', `/api/ops/operators/${target.operator.id}`, admin.cookie, {}),
      400,
      'invalid_request',
    )
  })

  it('never lets an admin disable or demote themselves', async () => {
    const admin = await signedIn('admin')
    for (const body of [{ status: 'disabled' }, { role: 'finance' }, { role: 'support', status: 'disabled' }]) {
      await expectError(
        await send('PATCH', `/api/ops/operators/${admin.operator.id}`, admin.cookie, body),
        409,
        'operator_self_change',
      )
    }
    expect((await app.request('/api/ops/me', { headers: { Cookie: admin.cookie } })).status).toBe(200)
    expect(await auditOf(admin.operator.id)).toHaveLength(1)
  })

  it('keeps an active admin when two admins disable each other at once', async () => {
    // Every other admin of this database disabled first, so these two are the last.
    const first = await signedIn('admin')
    const second = await signedIn('admin')
    await database()
      .update(operators)
      .set({ status: 'disabled' })
      .where(and(eq(operators.role, 'admin'), eq(operators.status, 'active')))
    await database().update(operators).set({ status: 'active' }).where(eq(operators.id, first.operator.id))
    await database().update(operators).set({ status: 'active' }).where(eq(operators.id, second.operator.id))

    const answers = await Promise.all([
      send('PATCH', `/api/ops/operators/${second.operator.id}`, first.cookie, { status: 'disabled' }),
      send('PATCH', `/api/ops/operators/${first.operator.id}`, second.cookie, { status: 'disabled' }),
    ])
    // The loser is refused by the lock (409), or, if the winner committed first, its session is gone (401).
    const statuses = answers.map((answer) => answer.status)
    expect(statuses.filter((status) => status === 200)).toHaveLength(1)
    expect(statuses.filter((status) => status === 409 || status === 401)).toHaveLength(1)
    const activeAdmins = await database()
      .select()
      .from(operators)
      .where(and(eq(operators.role, 'admin'), eq(operators.status, 'active')))
    expect(activeAdmins).toHaveLength(1)
  })
})

describe('npm run ops -- operator create', () => {
  it('parses the command and refuses a bad one', () => {
    expect(
      parseOperatorCommand([
        'operator',
        'create',
        '--email',
        'First@Example.com',
        '--name',
        'Somchai',
        '--role',
        'admin',
      ]),
    ).toEqual({
      success: true,
      command: {
        name: 'operator',
        action: 'create',
        invite: { email: 'first@example.com', name: 'Somchai', role: 'admin' },
      },
    })
    for (const argumentList of [
      ['operator', 'create', '--email', 'first@example.com', '--name', 'Somchai'],
      ['operator', 'create', '--email', 'nope', '--name', 'Somchai', '--role', 'admin'],
      ['operator', 'create', '--email', 'first@example.com', '--name', 'Somchai', '--role', 'owner'],
      ['operator', 'delete', '--email', 'first@example.com'],
    ]) {
      expect(parseOperatorCommand(argumentList).success, argumentList.join(' ')).toBe(false)
    }
  })

  it('creates the first admin, recorded in the audit log as the OS user, who can then sign in', async () => {
    const email = `first.admin.${process.pid}@ops.example.com`
    const parsed = parseOperatorCommand(['operator', 'create', '--email', email, '--name', 'First', '--role', 'admin'])
    if (!parsed.success) throw new Error(parsed.message)
    const output = await runOperatorCommand(parsed.command, database(), {
      actor: 'ops:somchai',
      now: clock.now,
    })
    expect(output).toContain(`created admin ${email}`)
    const [created] = await database().select().from(operators).where(eq(operators.email, email))
    expect(created).toMatchObject({ role: 'admin', status: 'active', createdBy: 'cli:somchai' })
    expect((await auditOf(created?.id ?? '')).map((entry) => [entry.action, entry.actor])).toEqual([
      ['operator.invited', 'cli:somchai'],
    ])
    const { cookie } = await signInOperator(app, clock, { email })
    expect((await app.request('/api/ops/operators', { headers: { Cookie: cookie } })).status).toBe(200)

    await expect(runOperatorCommand(parsed.command, database(), { actor: 'ops:somchai' })).rejects.toThrow(
      'exists already',
    )
  })
})
