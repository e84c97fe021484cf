import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OperatorRole } from '#domain/ops/operator'
import { createAccountsTestApp, jsonRequest, signIn } from '#server/test/accounts'
import { createTestDatabase, type TestDatabase } from '#server/test/database'
import { createTestOperator, signInOperator } from '#server/test/operators'

/**
 * Every console route with every kind of caller (issue 14): no session, a shopper's session, and
 * an operator of each role. A route missing from `access` fails the test, so a new route cannot
 * be added without saying who may use it.
 */
type Access = 'public' | readonly OperatorRole[]

const everyRole = ['support', 'finance', 'admin'] as const

const access: Record<string, Access> = {
  'POST /api/ops/auth/codes': 'public',
  'POST /api/ops/auth/codes/verify': 'public',
  'POST /api/ops/auth/second-factor': 'public',
  'POST /api/ops/auth/sign-out': 'public',
  'POST /api/ops/auth/sign-out-everywhere': everyRole,
  'GET /api/ops/me': everyRole,
  'GET /api/ops/today': everyRole,
  'GET /api/ops/review-list': ['support'],
  'GET /api/ops/buyers': ['support'],
  'GET /api/ops/buyers/{buyerId}': ['support'],
  'POST /api/ops/buyers/{buyerId}/suspend': ['support'],
  'POST /api/ops/buyers/{buyerId}/reinstate': ['support'],
  'GET /api/ops/transactions': ['support'],
  'GET /api/ops/transactions/{transactionId}': ['support'],
  'POST /api/ops/transactions/{transactionId}/decision': ['support'],
  'GET /api/ops/conversions/unmatched': ['support'],
  'POST /api/ops/conversions/{id}/match': ['support'],
  'POST /api/ops/conversions/{id}/dismiss': ['support'],
  'GET /api/ops/proofs': ['support'],
  'GET /api/ops/proofs/{transactionId}': ['support'],
  'GET /api/ops/proofs/{proofId}/picture': ['support'],
  'POST /api/ops/proofs/{transactionId}/review': ['support'],
  'GET /api/ops/withdrawals': ['finance'],
  'GET /api/ops/withdrawals/export': ['finance'],
  'GET /api/ops/withdrawals/{id}': ['finance'],
  'POST /api/ops/withdrawals/{id}/status': ['finance'],
  'GET /api/ops/settings': ['finance'],
  'PUT /api/ops/settings/fixed-rates': ['finance'],
  'PUT /api/ops/settings/maintenance': ['finance'],
  'POST /api/ops/settings/bank-holidays': ['finance'],
  'DELETE /api/ops/settings/bank-holidays/{date}': ['finance'],
  'GET /api/ops/operators': ['admin'],
  'POST /api/ops/operators': ['admin'],
  'PATCH /api/ops/operators/{id}': ['admin'],
  'GET /api/ops/audit': everyRole,
  'GET /api/ops/support/conversations': ['support'],
  'GET /api/ops/support/conversations/{conversationId}': ['support'],
  'GET /api/ops/support/conversations/{conversationId}/messages': ['support'],
  'POST /api/ops/support/conversations/{conversationId}/messages': ['support'],
  'POST /api/ops/support/conversations/{conversationId}/read': ['support'],
  'POST /api/ops/support/conversations/{conversationId}/status': ['support'],
  'GET /api/ops/support/attachments/{attachmentId}/image': ['support'],
  'GET /api/ops/support/events': ['support'],
}

let testDatabase: TestDatabase
beforeAll(async () => {
  testDatabase = await createTestDatabase()
})
afterAll(() => testDatabase.dispose())

const openApiSchema = v.object({ paths: v.record(v.string(), v.record(v.string(), v.unknown())) })

/** A path of the document with made-up ids: well-formed or not, the role check comes first. */
function concretePath(path: string): string {
  return path.replace(/\{[^}]+\}/g, 'op_0000000000000000')
}

describe('console access', () => {
  it('lets each route be used by its roles only, and by no shopper or stranger', async () => {
    const { app, clock } = createAccountsTestApp(testDatabase.connection.database)
    const document = v.parse(openApiSchema, await (await app.request('/api/openapi.json')).json())
    const routes = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/ops/'))
      .flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`))
    expect(routes.sort()).toEqual(Object.keys(access).sort())

    const shopper = await signIn(app, `access.matrix.${process.pid}@example.co.th`)
    const callers: Array<{ name: string; cookie: string | undefined; role?: OperatorRole }> = [
      { name: 'no session', cookie: undefined },
      { name: 'a shopper', cookie: shopper.cookie },
    ]
    for (const role of everyRole) {
      const operator = await createTestOperator(testDatabase.connection.database, role, clock.now())
      callers.push({ name: role, cookie: (await signInOperator(app, clock, operator)).cookie, role })
    }

    const failures: string[] = []
    for (const route of routes) {
      const rule = access[route]
      if (rule === undefined || rule === 'public') continue
      const [method = 'GET', path = ''] = route.split(' ')
      for (const caller of callers) {
        const headers: Record<string, string> = { 'Idempotency-Key': `access-matrix-${caller.name}-0000` }
        if (caller.cookie !== undefined) headers['Cookie'] = caller.cookie
        // Sign-out everywhere would end the session the rest of the walk needs.
        if (route === 'POST /api/ops/auth/sign-out-everywhere' && caller.role !== undefined) continue
        const init = method === 'GET' ? { headers } : jsonRequest(method, {}, headers)
        const response = await app.request(concretePath(path), init)
        // An event stream answers 200 and stays open: hang up, as a browser leaving would.
        await response.body?.cancel()
        const expected =
          caller.role === undefined ? 401 : rule.includes(caller.role) || caller.role === 'admin' ? 'allowed' : 403
        const isRight =
          expected === 'allowed'
            ? ![401, 403].includes(response.status) && response.status < 500
            : response.status === expected
        if (!isRight) failures.push(`${route} as ${caller.name}: ${response.status}, expected ${expected}`)
      }
    }
    expect(failures).toEqual([])
  })
})
