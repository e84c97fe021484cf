import { eq } from 'drizzle-orm'
import pg from 'pg'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signInResponseSchema } from '#domain/contracts/auth'
import type { AccountRateLimits } from '#server/auth/rate-limits'
import { rateLimitCounters } from '#server/db/schema'
import { toLimitKey } from '#server/http/client-address'
import { createRateLimitCounters } from '#server/http/rate-limit-store'
import {
  createAccountsTestApp,
  createTestClock,
  jsonRequest,
  outboxMessages,
  sessionCookieOf,
  signInCodeCookieOf,
  testAccountRateLimits,
} from '#server/test/accounts'
import { readErrorBody } from '#server/test/app'
import { createTestDatabase, testDatabaseUrl, type TestDatabase } from '#server/test/database'

let testDatabase: TestDatabase
beforeAll(async () => {
  testDatabase = await createTestDatabase()
})
afterAll(() => testDatabase.dispose())

const strangerAddress = '203.0.113.9'
const ownerAddress = '198.51.100.7'

/** Behind one trusted proxy: `X-Forwarded-For` names the client. */
function setup(rateLimits: Partial<AccountRateLimits> = {}, options: { trustedProxyHops?: number } = {}) {
  return createAccountsTestApp(testDatabase.connection.database, {
    accounts: {
      rateLimits: { ...testAccountRateLimits, ...rateLimits },
      trustedProxyHops: options.trustedProxyHops ?? 1,
    },
  })
}

type App = ReturnType<typeof setup>['app']

function askCode(app: App, identifier: string, from: string) {
  return app.request('/api/auth/codes', jsonRequest('POST', { identifier }, { 'X-Forwarded-For': from }))
}

function signInWith(app: App, identifier: string, code: string, from: string) {
  return app.request(
    '/api/auth/sessions',
    jsonRequest('POST', { identifier, code, acceptTerms: true }, { 'X-Forwarded-For': from }),
  )
}

type Browser = {
  askCode(identifier: string): Promise<Response>
  signIn(identifier: string, code: string): Promise<Response>
  readonly cookie: string | undefined
}

/**
 * One browser on the network `from`: keeps the sign-in cookie its code requests get and sends
 * it back, as a browser does (`askCode` and `signInWith` above are requests without it).
 * `sameAs` carries another browser's cookie over (the same browser on another app instance).
 */
function browser(app: App, from: string, sameAs?: Browser): Browser {
  let cookie = sameAs?.cookie
  const headers = () => ({ 'X-Forwarded-For': from, ...(cookie === undefined ? {} : { Cookie: cookie }) })
  return {
    async askCode(identifier) {
      const response = await app.request('/api/auth/codes', jsonRequest('POST', { identifier }, headers()))
      cookie = signInCodeCookieOf(response) ?? cookie
      return response
    },
    async signIn(identifier, code) {
      return app.request('/api/auth/sessions', jsonRequest('POST', { identifier, code, acceptTerms: true }, headers()))
    },
    get cookie() {
      return cookie
    },
  }
}

async function codesSentTo(app: App, identifier: string): Promise<string[]> {
  return (await outboxMessages(app, identifier)).flatMap((message) => (message.code === null ? [] : [message.code]))
}

describe('a stranger asking codes for someone else', () => {
  it('cannot use up the allowance the owner has on their own network', async () => {
    const { app } = setup()
    for (let index = 0; index < 5; index += 1) {
      expect((await askCode(app, 'victim.a@example.com', strangerAddress)).status).toBe(202)
    }
    const refused = await askCode(app, 'victim.a@example.com', strangerAddress)
    expect(refused.status).toBe(429)
    expect((await readErrorBody(refused)).error).toMatchObject({
      code: 'too_many_codes',
      details: { retryAfterSeconds: 3600 },
    })
    expect(refused.headers.get('Retry-After')).toBe('3600')

    expect((await askCode(app, 'victim.a@example.com', ownerAddress)).status).toBe(202)
  })

  it("does not touch the owner's code: a request without its cookie makes a new one", async () => {
    const { app } = setup()
    const owner = browser(app, ownerAddress)
    expect((await owner.askCode('victim.b@example.com')).status).toBe(202)
    const [ownerCode] = await codesSentTo(app, 'victim.b@example.com')
    // The stranger's request never re-sends the owner's code: the owner's mailbox gets a new one.
    const stranger = browser(app, strangerAddress)
    expect((await stranger.askCode('victim.b@example.com')).status).toBe(202)
    const [strangerCode] = await codesSentTo(app, 'victim.b@example.com')
    expect(strangerCode).not.toBe(ownerCode)

    const signedIn = await owner.signIn('victim.b@example.com', ownerCode ?? '')
    expect(signedIn.status).toBe(200)
    // One sign-in spends every open code of the identifier.
    const withStrangers = await stranger.signIn('victim.b@example.com', strangerCode ?? '')
    expect((await readErrorBody(withStrangers)).error.code).toBe('invalid_code')
  })

  it('cannot spend the tries of the code the owner is typing', async () => {
    const { app } = setup()
    const owner = browser(app, ownerAddress)
    expect((await owner.askCode('victim.k@example.com')).status).toBe(202)
    const [ownerCode = ''] = await codesSentTo(app, 'victim.k@example.com')
    const wrong = ['000000', '111111', '222222', '333333', '444444', '555555'].filter((code) => code !== ownerCode)

    // Without the owner's cookie nothing is counted, whatever is typed (the right code too).
    const cookieless = browser(app, strangerAddress)
    const answers = []
    for (const code of [...wrong, ownerCode]) {
      const answer = await cookieless.signIn('victim.k@example.com', code)
      answers.push(`${answer.status} ${(await readErrorBody(answer)).error.code}`)
    }
    expect(new Set(answers)).toEqual(new Set(['400 code_requested_elsewhere']))

    // With a code of their own, the stranger's guesses count against that code only.
    const stranger = browser(app, strangerAddress)
    expect((await stranger.askCode('victim.k@example.com')).status).toBe(202)
    const [strangerCode] = await codesSentTo(app, 'victim.k@example.com')
    const guesses = []
    for (const code of wrong.filter((code) => code !== strangerCode).slice(0, 5)) {
      guesses.push((await readErrorBody(await stranger.signIn('victim.k@example.com', code))).error.code)
    }
    expect(guesses).toEqual(['invalid_code', 'invalid_code', 'invalid_code', 'invalid_code', 'too_many_attempts'])

    expect((await owner.signIn('victim.k@example.com', ownerCode)).status).toBe(200)
  })

  it('asking again from the same browser sends the same code; from another browser, a new one', async () => {
    const { app } = setup()
    const owner = browser(app, ownerAddress)
    expect((await owner.askCode('victim.l@example.com')).status).toBe(202)
    expect((await owner.askCode('victim.l@example.com')).status).toBe(202)
    const [again, first] = await codesSentTo(app, 'victim.l@example.com')
    expect(again).toBe(first)
    // The owner's other device on the same network.
    const tablet = browser(app, ownerAddress)
    expect((await tablet.askCode('victim.l@example.com')).status).toBe(202)
    const [tablets] = await codesSentTo(app, 'victim.l@example.com')
    expect(tablets).not.toBe(first)
    expect((await owner.signIn('victim.l@example.com', first ?? '')).status).toBe(200)
  })

  it('near the end of a code, makes a new one for the same browser', async () => {
    const { app, clock } = setup()
    const owner = browser(app, ownerAddress)
    expect((await owner.askCode('victim.c@example.com')).status).toBe(202)
    const [first] = await codesSentTo(app, 'victim.c@example.com')
    clock.advance(8 * 60_000)
    expect((await owner.askCode('victim.c@example.com')).status).toBe(202)
    const [second] = await codesSentTo(app, 'victim.c@example.com')
    expect(second).not.toBe(first)
    expect((await owner.signIn('victim.c@example.com', second ?? '')).status).toBe(200)
  })

  it('after AUTH_SECRET changed, asking again makes a new code instead of sending one that no longer matches', async () => {
    const clock = createTestClock()
    const before = createAccountsTestApp(testDatabase.connection.database, {
      clock,
      accounts: { rateLimits: testAccountRateLimits, trustedProxyHops: 1 },
    }).app
    const after = createAccountsTestApp(testDatabase.connection.database, {
      clock,
      accounts: {
        rateLimits: testAccountRateLimits,
        trustedProxyHops: 1,
        authSecret: 'rotated-secret-4Qm8Zt2Lw6Xp0Rv9',
      },
    }).app
    const owner = browser(before, ownerAddress)
    expect((await owner.askCode('rotated.m@example.com')).status).toBe(202)
    clock.advance(60_000)
    const rotated = browser(after, ownerAddress, owner)
    expect((await rotated.askCode('rotated.m@example.com')).status).toBe(202)
    const [code] = await codesSentTo(after, 'rotated.m@example.com')
    expect((await rotated.signIn('rotated.m@example.com', code ?? '')).status).toBe(200)
  })
})

describe('per-address and overall limits', () => {
  it('stop one address asking codes for many identifiers, and say how long to wait', async () => {
    const { app, clock } = setup({ signInCodesPerAddress: { limit: 3, windowSeconds: 15 * 60 } })
    const bomber = '203.0.113.21'
    for (let index = 0; index < 3; index += 1) {
      expect((await askCode(app, `bombed${index}.e@example.com`, bomber)).status).toBe(202)
    }
    const refused = await askCode(app, 'bombed3.e@example.com', bomber)
    expect(refused.status).toBe(429)
    expect((await readErrorBody(refused)).error).toMatchObject({
      code: 'too_many_requests',
      details: { retryAfterSeconds: 15 * 60 },
    })
    expect(refused.headers.get('Retry-After')).toBe(String(15 * 60))
    expect(await outboxMessages(app, 'bombed3.e@example.com')).toEqual([])

    // Another address is not held up; the same one is again after the window.
    expect((await askCode(app, 'bombed3.e@example.com', '198.51.100.21')).status).toBe(202)
    clock.advance(15 * 60_000)
    expect((await askCode(app, 'bombed4.e@example.com', bomber)).status).toBe(202)
  })

  it('cap codes from everyone together', async () => {
    const { app, clock } = setup({ signInCodesOverall: { limit: 3, windowSeconds: 60 } })
    // A minute no other test of this file counted in.
    clock.advance(24 * 60 * 60_000)
    for (let index = 0; index < 3; index += 1) {
      expect((await askCode(app, `many${index}.f@example.com`, `192.0.2.${index + 1}`)).status).toBe(202)
    }
    const refused = await askCode(app, 'many3.f@example.com', '192.0.2.99')
    expect(refused.status).toBe(429)
    expect((await readErrorBody(refused)).error).toMatchObject({
      code: 'too_many_requests',
      details: { retryAfterSeconds: 60 },
    })
  })

  it('count toward everyone only requests about to send a code: junk and refused ones cannot shut codes off', async () => {
    const { app, clock } = setup({ signInCodesOverall: { limit: 7, windowSeconds: 60 } })
    clock.advance(2 * 24 * 60 * 60_000)
    // Malformed bodies from many addresses are refused for what they are, and count nowhere.
    for (let index = 0; index < 20; index += 1) {
      const junk = await app.request(
        '/api/auth/codes',
        jsonRequest('POST', {}, { 'X-Forwarded-For': `192.0.2.${index + 100}` }),
      )
      expect(junk.status).toBe(400)
    }
    // One identifier asked for too often: the refusals count neither.
    const flooder = '198.51.100.60'
    const answers = []
    for (let index = 0; index < 10; index += 1) {
      answers.push((await askCode(app, 'flooded.n@example.com', flooder)).status)
    }
    expect(answers).toEqual([202, 202, 202, 202, 202, 429, 429, 429, 429, 429])
    expect((await askCode(app, 'someone.n@example.com', '198.51.100.61')).status).toBe(202)
    expect((await askCode(app, 'someone.n@example.com', '198.51.100.62')).status).toBe(202)
    const refused = await askCode(app, 'someone.n@example.com', '198.51.100.63')
    expect((await readErrorBody(refused)).error.code).toBe('too_many_requests')
  })

  it('count identifier-change codes on the per-identifier and overall counts of sign-in codes', async () => {
    const { app, clock } = setup({
      signInCodesPerIdentifier: { limit: 2, windowSeconds: 60 * 60 },
      signInCodesOverall: { limit: 4, windowSeconds: 60 },
    })
    clock.advance(3 * 24 * 60 * 60_000)
    // An address of its own: this test's clock is days ahead, so its counts would outlive it.
    const changerAddress = '198.51.100.70'
    const owner = browser(app, changerAddress)
    expect((await owner.askCode('changer.o@example.com')).status).toBe(202)
    const [code] = await codesSentTo(app, 'changer.o@example.com')
    const signedIn = await owner.signIn('changer.o@example.com', code ?? '')
    const cookie = sessionCookieOf(signedIn) ?? ''
    const { buyer } = v.parse(signInResponseSchema, await signedIn.json())
    const changeTo = (identifier: string) =>
      app.request(
        `/api/buyers/${buyer.buyerId}/identifier-changes`,
        jsonRequest('POST', { identifier }, { Cookie: cookie, 'X-Forwarded-For': changerAddress }),
      )
    const answerOf = async (response: Response) =>
      response.status === 202 ? 202 : (await readErrorBody(response)).error.code

    // Two sign-in codes to an address from two networks: a buyer can send it no more.
    clock.advance(2 * 60_000)
    expect((await askCode(app, 'target.o@example.com', '192.0.2.31')).status).toBe(202)
    expect((await askCode(app, 'target.o@example.com', '192.0.2.32')).status).toBe(202)
    expect(await answerOf(await changeTo('target.o@example.com'))).toBe('too_many_codes')
    // And the other way round: two change codes to an address leave no sign-in code for it.
    expect(await answerOf(await changeTo('other.o@example.com'))).toBe(202)
    clock.advance(2 * 60_000)
    expect(await answerOf(await changeTo('other.o@example.com'))).toBe(202)
    expect(await answerOf(await askCode(app, 'other.o@example.com', '192.0.2.33'))).toBe('too_many_codes')

    // Everyone's count: 4 codes a minute, change codes included (the buyer's own 5 an hour are not reached).
    clock.advance(2 * 60_000)
    for (const identifier of ['a.o@example.com', 'b.o@example.com']) {
      expect(await answerOf(await changeTo(identifier))).toBe(202)
    }
    expect(await answerOf(await askCode(app, 'c.o@example.com', '192.0.2.34'))).toBe(202)
    expect(await answerOf(await askCode(app, 'd.o@example.com', '192.0.2.35'))).toBe(202)
    expect(await answerOf(await changeTo('e.o@example.com'))).toBe('too_many_requests')
  })

  it('limit sign-in tries per address', async () => {
    const { app } = setup({ signInAttemptsPerAddress: { limit: 3, windowSeconds: 15 * 60 } })
    const codes = []
    for (let index = 0; index < 4; index += 1) {
      const answer = await signInWith(app, `guessed${index}.g@example.com`, '123456', '203.0.113.31')
      codes.push((await readErrorBody(answer)).error.code)
    }
    expect(codes).toEqual([
      'code_requested_elsewhere',
      'code_requested_elsewhere',
      'code_requested_elsewhere',
      'too_many_requests',
    ])
  })

  it('limit identifier-change codes per address', async () => {
    const { app } = setup({ identifierChangeCodesPerAddress: { limit: 2, windowSeconds: 15 * 60 } })
    const owner = browser(app, ownerAddress)
    expect((await owner.askCode('changer.h@example.com')).status).toBe(202)
    const [code] = await codesSentTo(app, 'changer.h@example.com')
    const signedIn = await owner.signIn('changer.h@example.com', code ?? '')
    const cookie = sessionCookieOf(signedIn) ?? ''
    const { buyer } = v.parse(signInResponseSchema, await signedIn.json())
    const statuses = []
    for (let index = 0; index < 3; index += 1) {
      const answer = await app.request(
        `/api/buyers/${buyer.buyerId}/identifier-changes`,
        jsonRequest(
          'POST',
          { identifier: `target${index}.h@example.com` },
          { Cookie: cookie, 'X-Forwarded-For': ownerAddress },
        ),
      )
      statuses.push(answer.status === 429 ? (await readErrorBody(answer)).error.code : answer.status)
    }
    expect(statuses).toEqual([202, 202, 'too_many_requests'])
  })
})

describe('the client address', () => {
  it('ignores X-Forwarded-For unless a proxy is trusted, and then takes the entry the proxy added', async () => {
    const untrusting = setup({ signInCodesPerAddress: { limit: 2, windowSeconds: 60 } }, { trustedProxyHops: 0 })
    const forged = ['192.0.2.10', '192.0.2.11', '192.0.2.12']
    const statuses = []
    for (const [index, address] of forged.entries()) {
      statuses.push(
        (
          await untrusting.app.request(
            '/api/auth/codes',
            jsonRequest('POST', { identifier: `forger${index}.i@example.com` }, { 'X-Forwarded-For': address }),
            // What @hono/node-server passes: the socket the request came on.
            { incoming: { socket: { remoteAddress: '::ffff:203.0.113.50' } } },
          )
        ).status,
      )
    }
    expect(statuses).toEqual([202, 202, 429])

    // Behind one proxy, what the client put further left is not believed either.
    const trusting = setup({ signInCodesPerAddress: { limit: 1, windowSeconds: 60 } }, { trustedProxyHops: 1 })
    const first = await askCode(trusting.app, 'proxied0.i@example.com', '192.0.2.20, 203.0.113.41')
    const second = await askCode(trusting.app, 'proxied1.i@example.com', '192.0.2.21, 203.0.113.41')
    expect([first.status, second.status]).toEqual([202, 429])
  })

  it('counts an IPv6 /64 as one address', () => {
    expect(toLimitKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64')
    expect(toLimitKey('2001:db8:1:2::ffff')).toBe('2001:db8:1:2::/64')
    expect(toLimitKey('2001:db8::1')).toBe('2001:db8:0:0::/64')
    expect(toLimitKey('::ffff:203.0.113.7')).toBe('203.0.113.7')
    expect(toLimitKey('203.0.113.7')).toBe('203.0.113.7')
  })
})

describe('across server processes', () => {
  it('two app instances on one database share every count', async () => {
    const clock = createTestClock()
    const rateLimits = {
      ...testAccountRateLimits,
      signInCodesPerAddress: { limit: 4, windowSeconds: 15 * 60 },
    }
    const [first, second] = [1, 2].map(
      () =>
        createAccountsTestApp(testDatabase.connection.database, {
          clock,
          accounts: { rateLimits, trustedProxyHops: 1 },
        }).app,
    )
    if (first === undefined || second === undefined) throw new Error('two apps expected')
    const statuses = []
    for (const [index, app] of [first, second, first, second, first, second].entries()) {
      statuses.push((await askCode(app, `spread${index}.j@example.com`, '192.0.2.77')).status)
    }
    expect(statuses).toEqual([202, 202, 202, 202, 429, 429])

    // The per-identifier-and-address allowance too.
    const [third, fourth] = [1, 2].map(
      () => createAccountsTestApp(testDatabase.connection.database, { clock, accounts: { trustedProxyHops: 1 } }).app,
    )
    if (third === undefined || fourth === undefined) throw new Error('two apps expected')
    const perIdentifier = []
    for (const app of [third, fourth, third, fourth, third, fourth]) {
      perIdentifier.push((await askCode(app, 'shared.j@example.com', '192.0.2.78')).status)
    }
    expect(perIdentifier).toEqual([202, 202, 202, 202, 202, 429])
  })

  it('parallel requests each get a distinct count, so none slips past the limit', async () => {
    const clock = createTestClock()
    const counters = createRateLimitCounters(testDatabase.connection.database, clock.now)
    const hits = await Promise.all(Array.from({ length: 8 }, () => counters.hit('test:parallel', 60_000)))
    expect(hits.map((hit) => hit.totalHits).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8])

    // An expired window starts again at 1, and expired rows are cleaned up.
    await counters.hit('test:expiring', 1000)
    clock.advance(2 * 60_000)
    expect((await counters.hit('test:parallel', 60_000)).totalHits).toBe(1)
    const left = await testDatabase.connection.database
      .select()
      .from(rateLimitCounters)
      .where(eq(rateLimitCounters.key, 'test:expiring'))
    expect(left).toEqual([])
  })

  // Another process's session holding a row needs a second connection: PostgreSQL only.
  it.skipIf(testDatabaseUrl === undefined)(
    "cleans up without waiting on rows another process's session holds",
    async () => {
      const url = testDatabase.url
      if (url === undefined) return
      const clock = createTestClock()
      const counters = createRateLimitCounters(testDatabase.connection.database, clock.now)
      await counters.hit('test:held', 1000)
      await counters.hit('test:free', 1000)
      clock.advance(2 * 60_000)
      const other = new pg.Client({ connectionString: url })
      await other.connect()
      try {
        await other.query('begin')
        await other.query(`select * from rate_limit_counters where key = 'test:held' for update`)
        const started = performance.now()
        expect((await counters.hit('test:trigger', 60_000)).totalHits).toBe(1)
        expect(performance.now() - started).toBeLessThan(2_000)
        await other.query('commit')
      } finally {
        await other.end()
      }
      const keys = (await testDatabase.connection.database.select().from(rateLimitCounters)).map((row) => row.key)
      expect(keys).toContain('test:held')
      expect(keys).not.toContain('test:free')
    },
  )
})
