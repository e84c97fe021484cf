import { expect, test } from '@playwright/test'

// During a rolling deploy a page can ask a process for a file that process's build lacks
// (docs/decisions/010-rolling-deploys.md). The server answers with a 404 of the file's own type,
// and the page reloads once to get a shell whose files it can load.

test('a missing file is a 404 of its own type from the real server, never the app shell', async ({ request }) => {
  const script = await request.get('/assets/merchants-0ld0ld00.js')
  expect(script.status()).toBe(404)
  expect(script.headers()['content-type']).toMatch(/^text\/javascript/)
  expect(script.headers()['cache-control']).toBe('no-store')
  expect(await script.text()).not.toContain('<html')

  const font = await request.get('/assets/noto-sans-thai-thai-400-normal-0ld0ld00.woff2')
  expect(font.status()).toBe(404)
  expect(font.headers()['content-type']).toBe('font/woff2')
})

test('a page chunk missing after a deploy reloads the page once, and the page then works', async ({ browser }) => {
  // Without the service worker, every chunk comes from the server, as on a first visit.
  const context = await browser.newContext({ serviceWorkers: 'block' })
  const page = await context.newPage()
  try {
    await page.goto('/en/home')
    await expect(
      page.getByRole('heading', { name: 'Shop through NgernKhuen, get cashback on every order' }),
    ).toBeVisible()

    // The process answering is of another release: the merchants page's chunk is not in its build.
    const missingChunks: string[] = []
    await page.route(/\/assets\/merchants-[^/]+\.js$/, async (route) => {
      if (missingChunks.length > 0) return route.continue()
      missingChunks.push(route.request().url())
      return route.fulfill({ status: 404, contentType: 'text/javascript', body: '/* not found in this build */\n' })
    })
    await page.evaluate(() => Object.assign(window, { isSamePage: true }))

    const reloaded = page.waitForEvent('load')
    await page.getByRole('navigation', { name: 'Main menu' }).locator('a[href="/en/merchants"]').click()
    await reloaded

    expect(missingChunks).toHaveLength(1)
    expect(await page.evaluate(() => 'isSamePage' in window)).toBe(false)
    await expect(page).toHaveURL(/\/en\/merchants$/)
    await expect(
      page.getByRole('navigation', { name: 'Main menu' }).locator('a[href="/en/merchants"]'),
    ).toHaveAttribute('aria-current', 'page')
    await expect(page.getByText('Sorry, something went wrong')).toHaveCount(0)
  } finally {
    await context.close()
  }
})
