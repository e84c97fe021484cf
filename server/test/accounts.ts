import { pino } from 'pino'
import * as v from 'valibot'
import { expect } from 'vitest'
import {
  devOutboxResponseSchema,
  sessionCookieName,
  signInCodeCookieName,
  signInResponseSchema,
  type DevOutboxMessage,
  type DevOutboxMessageKind,
} from '#domain/contracts/auth'
import { createDemoAccountsConfig, type AccountsConfig } from '#server/auth/accounts-config'
import { defaultAccountRateLimits, type AccountRateLimits } from '#server/auth/rate-limits'
import type { Database } from '#server/db/database'
import type { EventChannel } from '#server/events/event-channel'
import { createTestApp } from '#server/test/app'

/** A clock tests move forward to expire codes and sessions. */
export type TestClock = { now: () => Date; advance(milliseconds: number): void; set(date: Date): void }

export function createTestClock(start = new Date('2026-11-15T03:00:00Z')): TestClock {
  let current = start
  return {
    now: () => current,
    advance(milliseconds) {
      current = new Date(current.getTime() + milliseconds)
    },
    set(date) {
      current = date
    },
  }
}

/**
 * Tests call `app.request` without a socket, so every request of a test file counts as one
 * address ('unknown') on one database: the per-address and overall limits are raised out of
 * the way unless a test sets its own. The per-identifier limits stay as in production.
 */
export const testAccountRateLimits: AccountRateLimits = {
  ...defaultAccountRateLimits,
  signInCodesPerAddress: { limit: 10_000, windowSeconds: 60 },
  signInCodesOverall: { limit: 10_000, windowSeconds: 60 },
  signInAttemptsPerAddress: { limit: 10_000, windowSeconds: 60 },
  identifierChangeCodesPerAddress: { limit: 10_000, windowSeconds: 60 },
}

export function createAccountsTestApp(
  database: Database,
  options: { clock?: TestClock; accounts?: Partial<AccountsConfig>; events?: EventChannel } = {},
) {
  const clock = options.clock ?? createTestClock()
  const accounts = {
    ...createDemoAccountsConfig(database, pino({ level: 'silent' }), clock.now),
    rateLimits: testAccountRateLimits,
    ...options.accounts,
  }
  const events = options.events === undefined ? {} : { events: options.events }
  return { app: createTestApp(database, { accounts, ...events }), clock, accounts }
}

type TestApp = ReturnType<typeof createAccountsTestApp>['app']

export function jsonRequest(method: string, body: unknown, headers: Record<string, string> = {}): RequestInit {
  return { method, body: JSON.stringify(body), headers: { 'Content-Type': 'application/json', ...headers } }
}

/** `ngernkhuen_session=…` from a response, for the next request's `Cookie` header. */
export function sessionCookieOf(response: Response): string | undefined {
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith(`${sessionCookieName}=`))
  return cookie?.split(';')[0]
}

/** Every message the dev outbox holds for `identifier`, newest first. */
export async function outboxMessages(app: TestApp, identifier: string): Promise<DevOutboxMessage[]> {
  const response = await app.request(`/api/dev/outbox?to=${encodeURIComponent(identifier)}`)
  expect(response.status).toBe(200)
  return v.parse(devOutboxResponseSchema, await response.json()).data
}

/** The newest code of `kind` (a sign-in code unless told) sent to `identifier`. */
export async function latestCode(
  app: TestApp,
  identifier: string,
  kind: DevOutboxMessageKind = 'sign_in_code',
): Promise<string> {
  const latest = (await outboxMessages(app, identifier)).find((message) => message.kind === kind)
  if (latest?.code == null) throw new Error(`no ${kind} was sent to ${identifier}`)
  return latest.code
}

/** `ngernkhuen_sign_in=…` from a code request's answer: what names the code in the browser that asked. */
export function signInCodeCookieOf(response: Response): string | undefined {
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith(`${signInCodeCookieName}=`))
  return cookie?.split(';')[0]
}

/**
 * Each test app is one browser: the sign-in cookie of the last code it asked for, which the
 * helpers below send with its next code request and sign-in, as a browser would. A test of
 * another browser calls `app.request` without it.
 */
const signInCodeCookies = new WeakMap<TestApp, string>()

/** The app's sign-in cookie (see `signInCodeCookies`), if it asked for a code. */
export function signInCodeCookie(app: TestApp): string | undefined {
  return signInCodeCookies.get(app)
}

/** `headers` with the app's sign-in cookie added to its `Cookie`, as the browser would send them. */
export function withSignInCodeCookie(app: TestApp, headers: Record<string, string> = {}): Record<string, string> {
  const cookies = [headers['Cookie'], signInCodeCookies.get(app)].filter((cookie) => cookie !== undefined)
  return cookies.length === 0 ? headers : { ...headers, Cookie: cookies.join('; ') }
}

/** Asks for a code from the app's browser (its sign-in cookie goes along and is kept). */
export async function requestCode(app: TestApp, identifier: string): Promise<Response> {
  const response = await app.request('/api/auth/codes', jsonRequest('POST', { identifier }, withSignInCodeCookie(app)))
  const cookie = signInCodeCookieOf(response)
  if (cookie !== undefined) signInCodeCookies.set(app, cookie)
  return response
}

/** A sign-in try from the app's browser (its sign-in cookie added to `headers`). */
export async function postSignIn(app: TestApp, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return app.request('/api/auth/sessions', jsonRequest('POST', body, withSignInCodeCookie(app, headers)))
}

/** Signs in (registering on first use) and returns the cookie and the buyer. */
export async function signIn(app: TestApp, identifier: string, headers: Record<string, string> = {}) {
  expect((await requestCode(app, identifier)).status).toBe(202)
  const code = await latestCode(app, identifier)
  const response = await postSignIn(app, { identifier, code, acceptTerms: true }, headers)
  expect(response.status).toBe(200)
  const cookie = sessionCookieOf(response)
  if (cookie === undefined) throw new Error('sign-in set no session cookie')
  const body = v.parse(signInResponseSchema, await response.json())
  return { cookie, buyer: body.buyer, isNewBuyer: body.isNewBuyer, response }
}
