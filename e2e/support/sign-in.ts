import { expect, type Page } from '@playwright/test'

/** The newest sign-in code the demo server sent to `identifier` (the dev outbox; never in production). */
export async function latestSignInCode(page: Page, identifier: string): Promise<string> {
  let code: string | undefined
  await expect
    .poll(async () => {
      // The server of the page under test (some tests run their own).
      const origin = new URL(page.url()).origin
      const response = await page.request.get(`${origin}/api/dev/outbox?to=${encodeURIComponent(identifier)}`)
      const body: unknown = await response.json()
      const first =
        typeof body === 'object' && body !== null && 'data' in body && Array.isArray(body.data)
          ? body.data[0]
          : undefined
      code = typeof first === 'object' && first !== null && 'code' in first ? String(first.code) : undefined
      return code
    })
    .toMatch(/^\d{6}$/)
  return code ?? ''
}

/** Signs in through the English sign-in screen the page is on. */
export async function signInOnScreen(page: Page, identifier: string, options: { isNewBuyer?: boolean } = {}) {
  await page.getByLabel('Email or mobile number').fill(identifier)
  await page.getByRole('button', { name: 'Get a sign-in code' }).click()
  const code = await latestSignInCode(page, identifier)
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
