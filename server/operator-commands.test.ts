import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listBuyerStatusEvents } from '#server/buyers/buyer-records'
import { parseOperatorCommand, runOperatorCommand } from '#server/operator-commands'
import { createAccountsTestApp, signIn } from '#server/test/accounts'
import { createTestApp, readErrorBody } from '#server/test/app'
import { createTestDatabase, type TestDatabase } from '#server/test/database'

describe('parseOperatorCommand', () => {
  it.each(['on', 'off', 'status'] as const)('accepts maintenance %s', (action) => {
    expect(parseOperatorCommand(['maintenance', action])).toEqual({
      success: true,
      command: { name: 'maintenance', action },
    })
  })

  it.each([
    [['buyer', 'suspend', 'demo@ngernkhuen.test', '--reason', 'Fraud'], 'Fraud'],
    [['buyer', 'suspend', '0812345678', '--reason=Negative wallet'], 'Negative wallet'],
  ])('accepts buyer suspend %o', (argumentList, reason) => {
    const parsed = parseOperatorCommand(argumentList)
    expect(parsed).toMatchObject({ success: true, command: { name: 'buyer', action: 'suspend', reason } })
  })

  it('accepts buyer show and reinstate, the reason optional for reinstate', () => {
    expect(parseOperatorCommand(['buyer', 'show', 'x'])).toMatchObject({ success: true })
    expect(parseOperatorCommand(['buyer', 'reinstate', 'x'])).toMatchObject({
      success: true,
      command: { reason: undefined },
    })
  })

  it.each([
    [[]],
    [['maintenance']],
    [['buyer', 'suspend', 'x']],
    [['buyer', 'suspend', 'x', '--reason', '  ']],
    [['buyer', 'show']],
    [['buyer', 'show', 'x', '--reason', 'y']],
    [['buyer', 'delete', 'x']],
    [['maintenance', 'maybe']],
    [['maintenance', 'on', 'now']],
    [['restart']],
  ])('rejects %o with the usage text', (argumentList) => {
    const parsed = parseOperatorCommand(argumentList)
    expect(parsed.success).toBe(false)
    if (!parsed.success) expect(parsed.message).toContain('Usage: npm run ops -- <command>')
  })
})

describe('maintenance command', () => {
  let testDatabase: TestDatabase
  beforeAll(async () => {
    testDatabase = await createTestDatabase()
  })
  afterAll(() => testDatabase.dispose())

  it('round-trips through the settings row that every server reads', async () => {
    const { database } = testDatabase.connection
    const app = createTestApp(database, { maintenanceCacheMilliseconds: 0 })
    const run = (action: 'on' | 'off' | 'status') => runOperatorCommand({ name: 'maintenance', action }, database)

    expect(await run('status')).toBe('maintenance: off (never set)')
    expect(await run('on')).toMatch(/^maintenance: on\n/)
    expect(await run('status')).toBe('maintenance: on')
    expect((await app.request('/api/status')).status).toBe(503)

    expect(await run('off')).toMatch(/^maintenance: off\n/)
    expect(await run('status')).toBe('maintenance: off')
    expect((await app.request('/api/status')).status).toBe(200)
  })
})

describe('buyer commands', () => {
  let testDatabase: TestDatabase
  beforeAll(async () => {
    testDatabase = await createTestDatabase()
  })
  afterAll(() => testDatabase.dispose())

  it('suspend and reinstate round-trip, recorded with who and why, and the API follows', async () => {
    const { database } = testDatabase.connection
    const { app } = createAccountsTestApp(database)
    const { cookie, buyer } = await signIn(app, 'ops.target@example.com')
    const run = (argumentList: string[]) => {
      const parsed = parseOperatorCommand(argumentList)
      if (!parsed.success) throw new Error(parsed.message)
      return runOperatorCommand(parsed.command, database, { actor: 'ops:alice' })
    }
    const memberStatus = async () => app.request(`/api/buyers/${buyer.buyerId}`, { headers: { Cookie: cookie } })

    expect(await run(['buyer', 'show', 'OPS.TARGET@example.com'])).toContain('(no status changes)')
    const suspended = await run(['buyer', 'suspend', buyer.buyerId, '--reason', 'Frequent cancellations'])
    expect(suspended).toContain('status:  suspended (Frequent cancellations)')
    const refused = await memberStatus()
    expect(refused.status).toBe(403)
    expect((await readErrorBody(refused)).error.code).toBe('buyer_suspended')
    expect(await run(['buyer', 'suspend', buyer.buyerId, '--reason', 'again'])).toContain('already suspended')

    expect(await run(['buyer', 'reinstate', 'ops.target@example.com'])).toContain('status:  active')
    expect((await memberStatus()).status).toBe(200)

    const events = await listBuyerStatusEvents(database, buyer.buyerId)
    expect(events.map((event) => [event.status, event.reason, event.actor])).toEqual([
      ['active', 'reinstated by an operator', 'ops:alice'],
      ['suspended', 'Frequent cancellations', 'ops:alice'],
    ])
    const shown = await run(['buyer', 'show', buyer.buyerId])
    expect(shown).toContain('suspended  by ops:alice: Frequent cancellations')

    await expect(run(['buyer', 'show', 'nobody@example.com'])).rejects.toThrow(/No buyer/)
  })
})
