import { randomBytes } from 'node:crypto'
import { pino } from 'pino'
import { expect } from 'vitest'
import { idempotencyKeyHeader } from '#domain/contracts/cashback'
import type { OperatorRole } from '#domain/ops/operator'
import type { Database } from '#server/db/database'
import { createDemoAccountsConfig } from '#server/auth/accounts-config'
import type { AppOptions } from '#server/app'
import { createTestClock, jsonRequest, testAccountRateLimits, type TestClock } from '#server/test/accounts'
import { createTestApp, readErrorBody } from '#server/test/app'
import { createTestOperator, signInOperator } from '#server/test/operators'
import { createMemoryProofStorage } from '#server/test/proofs'

/**
 * An app for console API tests: one clock, proof pictures in memory, and a signed-in session per
 * operator role made on first use.
 */
export function createConsoleTestApp(
  database: Database,
  options: Partial<Omit<AppOptions, 'database' | 'accounts' | 'proofStorage'>> & { clock?: TestClock } = {},
) {
  const proofStorage = createMemoryProofStorage()
  const { clock = createTestClock(), ...appOptions } = options
  const app = createTestApp(database, {
    accounts: {
      ...createDemoAccountsConfig(database, pino({ level: 'silent' }), clock.now),
      rateLimits: testAccountRateLimits,
    },
    proofStorage,
    ...appOptions,
  })
  const cookies = new Map<OperatorRole, string>()

  async function cookieOf(role: OperatorRole): Promise<string> {
    const known = cookies.get(role)
    if (known !== undefined) return known
    const operator = await createTestOperator(database, role, clock.now())
    const { cookie } = await signInOperator(app, clock, operator)
    cookies.set(role, cookie)
    return cookie
  }

  async function get(path: string, role: OperatorRole = 'support'): Promise<Response> {
    return app.request(path, { headers: { Cookie: await cookieOf(role) } })
  }

  async function post(path: string, body: unknown, role: OperatorRole = 'support'): Promise<Response> {
    return app.request(
      path,
      jsonRequest('POST', body, {
        Cookie: await cookieOf(role),
        [idempotencyKeyHeader]: randomBytes(12).toString('hex'),
      }),
    )
  }

  /** Finance gets 403 `operator_forbidden`, no session 401 `operator_unauthenticated`. */
  async function expectSupportOnly(method: 'GET' | 'POST', path: string, body: unknown = {}) {
    const finance = method === 'GET' ? await get(path, 'finance') : await post(path, body, 'finance')
    expect(finance.status).toBe(403)
    expect((await readErrorBody(finance)).error.code).toBe('operator_forbidden')
    const anonymous = await app.request(
      path,
      method === 'GET' ? {} : jsonRequest('POST', body, { [idempotencyKeyHeader]: randomBytes(12).toString('hex') }),
    )
    expect(anonymous.status).toBe(401)
    expect((await readErrorBody(anonymous)).error.code).toBe('operator_unauthenticated')
  }

  return { app, clock, proofStorage, cookieOf, get, post, expectSupportOnly }
}
