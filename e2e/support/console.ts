import { expect, type Page } from '@playwright/test'
import { deriveSignInCode } from '#server/auth/sign-in-codes'
import { demoAuthSecret } from '#server/auth/auth-secret'
import { currentTotpCode } from '#server/ops/totp'
import { demoOperators } from '#server/seed/demo-operators'
import { outboxMessages } from './sign-in'

/** The operator console at a desktop (issue 14: desktop-first). */
export const consoleViewport = { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false }

export function demoOperator(role: 'support' | 'finance' | 'admin') {
  const operator = demoOperators.find((candidate) => candidate.role === role)
  if (operator === undefined) throw new Error(`no demo ${role}`)
  return operator
}

/** The console code this browser asked for (named by its cookie's nonce, as the shopper's is). */
export async function ownConsoleCode(page: Page, email: string): Promise<string> {
  let code: string | undefined
  await expect
    .poll(async () => {
      const nonce = (await page.context().cookies()).find((cookie) => cookie.name === 'ngernkhuen_ops_sign_in')?.value
      if (nonce === undefined) return undefined
      const expected = deriveSignInCode(demoAuthSecret, `operator:${email}`, nonce)
      const messages = await outboxMessages(page, email)
      code = messages.some((message) => message.kind === 'operator_sign_in_code' && message.code === expected)
        ? expected
        : undefined
      return code
    })
    .toMatch(/^\d{6}$/)
  return code ?? ''
}

/** 30-second steps whose code this worker has used, per operator: a code is accepted once. */
const usedSteps = new Map<string, number>()

/**
 * The authenticator's code at a step not used yet by this operator in this worker (a second
 * sign-in within the same 30 s waits for the next step, as a person would).
 */
async function freshAuthenticatorCode(email: string, secret: string): Promise<string> {
  await expect
    .poll(() => Math.floor(Date.now() / 30_000) > (usedSteps.get(email) ?? -1), { timeout: 35_000 })
    .toBe(true)
  usedSteps.set(email, Math.floor(Date.now() / 30_000))
  return currentTotpCode(secret, new Date())
}

/** Signs in through the Thai console sign-in screen the page is on (`/ops/sign-in`). */
export async function signInToConsole(page: Page, operator: { email: string; totpSecret: string }) {
  await page.getByLabel('อีเมลผู้ดูแล').fill(operator.email)
  await page.getByRole('button', { name: 'ส่งรหัสทางอีเมล' }).click()
  await page.getByLabel('รหัสจากอีเมล').fill(await ownConsoleCode(page, operator.email))
  await page.getByRole('button', { name: 'ยืนยัน' }).click()
  const authenticatorField = page.getByLabel('รหัสจากแอปยืนยันตัวตน')
  await expect(authenticatorField).toBeVisible()
  const operatorKey = `${new URL(page.url()).origin} ${operator.email}`
  // Specs in another worker sign in as the same demo operator on the same server, and a code is
  // accepted once: when theirs took this step's code, the next step's is used, as a person would.
  for (let attempt = 1; ; attempt += 1) {
    await authenticatorField.fill(await freshAuthenticatorCode(operatorKey, operator.totpSecret))
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/ops/auth/second-factor'))
    await page.getByRole('button', { name: 'ยืนยัน' }).click()
    const isRefused = (await answer).status() === 400
    if (!isRefused || attempt === 3) return
  }
}
