import { expect, type Page } from '@playwright/test'
import * as v from 'valibot'
import {
  devOutboxResponseSchema,
  parseSignInIdentifier,
  signInCodeCookieName,
  type DevOutboxMessage,
  type DevOutboxMessageKind,
} from '#domain/contracts/auth'
import { demoAuthSecret } from '#server/auth/auth-secret'
import { deriveSignInCode } from '#server/auth/sign-in-codes'

/** The messages the demo server sent to `identifier`, newest first (the dev outbox; never in production). */
export async function outboxMessages(page: Page, identifier: string): Promise<DevOutboxMessage[]> {
  // The server of the page under test (some tests run their own).
  const origin = new URL(page.url()).origin
  const response = await page.request.get(`${origin}/api/dev/outbox?to=${encodeURIComponent(identifier)}`)
  return v.parse(devOutboxResponseSchema, await response.json()).data
}

/**
 * The sign-in code this page's browser asked for, once it is in the outbox. A code works only in
 * the browser that asked for it, and tests in the other worker may ask codes for the same
 * address at the same moment, so "the newest code" may be theirs. The server names this
 * browser's code in its cookie (the code's nonce; the code is derived from it under the demo
 * AUTH_SECRET), which picks ours out of the outbox: what the shopper reads in their own inbox.
 */
export async function ownSignInCode(page: Page, identifier: string): Promise<string> {
  const canonical = parseSignInIdentifier(identifier)?.value ?? identifier
  let code: string | undefined
  await expect
    .poll(async () => {
      const nonce = (await page.context().cookies()).find((cookie) => cookie.name === signInCodeCookieName)?.value
      if (nonce === undefined) return undefined
      const expected = deriveSignInCode(demoAuthSecret, canonical, nonce)
      const messages = await outboxMessages(page, identifier)
      code = messages.some((message) => message.kind === 'sign_in_code' && message.code === expected)
        ? expected
        : undefined
      return code
    })
    .toMatch(/^\d{6}$/)
  return code ?? ''
}

/**
 * The newest code of `kind` sent to `identifier` (identifier-change codes and notices: those
 * are bound to the signed-in buyer, not to a browser). `after` skips codes the test already had,
 * so a re-sent code is waited for.
 */
export async function latestSignInCode(
  page: Page,
  identifier: string,
  options: { kind?: DevOutboxMessageKind; after?: number } = {},
): Promise<string> {
  const kind = options.kind ?? 'sign_in_code'
  let code: string | undefined
  await expect
    .poll(async () => {
      const messages = (await outboxMessages(page, identifier)).filter((message) => message.kind === kind)
      code = messages.length > (options.after ?? 0) ? (messages[0]?.code ?? undefined) : undefined
      return code
    })
    .toMatch(/^\d{6}$/)
  return code ?? ''
}

/** How many codes of `kind` were sent to `identifier` so far (pass it as `after` to `latestSignInCode`). */
export async function sentCodeCount(page: Page, identifier: string, kind: DevOutboxMessageKind = 'sign_in_code') {
  return (await outboxMessages(page, identifier)).filter((message) => message.kind === kind).length
}

/**
 * Puts the page's browser on a phone network of its own (an address the shared test server reads
 * from X-Forwarded-For, as behind a load balancer). Every test signs the demo buyer in, and from
 * one address it may ask for only `signInCodesPerHour` codes: as many real shoppers on many
 * networks do, not one stranger on one.
 */
async function onOwnPhoneNetwork(page: Page) {
  const part = () => 1 + Math.floor(Math.random() * 254)
  await page.context().setExtraHTTPHeaders({ 'X-Forwarded-For': `10.${part()}.${part()}.${part()}` })
}

/** Signs in through the English sign-in screen the page is on. */
export async function signInOnScreen(page: Page, identifier: string, options: { isNewBuyer?: boolean } = {}) {
  await onOwnPhoneNetwork(page)
  await page.getByLabel('Email or mobile number').fill(identifier)
  await page.getByRole('button', { name: 'Get a sign-in code' }).click()
  const code = await ownSignInCode(page, identifier)
  await page.getByLabel('6-digit code').fill(code)
  // The terms box is on the screen from the start; only a new member needs to tick it.
  if (options.isNewBuyer) await page.getByRole('checkbox', { name: /I am 18 or older/ }).check()
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
}

/**
 * Signs the demo buyer in on the English sign-in screen of `origin` and waits until the service
 * worker is ready, so the pages opened next can later be reloaded with no network.
 */
export async function signInForOfflineUse(page: Page, origin: string) {
  await page.goto(`${origin}/en/auth`)
  await signInOnScreen(page, 'demo@ngernkhuen.test')
  await expect(page).toHaveURL(/\/en\/home$/)
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
}
