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

/** Waits until the app runs (a prerendered page shows its heading before any script has). */
async function waitForApp(page: Page) {
  await page.waitForFunction(() => performance.getEntriesByName('ngernkhuen:first-render').length > 0)
}

test.describe('the home page offers to install the app from the second visit on', () => {
  test('Chromium: the browser’s own prompt, from the card’s button, in Thai and English', async ({ page }) => {
    await page.goto('/home')
    await waitForApp(page)
    // A first visit is not asked.
    await expect(page.getByRole('heading', { name: 'ติดตั้งแอปเงินคืนบนหน้าจอหลัก' })).toHaveCount(0)

    await page.reload()
    await waitForApp(page)
    // The browser decides when it fires its install event: stand in for it, as Chromium sends it.
    await page.evaluate(() => {
      const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: () => {
          document.body.dataset['installPrompted'] = 'yes'
          return Promise.resolve()
        },
        userChoice: Promise.resolve({ outcome: 'accepted' }),
      })
      window.dispatchEvent(event)
    })
    await expect(page.getByRole('heading', { name: 'ติดตั้งแอปเงินคืนบนหน้าจอหลัก' })).toBeVisible()
    await page.getByRole('button', { name: 'ติดตั้งแอป' }).click()
    await expect(page.locator('body')).toHaveAttribute('data-install-prompted', 'yes')
    // Installed: the offer is gone.
    await expect(page.getByRole('heading', { name: 'ติดตั้งแอปเงินคืนบนหน้าจอหลัก' })).toHaveCount(0)
  })

  test.describe('iPhone Safari', () => {
    test.use({
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
    })

    test('the steps through the Share menu, in English', async ({ page }) => {
      await page.goto('/en/home')
      await waitForApp(page)
      await expect(page.getByRole('heading', { name: /home screen/i })).toHaveCount(0)
      await page.reload()
      await expect(page.getByRole('heading', { name: /home screen/i })).toBeVisible()
      await expect(page.getByText('Tap the Share button, then choose "Add to Home Screen"')).toBeVisible()
    })
  })
})
