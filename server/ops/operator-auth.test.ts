import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { operatorSessionCookieName } from '#domain/ops/operator'
import { operatorAuditLog, operators } from '#server/db/schema'
import { currentTotpCode } from '#server/ops/totp'
import { createAccountsTestApp, jsonRequest, outboxMessages, signIn } from '#server/test/accounts'
import { readErrorBody } from '#server/test/app'
import { createTestDatabase, type TestDatabase } from '#server/test/database'
import { cookieOf, createTestOperator, signInOperator } from '#server/test/operators'

let testDatabase: TestDatabase
beforeAll(async () => {
  testDatabase = await createTestDatabase()
})
afterAll(() => testDatabase.dispose())

const database = () => testDatabase.connection.database

function setup() {
  return createAccountsTestApp(database())
}

async function startSecondFactor(app: ReturnType<typeof setup>['app'], email: string) {
  const requested = await app.request('/api/ops/auth/codes', jsonRequest('POST', { email }))
  const codeCookie = cookieOf(requested, 'ngernkhuen_ops_sign_in') ?? ''
  const code = (await outboxMessages(app, email)).find((message) => message.kind === 'operator_sign_in_code')?.code
  const verified = await app.request(
    '/api/ops/auth/codes/verify',
    jsonRequest('POST', { email, code }, { Cookie: codeCookie }),
  )
  return { verified, pendingCookie: cookieOf(verified, operatorSessionCookieName) ?? '' }
}

describe('console sign-in', () => {
  it('enrols an authenticator on the first sign-in, then asks for its code', async () => {
    const { app, clock } = setup()
    const operator = await createTestOperator(database(), 'support', clock.now())
    const { cookie, secret } = await signInOperator(app, clock, operator)
    const me = await app.request('/api/ops/me', { headers: { Cookie: cookie } })
    expect(await me.json()).toEqual({
      id: operator.id,
      email: operator.email,
      name: operator.name,
      role: 'support',
      status: 'active',
    })
    const [stored] = await database().select().from(operators).where(eq(operators.id, operator.id))
    expect(stored?.totpSecret).toBe(secret)
    expect(stored?.totpPendingSecret).toBeNull()
    const enrolled = await database().select().from(operatorAuditLog).where(eq(operatorAuditLog.subjectId, operator.id))
    expect(enrolled.map((entry) => entry.action)).toEqual(['operator.second_factor_enrolled'])

    const again = await startSecondFactor(app, operator.email)
    expect(await again.verified.json()).toEqual({ step: 'totp' })
    const second = await signInOperator(app, clock, operator, secret)
    expect((await app.request('/api/ops/me', { headers: { Cookie: second.cookie } })).status).toBe(200)
  })

  it('answers an unknown or disabled address like a known one and sends nothing', async () => {
    const { app, clock } = setup()
    const response = await app.request('/api/ops/auth/codes', jsonRequest('POST', { email: 'nobody@ops.example.com' }))
    expect(response.status).toBe(202)
    expect(await outboxMessages(app, 'nobody@ops.example.com')).toEqual([])
    const disabled = await createTestOperator(database(), 'finance', clock.now())
    await database().update(operators).set({ status: 'disabled' }).where(eq(operators.id, disabled.id))
    expect((await app.request('/api/ops/auth/codes', jsonRequest('POST', { email: disabled.email }))).status).toBe(202)
    expect(await outboxMessages(app, disabled.email)).toEqual([])
  })

  it('opens nothing before the second factor, and ends the step after 5 wrong codes', async () => {
    const { app, clock } = setup()
    const operator = await createTestOperator(database(), 'admin', clock.now())
    const { pendingCookie } = await startSecondFactor(app, operator.email)
    const me = await app.request('/api/ops/me', { headers: { Cookie: pendingCookie } })
    expect(me.status).toBe(401)
    expect((await readErrorBody(me)).error.code).toBe('operator_unauthenticated')
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const wrong = await app.request(
        '/api/ops/auth/second-factor',
        jsonRequest('POST', { code: '000000' }, { Cookie: pendingCookie }),
      )
      expect((await readErrorBody(wrong)).error.code).toBe('invalid_second_factor')
    }
    const fifth = await app.request(
      '/api/ops/auth/second-factor',
      jsonRequest('POST', { code: '000000' }, { Cookie: pendingCookie }),
    )
    expect((await readErrorBody(fifth)).error.code).toBe('second_factor_expired')
  })

  it('accepts an authenticator code once', async () => {
    const { app, clock } = setup()
    const operator = await createTestOperator(database(), 'finance', clock.now())
    const { secret } = await signInOperator(app, clock, operator)
    const first = await startSecondFactor(app, operator.email)
    const code = currentTotpCode(secret, clock.now())
    const accepted = await app.request(
      '/api/ops/auth/second-factor',
      jsonRequest('POST', { code }, { Cookie: first.pendingCookie }),
    )
    expect(accepted.status).toBe(200)
    const second = await startSecondFactor(app, operator.email)
    const replayed = await app.request(
      '/api/ops/auth/second-factor',
      jsonRequest('POST', { code }, { Cookie: second.pendingCookie }),
    )
    expect((await readErrorBody(replayed)).error.code).toBe('invalid_second_factor')
  })

  it("never lets a shopper's session in", async () => {
    const { app } = setup()
    const { cookie } = await signIn(app, `shopper.ops.${process.pid}@example.co.th`)
    const response = await app.request('/api/ops/today', { headers: { Cookie: cookie } })
    expect(response.status).toBe(401)
  })

  it('signs out after 30 idle minutes, keeps a busy session, and signs out everywhere', async () => {
    const { app, clock } = setup()
    const operator = await createTestOperator(database(), 'support', clock.now())
    const { cookie, secret } = await signInOperator(app, clock, operator)
    clock.advance(29 * 60_000)
    expect((await app.request('/api/ops/today', { headers: { Cookie: cookie } })).status).toBe(200)
    clock.advance(29 * 60_000)
    expect((await app.request('/api/ops/today', { headers: { Cookie: cookie } })).status).toBe(200)
    clock.advance(31 * 60_000)
    expect((await app.request('/api/ops/today', { headers: { Cookie: cookie } })).status).toBe(401)

    const laptop = await signInOperator(app, clock, operator, secret)
    const tablet = await signInOperator(app, clock, operator, secret)
    const everywhere = await app.request('/api/ops/auth/sign-out-everywhere', {
      method: 'POST',
      headers: { Cookie: laptop.cookie },
    })
    expect(everywhere.status).toBe(204)
    expect((await app.request('/api/ops/today', { headers: { Cookie: tablet.cookie } })).status).toBe(401)
  })

  it('sets the session cookie for the console API only, httpOnly and SameSite=Strict', async () => {
    const { app, clock } = setup()
    const operator = await createTestOperator(database(), 'support', clock.now())
    const { pendingCookie } = await startSecondFactor(app, operator.email)
    expect(pendingCookie).not.toBe('')
    const requested = await app.request('/api/ops/auth/codes', jsonRequest('POST', { email: operator.email }))
    const header = requested.headers.getSetCookie().join('\n')
    expect(header).toContain('Path=/api/ops/auth')
    expect(header).toContain('SameSite=Strict')
    const { verified } = await startSecondFactor(app, operator.email)
    const sessionHeader =
      verified.headers.getSetCookie().find((value) => value.startsWith(operatorSessionCookieName)) ?? ''
    expect(sessionHeader).toContain('Path=/api/ops')
    expect(sessionHeader).toContain('HttpOnly')
    expect(sessionHeader).toContain('SameSite=Strict')
  })
})
