import { expect, type Page } from '@playwright/test'
import * as v from 'valibot'
import { devOutboxResponseSchema, type DevOutboxMessage, type DevOutboxMessageKind } from '#domain/contracts/auth'

/** The messages the demo server sent to `identifier`, newest first (the dev outbox; never in production). */
export async function outboxMessages(page: Page, identifier: string): Promise<DevOutboxMessage[]> {
  // The server of the page under test (some tests run their own).
  const origin = new URL(page.url()).origin
  const response = await page.request.get(`${origin}/api/dev/outbox?to=${encodeURIComponent(identifier)}`)
  return v.parse(devOutboxResponseSchema, await response.json()).data
}

/**
 * The newest code of `kind` sent to `identifier` (a sign-in code unless told). `after` skips
 * codes the test already had, so a re-sent code is waited for.
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

/**
 * How many codes of `kind` were sent to `identifier` so far: pass it as `after` to
 * `latestSignInCode` once this browser asked for its own. A code only works in the browser that
 * asked for it, and tests in other workers may ask for codes to the same address meanwhile.
 */
export async function sentCodeCount(page: Page, identifier: string, kind: DevOutboxMessageKind = 'sign_in_code') {
  return (await outboxMessages(page, identifier)).filter((message) => message.kind === kind).length
}

/** Signs in through the English sign-in screen the page is on. */
export async function signInOnScreen(page: Page, identifier: string, options: { isNewBuyer?: boolean } = {}) {
  await page.getByLabel('Email or mobile number').fill(identifier)
  const after = await sentCodeCount(page, identifier)
  await page.getByRole('button', { name: 'Get a sign-in code' }).click()
  const code = await latestSignInCode(page, identifier, { after })
  await page.getByLabel('6-digit code').fill(code)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  if (options.isNewBuyer) {
    await page.getByRole('checkbox', { name: /I am 18 or older/ }).check()
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  }
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
