import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { balanceSyncResponseSchema, buyerSchema } from '#domain/contracts/buyer'
import { storedProfileSchema } from '#domain/contracts/profile'
import { setBuyerStatus } from '#server/buyers/buyer-records'
import { createAccountsTestApp, jsonRequest, signIn } from '#server/test/accounts'
import { readErrorBody } from '#server/test/app'
import { createTestDatabase, type TestDatabase } from '#server/test/database'

let testDatabase: TestDatabase
beforeAll(async () => {
  testDatabase = await createTestDatabase()
})
afterAll(() => testDatabase.dispose())

const validProfile = {
  firstName: 'สมชาย',
  lastName: 'ใจดี',
  age: 34,
  gender: 'male',
  email: 'somchai.profile@example.co.th',
  phone: '0823456789',
  birthDate: '1992-03-01',
  phoneOrIdNumber: '1101700203557',
}

function setup() {
  return createAccountsTestApp(testDatabase.connection.database)
}

/** Every buyer-scoped endpoint of buyer-routes.ts (cashback-routes.test.ts has the cashback ones). */
function buyerScopedRequests(buyerId: string): [string, string, RequestInit][] {
  return [
    ['GET buyer', `/api/buyers/${buyerId}`, {}],
    ['GET balance', `/api/buyers/${buyerId}/sync/balance?currency=THB`, {}],
    ['GET profile', `/api/buyers/${buyerId}/profile`, {}],
    ['PUT profile', `/api/buyers/${buyerId}/profile`, jsonRequest('PUT', validProfile)],
    [
      'POST identifier change',
      `/api/buyers/${buyerId}/identifier-changes`,
      jsonRequest('POST', { identifier: 'somchai.new@example.co.th' }),
    ],
    [
      'POST identifier change confirmation',
      `/api/buyers/${buyerId}/identifier-changes/confirmations`,
      jsonRequest('POST', { identifier: 'somchai.new@example.co.th', code: '123456' }),
    ],
    ['DELETE identifier change', `/api/buyers/${buyerId}/identifier-changes/email`, { method: 'DELETE' }],
  ]
}

function withCookie(init: RequestInit, cookie: string): RequestInit {
  return { ...init, headers: { ...(init.headers as Record<string, string> | undefined), Cookie: cookie } }
}

describe('access matrix', () => {
  it("refuses buyer A every buyer-scoped endpoint with buyer B's id (403), and anonymous callers (401)", async () => {
    const { app } = setup()
    const buyerA = await signIn(app, 'buyer.a@example.com')
    const buyerB = await signIn(app, 'buyer.b@example.com')

    for (const [label, path, init] of [
      ...buyerScopedRequests(buyerB.buyer.buyerId),
      // Ids that are not ids at all are refused the same way, without a hint.
      ...buyerScopedRequests('not-a-buyer-id'),
      ...buyerScopedRequests(buyerB.buyer.buyerId.toUpperCase()),
    ]) {
      const asA = await app.request(path, withCookie(init, buyerA.cookie))
      expect(asA.status, `${label} ${path} as A`).toBe(403)
      expect((await readErrorBody(asA)).error.code).toBe('forbidden')

      const anonymous = await app.request(path, init)
      expect(anonymous.status, `${label} ${path} anonymous`).toBe(401)
      expect((await readErrorBody(anonymous)).error.code).toBe('unauthenticated')
    }

    // B's data is untouched and B still sees it.
    const asB = await app.request(`/api/buyers/${buyerB.buyer.buyerId}`, { headers: { Cookie: buyerB.cookie } })
    expect(asB.status).toBe(200)
    expect(await asB.json()).toMatchObject({ firstName: null, email: 'buyer.b@example.com' })

    for (const [label, path, init] of buyerScopedRequests(buyerA.buyer.buyerId)) {
      const own = await app.request(path, withCookie(init, buyerA.cookie))
      // A confirmation with a made-up code is A's own request, refused for the code.
      expect(own.status, `${label} as A on A`).toBe(
        label === 'POST identifier change'
          ? 202
          : label.endsWith('confirmation')
            ? 400
            : label.startsWith('DELETE')
              ? 204
              : 200,
      )
    }
  })
})

describe('suspended buyers', () => {
  it('are refused member endpoints with buyer_suspended, but still see their session', async () => {
    const { app } = setup()
    const { cookie, buyer } = await signIn(app, 'to.suspend@example.com')
    await setBuyerStatus(testDatabase.connection.database, {
      buyerId: buyer.buyerId,
      status: 'suspended',
      reason: 'Negative wallet',
      actor: 'test',
    })

    for (const [label, path, init] of buyerScopedRequests(buyer.buyerId)) {
      const response = await app.request(path, withCookie(init, cookie))
      expect(response.status, label).toBe(403)
      expect((await readErrorBody(response)).error.code).toBe('buyer_suspended')
    }
    const session = await app.request('/api/auth/session', { headers: { Cookie: cookie } })
    expect(session.status).toBe(200)
    expect(await session.json()).toMatchObject({ buyer: { status: 'suspended', suspendedReason: 'Negative wallet' } })

    // A suspended buyer can still sign in (to be shown /ban) and sign out.
    const again = await signIn(app, 'to.suspend@example.com')
    expect(again.buyer.status).toBe('suspended')
    expect((await app.request('/api/auth/sessions', { method: 'DELETE', headers: { Cookie: cookie } })).status).toBe(
      204,
    )

    await setBuyerStatus(testDatabase.connection.database, {
      buyerId: buyer.buyerId,
      status: 'active',
      reason: 'Paid back',
      actor: 'test',
    })
    const reinstated = await signIn(app, 'to.suspend@example.com')
    expect((await app.request(`/api/buyers/${buyer.buyerId}`, { headers: { Cookie: reinstated.cookie } })).status).toBe(
      200,
    )
  })
})

describe('buyer state', () => {
  it('answers the buyer, the balance sync and the profile in the contract shapes', async () => {
    const { app } = setup()
    const { cookie, buyer } = await signIn(app, '0834567890')
    const headers = { Cookie: cookie }

    const fetched = v.parse(buyerSchema, await (await app.request(`/api/buyers/${buyer.buyerId}`, { headers })).json())
    expect(fetched).toEqual(buyer)
    expect(fetched.balance[0]).toEqual({ currency: 'THB', amount: 0 })

    const balance = await app.request(`/api/buyers/${buyer.buyerId}/sync/balance?currency=THB`, { headers })
    // No decided purchase yet: nothing lost, 100 (domain/cashback/rating.ts).
    expect(v.parse(balanceSyncResponseSchema, await balance.json())).toEqual({
      rating: 100,
      balance: [{ currency: 'THB', amount: 0 }],
    })
    expect((await app.request(`/api/buyers/${buyer.buyerId}/sync/balance`, { headers })).status).toBe(200)
    const usd = await app.request(`/api/buyers/${buyer.buyerId}/sync/balance?currency=USD`, { headers })
    expect(usd.status).toBe(400)

    const profile = await app.request(`/api/buyers/${buyer.buyerId}/profile`, { headers })
    expect(v.parse(storedProfileSchema, await profile.json())).toEqual({
      firstName: null,
      lastName: null,
      age: null,
      gender: null,
      email: null,
      phone: '0834567890',
      birthDate: null,
      phoneOrIdNumber: null,
      pendingIdentifiers: [],
    })
    expect(balance.headers.get('Cache-Control')).toBe('no-store')
  })
})

describe('PUT /api/buyers/{buyerId}/profile', () => {
  it('saves a valid profile idempotently and answers the buyer, keeping the sign-in identifiers', async () => {
    const { app } = setup()
    const { cookie, buyer } = await signIn(app, 'profile.saver@example.com')
    const put = () =>
      app.request(
        `/api/buyers/${buyer.buyerId}/profile`,
        jsonRequest(
          'PUT',
          { ...validProfile, email: 'Saver@Example.co.th', phone: '+66 82 999 6789' },
          { Cookie: cookie },
        ),
      )
    for (let time = 0; time < 2; time += 1) {
      const response = await put()
      expect(response.status).toBe(200)
      expect(v.parse(buyerSchema, await response.json())).toMatchObject({
        buyerId: buyer.buyerId,
        firstName: 'สมชาย',
        lastName: 'ใจดี',
        // A new email or phone needs its code first (identifier-changes.test.ts).
        email: 'profile.saver@example.com',
        phone: null,
      })
    }
    const stored = await app.request(`/api/buyers/${buyer.buyerId}/profile`, { headers: { Cookie: cookie } })
    expect(await stored.json()).toEqual({
      ...validProfile,
      email: 'profile.saver@example.com',
      phone: null,
      pendingIdentifiers: [],
    })

    // The typed email does not sign in to this buyer.
    const bySavedEmail = await signIn(app, 'saver@example.co.th')
    expect(bySavedEmail.buyer.buyerId).not.toBe(buyer.buyerId)
    expect(bySavedEmail.isNewBuyer).toBe(true)
  })

  it('answers a reason code per field', async () => {
    const { app } = setup()
    const { cookie, buyer } = await signIn(app, 'profile.checker@example.com')
    const response = await app.request(
      `/api/buyers/${buyer.buyerId}/profile`,
      jsonRequest(
        'PUT',
        {
          firstName: '',
          age: 17,
          gender: 'robot',
          email: 'not-an-email',
          phone: '021234567',
          phoneOrIdNumber: '1101700203558',
        },
        { Cookie: cookie },
      ),
    )
    expect(response.status).toBe(400)
    const error = (await readErrorBody(response)).error
    expect(error.code).toBe('invalid_request')
    expect(error.details?.fields).toEqual({
      firstName: 'required',
      lastName: 'required',
      age: 'under_18',
      gender: 'invalid_gender',
      email: 'invalid_email',
      phone: 'invalid_phone',
      phoneOrIdNumber: 'invalid_id_number',
    })
  })

  it("does not tell whether another buyer has an email or phone (and keeps the buyer's own)", async () => {
    const { app } = setup()
    await signIn(app, 'owner@example.com')
    await signIn(app, '0845678901')
    const { cookie, buyer } = await signIn(app, 'taker@example.com')
    const response = await app.request(
      `/api/buyers/${buyer.buyerId}/profile`,
      jsonRequest('PUT', { ...validProfile, email: 'OWNER@example.com', phone: '0845678901' }, { Cookie: cookie }),
    )
    expect(response.status).toBe(200)
    expect(v.parse(buyerSchema, await response.json())).toMatchObject({ email: 'taker@example.com', phone: null })
  })
})
