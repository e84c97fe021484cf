import { expect, test, type Page } from '@playwright/test'

async function waitForServiceWorkerControl(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve))
    }
  })
}

test('Chromium finds the app installable', async ({ page, context }) => {
  await page.goto('/home')
  await waitForServiceWorkerControl(page)
  const session = await context.newCDPSession(page)
  const { installabilityErrors } = await session.send('Page.getInstallabilityErrors')
  // Playwright's contexts are always incognito; that one error is about the browser, not the app.
  expect(installabilityErrors.map((error) => error.errorId).filter((id) => id !== 'in-incognito')).toEqual([])

  const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as {
    icons: { sizes: string; purpose: string }[]
  }
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(
    expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
  )
})

test('after one visit, the app opens offline instead of the browser’s offline page', async ({ page, context }) => {
  await page.goto('/home')
  await waitForServiceWorkerControl(page)
  await context.setOffline(true)

  await page.reload()
  await expect(page.getByRole('heading', { name: 'ช้อปผ่านแอปเงินคืน ได้เงินคืนทุกออเดอร์' })).toBeVisible()

  // Another page of the shell, in the other language, never visited online.
  await page.goto('/en/unauthorized')
  await expect(page.getByRole('heading', { name: 'Unauthorized' })).toBeVisible()
  await context.setOffline(false)
})
