import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buyerSchema } from '#domain/contracts/buyer'
import { identifierChangeResponseSchema, storedProfileSchema } from '#domain/contracts/profile'
import {
  createAccountsTestApp,
  jsonRequest,
  latestCode,
  outboxMessages,
  postSignIn,
  requestCode,
  signIn,
} from '#server/test/accounts'
import { readErrorBody } from '#server/test/app'
import { createTestDatabase, type TestDatabase } from '#server/test/database'

let testDatabase: TestDatabase
beforeAll(async () => {
  testDatabase = await createTestDatabase()
})
afterAll(() => testDatabase.dispose())

const profile = {
  firstName: 'มาลี',
  lastName: 'ศรีสุข',
  age: 29,
  gender: 'female',
  email: 'malee@example.com',
  phone: '0891234567',
  birthDate: null,
  phoneOrIdNumber: null,
}

function setup() {
  return createAccountsTestApp(testDatabase.connection.database)
}

type App = ReturnType<typeof setup>['app']

function requestChange(app: App, buyerId: string, cookie: string, identifier: string) {
  return app.request(
    `/api/buyers/${buyerId}/identifier-changes`,
    jsonRequest('POST', { identifier }, { Cookie: cookie }),
  )
}

function confirmChange(app: App, buyerId: string, cookie: string, identifier: string, code: string) {
  return app.request(
    `/api/buyers/${buyerId}/identifier-changes/confirmations`,
    jsonRequest('POST', { identifier, code }, { Cookie: cookie }),
  )
}

async function readProfile(app: App, buyerId: string, cookie: string) {
  const response = await app.request(`/api/buyers/${buyerId}/profile`, { headers: { Cookie: cookie } })
  expect(response.status).toBe(200)
  return v.parse(storedProfileSchema, await response.json())
}

async function signInAnswer(app: App, identifier: string, code: string) {
  return postSignIn(app, { identifier, code })
}

/** The buyer id `identifier` signs in to with a fresh code and no terms, or 'new account' (which would need them). */
async function signsInTo(app: App, identifier: string): Promise<string> {
  expect((await requestCode(app, identifier)).status).toBe(202)
  const response = await signInAnswer(app, identifier, await latestCode(app, identifier))
  if (response.status === 400 && (await readErrorBody(response)).error.code === 'terms_not_accepted') {
    return 'new account'
  }
  expect(response.status).toBe(200)
  return v.parse(v.object({ buyer: buyerSchema }), await response.json()).buyer.buyerId
}

describe('a new email or phone in the profile', () => {
  it('is not a sign-in identifier until confirmed: the old ones stay and the new one opens no account', async () => {
    const { app } = setup()
    const { cookie, buyer } = await signIn(app, 'owner.one@example.com')
    const put = await app.request(
      `/api/buyers/${buyer.buyerId}/profile`,
      jsonRequest('PUT', { ...profile, email: 'victim.one@example.com', phone: '0861110001' }, { Cookie: cookie }),
    )
    expect(put.status).toBe(200)
    expect(v.parse(buyerSchema, await put.json())).toMatchObject({
      firstName: 'มาลี',
      email: 'owner.one@example.com',
      phone: null,
    })
    expect(await readProfile(app, buyer.buyerId, cookie)).toMatchObject({
      firstName: 'มาลี',
      email: 'owner.one@example.com',
      phone: null,
    })
    // The real owners of those addresses do not land in this account.
    expect(await signsInTo(app, 'victim.one@example.com')).toBe('new account')
    expect(await signsInTo(app, '0861110001')).toBe('new account')
    expect(await signsInTo(app, 'owner.one@example.com')).toBe(buyer.buyerId)
  })

  it('becomes one with the code sent to it; the old address is told and other devices are signed out', async () => {
    const { app } = setup()
    const { cookie, buyer } = await signIn(app, 'owner.two@example.com')
    const otherDevice = await signIn(app, 'owner.two@example.com')

    const requested = await requestChange(app, buyer.buyerId, cookie, ' New.Two@Example.com ')
    expect(requested.status).toBe(202)
    const answer = v.parse(identifierChangeResponseSchema, await requested.json())
    expect(answer).toMatchObject({ kind: 'email', identifier: 'new.two@example.com', resendAfterSeconds: 60 })

    // Waiting: the profile says so, and the old email still signs in.
    const waiting = await readProfile(app, buyer.buyerId, cookie)
    expect(waiting.email).toBe('owner.two@example.com')
    expect(waiting.pendingIdentifiers).toEqual([
      { kind: 'email', identifier: 'new.two@example.com', expiresAt: answer.expiresAt },
    ])

    const code = await latestCode(app, 'new.two@example.com', 'identifier_change_code')
    const confirmed = await confirmChange(app, buyer.buyerId, cookie, 'new.two@example.com', code)
    expect(confirmed.status).toBe(200)
    expect(v.parse(buyerSchema, await confirmed.json())).toMatchObject({ email: 'new.two@example.com' })
    expect((await readProfile(app, buyer.buyerId, cookie)).pendingIdentifiers).toEqual([])

    // The previous address got a notice (no code in it), naming the new one only masked.
    const [notice] = await outboxMessages(app, 'owner.two@example.com')
    expect(notice).toMatchObject({ kind: 'identifier_changed', code: null })
    expect(notice?.text).toContain('ne***@example.com')
    expect(notice?.text).not.toContain('new.two@example.com')

    // This session stays; the other device's ended.
    expect((await app.request('/api/auth/session', { headers: { Cookie: cookie } })).status).toBe(200)
    expect((await app.request('/api/auth/session', { headers: { Cookie: otherDevice.cookie } })).status).toBe(401)

    expect(await signsInTo(app, 'new.two@example.com')).toBe(buyer.buyerId)
    expect(await signsInTo(app, 'owner.two@example.com')).toBe('new account')
  })

  it('adds a first phone number the same way, telling the email', async () => {
    const { app } = setup()
    const { cookie, buyer } = await signIn(app, 'owner.three@example.com')
    expect((await requestChange(app, buyer.buyerId, cookie, '086-111-0003')).status).toBe(202)
    const code = await latestCode(app, '0861110003', 'identifier_change_code')
    const confirmed = await confirmChange(app, buyer.buyerId, cookie, '0861110003', code)
    expect(v.parse(buyerSchema, await confirmed.json())).toMatchObject({
      email: 'owner.three@example.com',
      phone: '0861110003',
    })
    const [notice] = await outboxMessages(app, 'owner.three@example.com')
    expect(notice).toMatchObject({ kind: 'identifier_changed' })
    expect(notice?.text).toContain('******0003')
    expect(await signsInTo(app, '0861110003')).toBe(buyer.buyerId)
  })
})

describe('the confirmation code', () => {
  it('works only for its buyer and its identifier, and never signs anyone in', async () => {
    const { app } = setup()
    const owner = await signIn(app, 'owner.four@example.com')
    const stranger = await signIn(app, 'stranger.four@example.com')
    expect((await requestChange(app, owner.buyer.buyerId, owner.cookie, 'new.four@example.com')).status).toBe(202)
    const code = await latestCode(app, 'new.four@example.com', 'identifier_change_code')

    // Not a sign-in code for the new address (even in a browser that asked for one).
    expect((await requestCode(app, 'new.four@example.com')).status).toBe(202)
    const signInWithIt = await signInAnswer(app, 'new.four@example.com', code)
    expect(signInWithIt.status).toBe(400)
    expect((await readErrorBody(signInWithIt)).error.code).toBe('invalid_code')

    // Not the stranger's, even for the same address after asking for it.
    expect((await requestChange(app, stranger.buyer.buyerId, stranger.cookie, 'new.four@example.com')).status).toBe(202)
    const strangerCode = await latestCode(app, 'new.four@example.com', 'identifier_change_code')
    const wrongBuyer = await confirmChange(
      app,
      stranger.buyer.buyerId,
      stranger.cookie,
      'new.four@example.com',
      code === strangerCode ? String((Number(code) + 1) % 1_000_000).padStart(6, '0') : code,
    )
    expect((await readErrorBody(wrongBuyer)).error.code).toBe('invalid_code')
    // Nor the owner's for another address, nor on the owner's account through the stranger's session.
    const otherAddress = await confirmChange(app, owner.buyer.buyerId, owner.cookie, 'other.four@example.com', code)
    expect((await readErrorBody(otherAddress)).error.code).toBe('invalid_code')
    const throughStranger = await confirmChange(app, owner.buyer.buyerId, stranger.cookie, 'new.four@example.com', code)
    expect(throughStranger.status).toBe(403)

    const confirmed = await confirmChange(app, owner.buyer.buyerId, owner.cookie, 'new.four@example.com', code)
    expect(confirmed.status).toBe(200)
    // Spent: it does not work twice.
    const again = await confirmChange(app, owner.buyer.buyerId, owner.cookie, 'new.four@example.com', code)
    expect((await readErrorBody(again)).error.code).toBe('invalid_code')
  })

  it('dies after 5 wrong tries and after 10 minutes', async () => {
    const { app, clock } = setup()
    const { cookie, buyer } = await signIn(app, 'owner.five@example.com')
    expect((await requestChange(app, buyer.buyerId, cookie, 'new.five@example.com')).status).toBe(202)
    const code = await latestCode(app, 'new.five@example.com', 'identifier_change_code')
    const wrong = code === '000000' ? '111111' : '000000'
    const codes: string[] = []
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await confirmChange(app, buyer.buyerId, cookie, 'new.five@example.com', wrong)
      codes.push((await readErrorBody(response)).error.code)
    }
    expect(codes).toEqual(['invalid_code', 'invalid_code', 'invalid_code', 'invalid_code', 'too_many_attempts'])
    const right = await confirmChange(app, buyer.buyerId, cookie, 'new.five@example.com', code)
    expect(right.status).toBe(429)
    expect((await readErrorBody(right)).error.code).toBe('too_many_attempts')
    expect((await readProfile(app, buyer.buyerId, cookie)).pendingIdentifiers).toEqual([])

    clock.advance(60 * 60 * 1000)
    expect((await requestChange(app, buyer.buyerId, cookie, 'new.five@example.com')).status).toBe(202)
    const fresh = await latestCode(app, 'new.five@example.com', 'identifier_change_code')
    clock.advance(10 * 60 * 1000)
    const late = await confirmChange(app, buyer.buyerId, cookie, 'new.five@example.com', fresh)
    expect((await readErrorBody(late)).error.code).toBe('code_expired')
    expect((await readProfile(app, buyer.buyerId, cookie)).email).toBe('owner.five@example.com')
  })

  it('cannot take an identifier another account claimed after the request', async () => {
    const { app } = setup()
    const { cookie, buyer } = await signIn(app, 'owner.six@example.com')
    expect((await requestChange(app, buyer.buyerId, cookie, 'contested.six@example.com')).status).toBe(202)
    const code = await latestCode(app, 'contested.six@example.com', 'identifier_change_code')
    // The real owner of the address registers meanwhile.
    const realOwner = await signIn(app, 'contested.six@example.com')
    expect(realOwner.isNewBuyer).toBe(true)

    const confirmed = await confirmChange(app, buyer.buyerId, cookie, 'contested.six@example.com', code)
    expect(confirmed.status).toBe(409)
    expect((await readErrorBody(confirmed)).error.code).toBe('identifier_taken')
    expect((await readProfile(app, buyer.buyerId, cookie)).email).toBe('owner.six@example.com')
    expect(await signsInTo(app, 'contested.six@example.com')).toBe(realOwner.buyer.buyerId)
  })

  it('lets only one of two buyers confirming the same address at once have it', async () => {
    const { app } = setup()
    const first = await signIn(app, 'first.seven@example.com')
    const second = await signIn(app, 'second.seven@example.com')
    expect((await requestChange(app, first.buyer.buyerId, first.cookie, 'race.seven@example.com')).status).toBe(202)
    const firstCode = await latestCode(app, 'race.seven@example.com', 'identifier_change_code')
    expect((await requestChange(app, second.buyer.buyerId, second.cookie, 'race.seven@example.com')).status).toBe(202)
    const secondCode = await latestCode(app, 'race.seven@example.com', 'identifier_change_code')

    const answers = await Promise.all([
      confirmChange(app, first.buyer.buyerId, first.cookie, 'race.seven@example.com', firstCode),
      confirmChange(app, second.buyer.buyerId, second.cookie, 'race.seven@example.com', secondCode),
    ])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
  })
})

describe('POST /api/buyers/{buyerId}/identifier-changes', () => {
  it('refuses malformed, unchanged and taken identifiers with their codes', async () => {
    const { app } = setup()
    await signIn(app, 'taken.eight@example.com')
    const { cookie, buyer } = await signIn(app, 'owner.eight@example.com')
    const cases: [unknown, number, string][] = [
      [{}, 400, 'invalid_request'],
      [{ identifier: 'somchai@' }, 400, 'invalid_identifier'],
      [{ identifier: 'OWNER.eight@example.com' }, 400, 'identifier_unchanged'],
      [{ identifier: 'taken.eight@example.com' }, 409, 'identifier_taken'],
    ]
    for (const [body, status, code] of cases) {
      const response = await app.request(
        `/api/buyers/${buyer.buyerId}/identifier-changes`,
        jsonRequest('POST', body, { Cookie: cookie }),
      )
      expect(response.status, JSON.stringify(body)).toBe(status)
      expect((await readErrorBody(response)).error.code).toBe(code)
    }
    expect(await outboxMessages(app, 'taken.eight@example.com')).toHaveLength(1)
  })

  it('sends at most 5 codes per buyer per hour, whatever the addresses', async () => {
    const { app, clock } = setup()
    const { cookie, buyer } = await signIn(app, 'owner.nine@example.com')
    for (let index = 0; index < 5; index += 1) {
      expect((await requestChange(app, buyer.buyerId, cookie, `target${index}.nine@example.com`)).status).toBe(202)
    }
    const refused = await requestChange(app, buyer.buyerId, cookie, 'target5.nine@example.com')
    expect(refused.status).toBe(429)
    const error = (await readErrorBody(refused)).error
    expect(error.code).toBe('too_many_codes')
    expect(error.details?.retryAfterSeconds).toBe(3600)
    expect(refused.headers.get('Retry-After')).toBe('3600')
    expect(await outboxMessages(app, 'target5.nine@example.com')).toEqual([])

    clock.advance(60 * 60 * 1000)
    expect((await requestChange(app, buyer.buyerId, cookie, 'target5.nine@example.com')).status).toBe(202)
  })

  it('counts refusals of a taken address toward those 5, so nobody can check addresses at will', async () => {
    const { app } = setup()
    const registered = ['one.eleven@example.com', 'two.eleven@example.com', '0861110011']
    for (const identifier of registered) await signIn(app, identifier)
    const { cookie, buyer } = await signIn(app, 'prober.eleven@example.com')
    const answers = []
    for (const identifier of [
      ...registered,
      'free.eleven@example.com',
      'one.eleven@example.com',
      'two.eleven@example.com',
    ]) {
      const response = await requestChange(app, buyer.buyerId, cookie, identifier)
      answers.push(response.status === 202 ? 202 : (await readErrorBody(response)).error.code)
    }
    // The sixth answer tells nothing about the address, and a pending change is not dropped by a refusal.
    expect(answers).toEqual([
      'identifier_taken',
      'identifier_taken',
      'identifier_taken',
      202,
      'identifier_taken',
      'too_many_codes',
    ])
    expect((await readProfile(app, buyer.buyerId, cookie)).pendingIdentifiers).toMatchObject([
      { kind: 'email', identifier: 'free.eleven@example.com' },
    ])
  })

  it('replaces the pending change of a kind, and DELETE drops it', async () => {
    const { app } = setup()
    const { cookie, buyer } = await signIn(app, 'owner.ten@example.com')
    expect((await requestChange(app, buyer.buyerId, cookie, 'first.ten@example.com')).status).toBe(202)
    const firstCode = await latestCode(app, 'first.ten@example.com', 'identifier_change_code')
    expect((await requestChange(app, buyer.buyerId, cookie, 'second.ten@example.com')).status).toBe(202)
    expect((await requestChange(app, buyer.buyerId, cookie, '0861110010')).status).toBe(202)
    expect((await readProfile(app, buyer.buyerId, cookie)).pendingIdentifiers.map((entry) => entry.identifier)).toEqual(
      ['second.ten@example.com', '0861110010'],
    )
    const replaced = await confirmChange(app, buyer.buyerId, cookie, 'first.ten@example.com', firstCode)
    expect((await readErrorBody(replaced)).error.code).toBe('invalid_code')

    const dropped = await app.request(`/api/buyers/${buyer.buyerId}/identifier-changes/email`, {
      method: 'DELETE',
      headers: { Cookie: cookie },
    })
    expect(dropped.status).toBe(204)
    expect((await readProfile(app, buyer.buyerId, cookie)).pendingIdentifiers.map((entry) => entry.kind)).toEqual([
      'phone',
    ])
    const secondCode = await latestCode(app, 'second.ten@example.com', 'identifier_change_code')
    const afterDrop = await confirmChange(app, buyer.buyerId, cookie, 'second.ten@example.com', secondCode)
    expect((await readErrorBody(afterDrop)).error.code).toBe('invalid_code')
    const badKind = await app.request(`/api/buyers/${buyer.buyerId}/identifier-changes/fax`, {
      method: 'DELETE',
      headers: { Cookie: cookie },
    })
    expect(badKind.status).toBe(400)
  })
})
