import * as v from 'valibot'
import { idempotencyKeyHeader } from '#domain/contracts/cashback'
import { expect } from 'vitest'
import {
  promotionMembershipSchema,
  promotionsSnapshotResponseSchema,
  referralSummarySchema,
  type PromotionMembership,
} from '#domain/contracts/promotion'
import type { Satang } from '#domain/money'
import type { Database } from '#server/db/database'
import { createAccountsTestApp, signIn, type TestClock } from '#server/test/accounts'
import { readErrorBody } from '#server/test/app'
import type { TestMerchant } from '#server/test/cashback'
import { giveTestBalance, newIdempotencyKey } from '#server/test/withdrawals'

/**
 * API test helpers of the promotion and referral routes (server/promotions/promotion-routes.ts):
 * a signed-in buyer with their own app and clock, and the calls they make.
 */

const day = 24 * 60 * 60 * 1000

/**
 * Gives `amount` satang of accepted cashback from a purchase made the day before the buyer signed
 * up: outside the first week and the new-user window, so no promotion adds to it and the balance
 * is exactly `amount`.
 */
export async function giveBalanceBeforeSignUp(
  database: Database,
  input: { buyerId: string; merchant: TestMerchant; amount: Satang; signedUpAt: Date },
) {
  return giveTestBalance(database, {
    buyerId: input.buyerId,
    merchant: input.merchant,
    amount: input.amount,
    now: new Date(input.signedUpAt.getTime() - day),
  })
}

export type PromotionBuyer = Awaited<ReturnType<typeof signInPromotionBuyer>>

export async function signInPromotionBuyer(
  database: Database,
  merchant: TestMerchant,
  email: string,
  options: { balance?: Satang; clock?: TestClock } = {},
) {
  const { app, clock } = createAccountsTestApp(database, { clock: options.clock })
  const { cookie, buyer } = await signIn(app, email)
  const buyerId = buyer.buyerId
  const signedUpAt = clock.now()
  if (options.balance !== undefined && options.balance > 0) {
    await giveBalanceBeforeSignUp(database, { buyerId, merchant, amount: options.balance, signedUpAt })
  }
  const base = `/api/buyers/${buyerId}`
  const get = (path: string) => app.request(path, { headers: { Cookie: cookie } })
  /** A POST with the session, a new `Idempotency-Key` unless given (`null`: none), and a JSON body if any. */
  const post = (path: string, body?: unknown, key: string | null = newIdempotencyKey()) => {
    const headers: Record<string, string> = { Cookie: cookie }
    if (key !== null) headers[idempotencyKeyHeader] = key
    if (body !== undefined) headers['Content-Type'] = 'application/json'
    return app.request(path, { method: 'POST', headers, body: body === undefined ? undefined : JSON.stringify(body) })
  }
  return {
    app,
    clock,
    cookie,
    buyerId,
    email,
    signedUpAt,
    base,
    get,
    post,
    joinPremium: (key?: string | null) => post(`${base}/promotions/premium`, undefined, key),
    joinSpecialCashback: (level: unknown, key?: string | null) =>
      post(`${base}/promotions/special-cashback`, { level }, key),
    redeem: (code: unknown, key?: string | null) => post(`${base}/referral/redemption`, { code }, key),
    async snapshot() {
      const response = await get(`${base}/promotions`)
      expect(response.status).toBe(200)
      return v.parse(promotionsSnapshotResponseSchema, await response.json())
    },
    async referral() {
      const response = await get(`${base}/referral`)
      expect(response.status).toBe(200)
      return v.parse(referralSummarySchema, await response.json())
    },
  }
}

export async function readMembership(response: Response): Promise<PromotionMembership> {
  expect(response.status).toBe(201)
  return v.parse(promotionMembershipSchema, await response.json())
}

export async function expectRefusal(response: Response, status: number, code: string) {
  const body = await readErrorBody(response)
  expect(response.status, JSON.stringify(body)).toBe(status)
  expect(body.error.code).toBe(code)
  return body.error
}

/** How many of `responses` answered each status (`201`) or status and code (`409 premium_already_joined`). */
export async function countOutcomes(responses: Response[]): Promise<Record<string, number>> {
  const outcomes = await Promise.all(
    responses.map(async (response) =>
      response.status < 300
        ? String(response.status)
        : `${response.status} ${(await readErrorBody(response)).error.code}`,
    ),
  )
  const counts: Record<string, number> = {}
  for (const outcome of outcomes) counts[outcome] = (counts[outcome] ?? 0) + 1
  return counts
}

/** Runs `send` `count` times at once and reports how long they took together. */
export async function sendInParallel(
  label: string,
  count: number,
  send: (index: number) => Response | Promise<Response>,
): Promise<Response[]> {
  const started = performance.now()
  const responses = await Promise.all(Array.from({ length: count }, async (_, index) => send(index)))
  console.info(`${label}: ${count} parallel requests in ${Math.round(performance.now() - started)} ms`)
  return responses
}
