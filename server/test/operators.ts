import { expect } from 'vitest'
import * as v from 'valibot'
import { operatorSecondFactorStepSchema, operatorSessionCookieName, type OperatorRole } from '#domain/ops/operator'
import type { Database } from '#server/db/database'
import { createOperator, type OperatorRecord } from '#server/ops/operator-accounts'
import { currentTotpCode } from '#server/ops/totp'
import { jsonRequest, latestCode, type TestClock } from '#server/test/accounts'
import type { createTestApp } from '#server/test/app'

type TestApp = ReturnType<typeof createTestApp>

let operatorCounter = 0

/** A new operator of `role` with an address no other test uses. */
export async function createTestOperator(database: Database, role: OperatorRole, now: Date): Promise<OperatorRecord> {
  operatorCounter += 1
  return createOperator(database, {
    email: `${role}.${operatorCounter}.${process.pid}@ops.example.com`,
    name: `Test ${role} ${operatorCounter}`,
    role,
    createdBy: 'test',
    now,
  })
}

/** `name=value` of a cookie the response sets. */
export function cookieOf(response: Response, name: string): string | undefined {
  return response.headers
    .getSetCookie()
    .find((value) => value.startsWith(`${name}=`))
    ?.split(';')[0]
}

/**
 * Signs `operator` in through the console API (emailed code from the dev outbox, then the
 * authenticator code, enrolling on the first sign-in) and returns the `Cookie` header of the
 * session and the authenticator secret. The clock moves 30 s after, so the next sign-in's code is
 * of a new step.
 */
export async function signInOperator(
  app: TestApp,
  clock: TestClock,
  operator: Pick<OperatorRecord, 'email'>,
  knownSecret?: string,
): Promise<{ cookie: string; secret: string }> {
  const requested = await app.request('/api/ops/auth/codes', jsonRequest('POST', { email: operator.email }))
  expect(requested.status).toBe(202)
  const codeCookie = cookieOf(requested, 'ngernkhuen_ops_sign_in')
  if (codeCookie === undefined) throw new Error('no code cookie')
  const code = await latestCode(app, operator.email, 'operator_sign_in_code')
  const verified = await app.request(
    '/api/ops/auth/codes/verify',
    jsonRequest('POST', { email: operator.email, code }, { Cookie: codeCookie }),
  )
  expect(verified.status).toBe(200)
  const step = v.parse(operatorSecondFactorStepSchema, await verified.json())
  const pendingCookie = cookieOf(verified, operatorSessionCookieName)
  if (pendingCookie === undefined) throw new Error('no pending session cookie')
  const secret = step.step === 'enrol' ? step.secret : knownSecret
  if (secret === undefined) throw new Error('the operator is enrolled; pass their secret')
  const finished = await app.request(
    '/api/ops/auth/second-factor',
    jsonRequest('POST', { code: currentTotpCode(secret, clock.now()) }, { Cookie: pendingCookie }),
  )
  expect(finished.status).toBe(200)
  const cookie = cookieOf(finished, operatorSessionCookieName)
  if (cookie === undefined) throw new Error('no session cookie')
  clock.advance(30_000)
  return { cookie, secret }
}
