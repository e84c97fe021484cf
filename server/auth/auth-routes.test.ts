import { eq } from 'drizzle-orm'
import { pino } from 'pino'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signInCodeResponseSchema } from '#domain/contracts/auth'
import { sessionResponseSchema } from '#domain/contracts/session'
import { demoAuthSecret } from '#server/auth/auth-secret'
import { createCodeDelivery, type MailTransport } from '#server/auth/code-delivery'
import { hashSessionToken } from '#server/auth/sessions'
import { hashSignInCode } from '#server/auth/sign-in-codes'
import { sessions, signInCodes } from '#server/db/schema'
import {
  createAccountsTestApp,
  createTestClock,
  jsonRequest,
  latestCode,
  postSignIn,
  requestCode,
  sessionCookieOf,
  signIn,
} from '#server/test/accounts'
import { readErrorBody } from '#server/test/app'
import { createTestDatabase, type TestDatabase } from '#server/test/database'

const minute = 60 * 1000
const hour = 60 * minute
const day = 24 * hour

let testDatabase: TestDatabase
beforeAll(async () => {
  testDatabase = await createTestDatabase()
})
afterAll(() => testDatabase.dispose())

/** Each test signs in with its own identifier, so the hourly code limit never spills over. */
let identifierCounter = 0
function uniqueEmail(): string {
  identifierCounter += 1
  return `shopper${identifierCounter}@example.co.th`
}

function setup() {
  return createAccountsTestApp(testDatabase.connection.database)
}

async function postSession(app: ReturnType<typeof setup>['app'], body: Record<string, unknown>, cookie?: string) {
  return postSignIn(app, body, cookie === undefined ? {} : { Cookie: cookie })
}

describe('sign-in', () => {
  it('registers a new buyer with a code from the dev outbox, once the terms are accepted', async () => {
    const { app, clock } = setup()
    const identifier = uniqueEmail()

    const codeResponse = await requestCode(app, `  ${identifier.toUpperCase()} `)
    expect(codeResponse.status).toBe(202)
    expect(v.parse(signInCodeResponseSchema, await codeResponse.json())).toEqual({
      identifierKind: 'email',
      expiresAt: new Date(clock.now().getTime() + 10 * minute).toISOString(),
      resendAfterSeconds: 60,
    })
    const code = await latestCode(app, identifier)
    expect(code).toMatch(/^\d{6}$/)

    const withoutTerms = await postSession(app, { identifier, code })
    expect(withoutTerms.status).toBe(400)
    expect((await readErrorBody(withoutTerms)).error.code).toBe('terms_not_accepted')
    expect(sessionCookieOf(withoutTerms)).toBeUndefined()

    // The refused attempt did not cost the code.
    const signedIn = await postSession(app, { identifier, code, acceptTerms: true })
    expect(signedIn.status).toBe(200)
    const body = await signedIn.json()
    expect(body).toMatchObject({
      isNewBuyer: true,
      buyer: {
        email: identifier,
        phone: null,
        firstName: null,
        status: 'active',
        suspendedReason: null,
        balance: [{ currency: 'THB', amount: 0 }],
        // No decided purchase yet, so nothing lost (domain/cashback/rating.ts).
        rating: 100,
      },
    })
    const setCookie = signedIn.headers.getSetCookie().find((value) => value.startsWith('ngernkhuen_session='))
    expect(setCookie).toMatch(/^ngernkhuen_session=[A-Za-z0-9_-]{43}; /)
    expect(setCookie).toContain('Max-Age=2592000')
    expect(setCookie).toContain('Path=/')
    expect(setCookie).toContain('HttpOnly')
    expect(setCookie).toContain('SameSite=Lax')
    expect(setCookie).not.toContain('Secure')

    const cookie = sessionCookieOf(signedIn) ?? ''
    const session = await app.request('/api/auth/session', { headers: { Cookie: cookie } })
    expect(session.status).toBe(200)
    expect(v.parse(sessionResponseSchema, await session.json()).buyer.email).toBe(identifier)

    // A code signs in once.
    const reused = await postSession(app, { identifier, code, acceptTerms: true })
    expect((await readErrorBody(reused)).error.code).toBe('invalid_code')
  })

  it('signs a known buyer in by phone in any common format, without asking for the terms again', async () => {
    const { app } = setup()
    const first = await signIn(app, '0861112222')
    expect(first.isNewBuyer).toBe(true)
    expect(first.buyer.phone).toBe('0861112222')

    expect((await requestCode(app, '+66 86 111 2222')).status).toBe(202)
    const code = await latestCode(app, '086-111-2222')
    const again = await postSession(app, { identifier: '+66861112222', code })
    expect(again.status).toBe(200)
    expect(await again.json()).toMatchObject({ isNewBuyer: false, buyer: { buyerId: first.buyer.buyerId } })
  })

  it('sets Secure on the cookie over https', async () => {
    const { app } = setup()
    const { response } = await signIn(app, uniqueEmail(), { 'X-Forwarded-Proto': 'https' })
    expect(response.headers.getSetCookie().join('\n')).toMatch(/ngernkhuen_session=[^\n]*; Secure/)
  })

  it('stores only an HMAC of the code', async () => {
    const { app } = setup()
    const identifier = uniqueEmail()
    await requestCode(app, identifier)
    const code = await latestCode(app, identifier)
    const [row] = await testDatabase.connection.database
      .select()
      .from(signInCodes)
      .where(eq(signInCodes.identifier, identifier))
    expect(row?.codeHash).not.toContain(code)
    expect(row?.codeHash).toBe(hashSignInCode(demoAuthSecret, identifier, code))
  })

  it.each([
    [{ identifier: '' }, 'invalid_request', 'required'],
    [{ identifier: '   ' }, 'invalid_request', 'required'],
    [{}, 'invalid_request', 'required'],
    [{ identifier: 'somchai' }, 'invalid_identifier', 'invalid_identifier'],
    [{ identifier: '021234567' }, 'invalid_identifier', 'invalid_identifier'],
    [{ identifier: 'somchai@gmail' }, 'invalid_identifier', 'invalid_identifier'],
  ])('refuses the identifier in %j', async (body, code, reason) => {
    const { app } = setup()
    const response = await app.request('/api/auth/codes', jsonRequest('POST', body))
    expect(response.status).toBe(400)
    const error = (await readErrorBody(response)).error
    expect(error.code).toBe(code)
    expect(error.details?.fields?.['identifier']).toBe(reason)
  })

  it('refuses a malformed code before looking anything up', async () => {
    const { app } = setup()
    const response = await postSession(app, { identifier: uniqueEmail(), code: '12345' })
    expect(response.status).toBe(400)
    expect((await readErrorBody(response)).error).toMatchObject({
      code: 'invalid_request',
      details: { fields: { code: 'invalid_code' } },
    })
  })

  it('answers code_requested_elsewhere when this browser asked for no code of the identifier', async () => {
    const { app } = setup()
    const response = await postSession(app, { identifier: uniqueEmail(), code: '123456', acceptTerms: true })
    expect(response.status).toBe(400)
    expect((await readErrorBody(response)).error.code).toBe('code_requested_elsewhere')
  })

  it('sets an httpOnly sign-in cookie for /api/auth naming the code, and clears it on sign-in', async () => {
    const { app } = setup()
    const identifier = uniqueEmail()
    const asked = await requestCode(app, identifier)
    const setCookie = asked.headers.getSetCookie().find((value) => value.startsWith('ngernkhuen_sign_in='))
    expect(setCookie).toMatch(
      /^ngernkhuen_sign_in=[0-9a-f]{32}; Max-Age=1200; Path=\/api\/auth; HttpOnly; SameSite=Lax$/,
    )
    const signedIn = await postSession(app, { identifier, code: await latestCode(app, identifier), acceptTerms: true })
    expect(signedIn.status).toBe(200)
    expect(signedIn.headers.getSetCookie()).toContainEqual(
      expect.stringMatching(/^ngernkhuen_sign_in=; Max-Age=0; Path=\/api\/auth/),
    )
  })
})

describe('codes', () => {
  it('expire after 10 minutes', async () => {
    const { app, clock } = setup()
    const identifier = uniqueEmail()
    await requestCode(app, identifier)
    const code = await latestCode(app, identifier)
    clock.advance(10 * minute)
    const response = await postSession(app, { identifier, code, acceptTerms: true })
    expect(response.status).toBe(400)
    expect((await readErrorBody(response)).error.code).toBe('code_expired')
  })

  it('still work just before 10 minutes', async () => {
    const { app, clock } = setup()
    const identifier = uniqueEmail()
    await requestCode(app, identifier)
    const code = await latestCode(app, identifier)
    clock.advance(10 * minute - 1000)
    expect((await postSession(app, { identifier, code, acceptTerms: true })).status).toBe(200)
  })

  it('die after 5 wrong tries, even for the right code; a new code works', async () => {
    const { app } = setup()
    const identifier = uniqueEmail()
    await requestCode(app, identifier)
    const code = await latestCode(app, identifier)
    const wrong = code === '000000' ? '111111' : '000000'

    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const response = await postSession(app, { identifier, code: wrong, acceptTerms: true })
      expect(response.status).toBe(400)
      expect((await readErrorBody(response)).error.code).toBe('invalid_code')
    }
    const fifth = await postSession(app, { identifier, code: wrong, acceptTerms: true })
    expect(fifth.status).toBe(429)
    expect((await readErrorBody(fifth)).error.code).toBe('too_many_attempts')

    const right = await postSession(app, { identifier, code, acceptTerms: true })
    expect(right.status).toBe(429)
    expect((await readErrorBody(right)).error.code).toBe('too_many_attempts')

    await requestCode(app, identifier)
    const fresh = await latestCode(app, identifier)
    expect((await postSession(app, { identifier, code: fresh, acceptTerms: true })).status).toBe(200)
  })

  it('are sent again, not replaced, while the code has life left (sign-in-limits.test.ts has the rest)', async () => {
    const { app } = setup()
    const identifier = uniqueEmail()
    await requestCode(app, identifier)
    const first = await latestCode(app, identifier)
    await requestCode(app, identifier)
    expect(await latestCode(app, identifier)).toBe(first)
    expect((await postSession(app, { identifier, code: first, acceptTerms: true })).status).toBe(200)
  })

  it('are limited to 5 per identifier per hour, with Retry-After', async () => {
    const { app, clock } = setup()
    const identifier = uniqueEmail()
    for (let sent = 1; sent <= 5; sent += 1) {
      expect((await requestCode(app, identifier)).status).toBe(202)
      clock.advance(5 * minute)
    }
    // The first code went out 25 minutes ago: the window frees in 35 minutes.
    const refused = await requestCode(app, identifier)
    expect(refused.status).toBe(429)
    expect(refused.headers.get('Retry-After')).toBe(String(35 * 60))
    const error = (await readErrorBody(refused)).error
    expect(error.code).toBe('too_many_codes')
    expect(error.details?.retryAfterSeconds).toBe(35 * 60)
    expect(error.message).toContain(String(35 * 60))

    // Another identifier is not affected.
    expect((await requestCode(app, uniqueEmail())).status).toBe(202)

    clock.advance(35 * minute - 1000)
    expect((await requestCode(app, identifier)).status).toBe(429)
    clock.advance(1000)
    expect((await requestCode(app, identifier)).status).toBe(202)
  })
})

describe('sessions', () => {
  it('get a new id at every sign-in, and signing in drops the session the request came with', async () => {
    const { app } = setup()
    const identifier = uniqueEmail()
    const first = await signIn(app, identifier)
    const second = await signIn(app, identifier)
    expect(second.cookie).not.toBe(first.cookie)
    expect((await app.request('/api/auth/session', { headers: { Cookie: first.cookie } })).status).toBe(200)

    const third = await signIn(app, identifier, { Cookie: second.cookie })
    expect(third.cookie).not.toBe(second.cookie)
    expect((await app.request('/api/auth/session', { headers: { Cookie: second.cookie } })).status).toBe(401)
    expect((await app.request('/api/auth/session', { headers: { Cookie: third.cookie } })).status).toBe(200)
  })

  it('stores only a hash of the token', async () => {
    const { app } = setup()
    const { cookie, buyer } = await signIn(app, uniqueEmail())
    const token = cookie.split('=')[1] ?? ''
    const rows = await testDatabase.connection.database
      .select()
      .from(sessions)
      .where(eq(sessions.buyerId, buyer.buyerId))
    expect(rows.map((row) => row.tokenHash)).toEqual([hashSessionToken(token)])
    expect(rows[0]?.userAgent).toBeNull()
  })

  it('roll: used sessions are extended at most once a day, unused ones expire after 30 days', async () => {
    const { app, clock } = setup()
    const { cookie, buyer } = await signIn(app, uniqueEmail())
    const start = clock.now().getTime()
    const get = () => app.request('/api/auth/session', { headers: { Cookie: cookie } })
    const storedExpiry = async () => {
      const [row] = await testDatabase.connection.database
        .select({ expiresAt: sessions.expiresAt })
        .from(sessions)
        .where(eq(sessions.buyerId, buyer.buyerId))
      return row?.expiresAt.getTime()
    }

    clock.advance(12 * hour)
    const early = await get()
    expect(early.status).toBe(200)
    expect(sessionCookieOf(early)).toBeUndefined()
    expect(await storedExpiry()).toBe(start + 30 * day)

    clock.advance(13 * hour)
    const refreshed = await get()
    expect(refreshed.status).toBe(200)
    expect(refreshed.headers.getSetCookie().join()).toContain('Max-Age=2592000')
    expect(sessionCookieOf(refreshed)).toBe(cookie)
    expect(await storedExpiry()).toBe(start + 25 * hour + 30 * day)

    // Past the original 30 days, still alive thanks to the refresh.
    clock.advance(29 * day + 23 * hour)
    expect((await get()).status).toBe(200)

    clock.advance(31 * day)
    const expired = await get()
    expect(expired.status).toBe(401)
    expect((await readErrorBody(expired)).error.code).toBe('unauthenticated')
    expect(expired.headers.getSetCookie().join()).toMatch(/ngernkhuen_session=; Max-Age=0/)
  })

  it('sign out ends this session only', async () => {
    const { app } = setup()
    const identifier = uniqueEmail()
    const phone = await signIn(app, identifier)
    const laptop = await signIn(app, identifier)

    const signOut = await app.request('/api/auth/sessions/current', {
      method: 'DELETE',
      headers: { Cookie: phone.cookie },
    })
    expect(signOut.status).toBe(204)
    expect(signOut.headers.getSetCookie().join()).toMatch(/ngernkhuen_session=; Max-Age=0/)
    expect((await app.request('/api/auth/session', { headers: { Cookie: phone.cookie } })).status).toBe(401)
    expect((await app.request('/api/auth/session', { headers: { Cookie: laptop.cookie } })).status).toBe(200)

    // Idempotent: signing out again, or anonymously, is fine.
    expect((await app.request('/api/auth/sessions/current', { method: 'DELETE' })).status).toBe(204)
  })

  it('sign out everywhere ends every session of the buyer and no one else', async () => {
    const { app } = setup()
    const identifier = uniqueEmail()
    const phone = await signIn(app, identifier)
    const laptop = await signIn(app, identifier)
    const stranger = await signIn(app, uniqueEmail())

    const response = await app.request('/api/auth/sessions', { method: 'DELETE', headers: { Cookie: laptop.cookie } })
    expect(response.status).toBe(204)
    for (const cookie of [phone.cookie, laptop.cookie]) {
      expect((await app.request('/api/auth/session', { headers: { Cookie: cookie } })).status).toBe(401)
    }
    expect((await app.request('/api/auth/session', { headers: { Cookie: stranger.cookie } })).status).toBe(200)
  })

  it('anonymous callers get 401 unauthenticated', async () => {
    const { app } = setup()
    for (const [method, path] of [
      ['GET', '/api/auth/session'],
      ['DELETE', '/api/auth/sessions'],
    ] as const) {
      const response = await app.request(path, { method })
      expect(response.status).toBe(401)
      expect((await readErrorBody(response)).error.code).toBe('unauthenticated')
    }
    const forged = await app.request('/api/auth/session', {
      headers: { Cookie: `ngernkhuen_session=${'A'.repeat(43)}` },
    })
    expect(forged.status).toBe(401)
  })
})

describe('CSRF', () => {
  it('refuses state-changing account calls from another origin, even with a session', async () => {
    const { app } = setup()
    const { cookie, buyer } = await signIn(app, uniqueEmail())
    const foreign = { Origin: 'https://evil.example', Cookie: cookie }
    const attempts: [string, string, unknown][] = [
      ['POST', '/api/auth/codes', { identifier: 'victim@example.com' }],
      ['POST', '/api/auth/sessions', { identifier: 'victim@example.com', code: '123456' }],
      ['DELETE', '/api/auth/sessions/current', undefined],
      ['DELETE', '/api/auth/sessions', undefined],
      ['PUT', `/api/buyers/${buyer.buyerId}/profile`, { firstName: 'Mallory' }],
    ]
    for (const [method, path, body] of attempts) {
      const response = await app.request(path, jsonRequest(method, body, foreign))
      expect(response.status, `${method} ${path}`).toBe(403)
      expect((await readErrorBody(response)).error.code).toBe('forbidden_origin')
    }
    expect((await app.request('/api/auth/session', { headers: { Cookie: cookie } })).status).toBe(200)

    const sameOrigin = await app.request(
      '/api/auth/sessions/current',
      jsonRequest('DELETE', undefined, { Origin: 'http://localhost', Cookie: cookie }),
    )
    expect(sameOrigin.status).toBe(204)
  })
})

describe('delivery in production', () => {
  function productionApp() {
    const sent: Parameters<MailTransport['sendMail']>[0][] = []
    const transporter: MailTransport = {
      async sendMail(message) {
        sent.push(message)
        return { messageId: 'test' }
      },
    }
    const logger = pino({ level: 'silent' })
    const clock = createTestClock()
    const { app } = createAccountsTestApp(testDatabase.connection.database, {
      clock,
      accounts: {
        appMode: 'production',
        authSecret: 'a-production-secret-of-at-least-32-characters',
        delivery: createCodeDelivery({
          mailer: { transporter, from: 'NgernKhuen <no-reply@example.com>' },
          sms: undefined,
          outbox: undefined,
          logger,
          now: clock.now,
        }),
      },
    })
    return { app, sent }
  }

  it('has no dev outbox', async () => {
    const { app } = productionApp()
    const response = await app.request('/api/dev/outbox?to=demo%40ngernkhuen.test')
    expect(response.status).toBe(404)
    expect((await readErrorBody(response)).error.code).toBe('not_found')
  })

  it('emails the code in Thai and English', async () => {
    const { app, sent } = productionApp()
    const identifier = uniqueEmail()
    expect((await requestCode(app, identifier)).status).toBe(202)
    expect(sent).toHaveLength(1)
    const [message] = sent
    expect(message?.to).toBe(identifier)
    expect(message?.from).toBe('NgernKhuen <no-reply@example.com>')
    const code = /\b(\d{6})\b/.exec(message?.text ?? '')?.[1]
    expect(code).toBeDefined()
    expect(message?.subject).toContain(code)
    expect(message?.text).toContain('10 นาที')
    expect(message?.text).toContain('10 minutes')
  })

  it('refuses phone sign-in without an SMS provider instead of pretending', async () => {
    const { app } = productionApp()
    const response = await requestCode(app, '0891234567')
    expect(response.status).toBe(503)
    expect((await readErrorBody(response)).error.code).toBe('phone_sign_in_unavailable')
  })

  it('answers 503 unavailable when the mail server refuses', async () => {
    const logger = pino({ level: 'silent' })
    const { app } = createAccountsTestApp(testDatabase.connection.database, {
      accounts: {
        appMode: 'production',
        delivery: createCodeDelivery({
          mailer: {
            transporter: {
              sendMail: async () => {
                throw new Error('421 try later')
              },
            },
            from: 'x@example.com',
          },
          sms: undefined,
          outbox: undefined,
          logger,
          now: () => new Date(),
        }),
      },
    })
    const response = await requestCode(app, uniqueEmail())
    expect(response.status).toBe(503)
    expect((await readErrorBody(response)).error.code).toBe('unavailable')
  })
})
