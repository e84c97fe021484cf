import { expect, test, type Page } from '@playwright/test'

const merchantLinks = (page: Page) => page.getByRole('main').locator('a[href*="/merchants/"]')
const productLinks = (page: Page) => page.getByRole('main').locator('a[href*="/products/"]')

async function hrefs(links: ReturnType<typeof merchantLinks>) {
  return links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')))
}

test.describe('merchants', () => {
  test('lists 12 at a time and loads more on scroll, without duplicates', async ({ page }) => {
    await page.goto('/en/merchants')
    await expect(page.getByRole('heading', { name: 'Partner merchants' })).toBeVisible()
    await expect(merchantLinks(page)).toHaveCount(12)
    await expect(page.getByText(/^\d+ merchants$/)).toBeVisible()

    await page.getByRole('button', { name: 'Load more' }).scrollIntoViewIfNeeded()
    await expect(merchantLinks(page)).toHaveCount(24)
    const loaded = await hrefs(merchantLinks(page))
    expect(new Set(loaded).size).toBe(loaded.length)
  })

  test('category, search and sort live in the URL, and back restores the list', async ({ page }) => {
    await page.goto('/en/merchants')
    await page.getByRole('button', { name: 'Books & Media' }).click()
    await expect(page).toHaveURL(/category=books/)
    await expect(page.getByRole('button', { name: 'Books & Media' })).toHaveAttribute('aria-pressed', 'true')
    await expect(merchantLinks(page).first()).toContainText('Books & Media')
    for (const label of await merchantLinks(page).allInnerTexts()) expect(label).toContain('Books & Media')

    await page.getByLabel('Sort by').selectOption('name')
    await expect(page).toHaveURL(/sort=name/)

    await page.goBack()
    await expect(page).not.toHaveURL(/sort=name/)
    await expect(page).toHaveURL(/category=books/)
    await page.goBack()
    await expect(page).not.toHaveURL(/category=/)
    await expect(page.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true')
  })

  test('searching finds merchants case-insensitively, and says so when none match', async ({ page }) => {
    await page.goto('/en/merchants')
    await page.getByRole('searchbox', { name: 'Search merchants' }).fill('house')
    await expect(page).toHaveURL(/search=house/)
    await expect(merchantLinks(page).first()).toContainText(/house/i)

    await page.getByRole('searchbox', { name: 'Search merchants' }).fill('zzzqqq')
    await expect(page.getByText('Sorry, no merchant has found.')).toBeVisible()
    // What was typed stays in the box.
    await expect(page.getByRole('searchbox', { name: 'Search merchants' })).toHaveValue('zzzqqq')
    // And there is a way on: every partner merchant, with the search cleared.
    await page.getByRole('button', { name: 'See all merchants' }).click()
    await expect(merchantLinks(page).first()).toBeVisible()
    await expect(page.getByRole('searchbox', { name: 'Search merchants' })).toHaveValue('')
    await expect(page).not.toHaveURL(/search=/)
  })

  test('a merchant page shows the rate, the expected wait, the terms and its products', async ({ page }) => {
    await page.goto('/en/merchants')
    const first = merchantLinks(page).first()
    const name = (await first.locator('p').first().innerText()).trim()
    await first.click()
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
    await expect(page.getByText(/cashback/).first()).toBeVisible()
    await expect(page.getByRole('heading', { name: 'How long cashback takes' })).toBeVisible()
    await expect(
      page.getByText(
        'Cashback normally arrives 30 to 120 days after the merchant confirms, or within 1 day with a rating of 95% or more.',
      ),
    ).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Cashback terms' })).toBeVisible()
    await expect(page.getByText(/18/).first()).toBeVisible()
    await expect(productLinks(page).first()).toBeVisible()
  })

  test('an unknown merchant shows the merchant not-found message', async ({ page }) => {
    await page.goto('/en/merchants/ffffffffffffffffffffffff')
    await expect(page.getByRole('heading', { name: 'This merchant could not be found' })).toBeVisible()
    await page.goto('/merchants/ffffffffffffffffffffffff')
    await expect(page.getByRole('heading', { name: 'ไม่พบร้านค้านี้' })).toBeVisible()
  })

  test('an invalid filter in the link is a page that does not exist', async ({ page }) => {
    await page.goto('/en/merchants?category=no-such-category')
    await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible()
  })
})

test.describe('products', () => {
  test('Thai search finds products by a word inside a name with no spaces', async ({ page }) => {
    await page.goto('/products')
    await page.getByRole('searchbox', { name: 'ค้นหาสินค้า' }).fill('รองเท้า')
    await expect(page).toHaveURL(/search=/)
    await expect(productLinks(page).first()).toContainText('รองเท้า')
  })

  test('a new search clears the list, and an empty result says so', async ({ page }) => {
    await page.goto('/en/products?search=sneakers')
    await expect(productLinks(page).first()).toContainText(/sneakers/i)
    await page.getByRole('searchbox', { name: 'Search products' }).fill('zzzqqq')
    await expect(page.getByText('Sorry, no product has found.')).toBeVisible()
    await expect(productLinks(page)).toHaveCount(0)
  })

  test('a product page compares the same product across merchants', async ({ page }) => {
    await page.goto('/en/products?search=sneakers')
    await productLinks(page).first().click()
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/sneakers/i)
    await expect(page.getByText('Net price', { exact: true })).toBeVisible()
    const table = page.getByRole('table', { name: 'Price, cashback and net price at each merchant' })
    await expect(table).toBeVisible()
    await expect(table.getByRole('row')).not.toHaveCount(0)
  })

  test('an unknown product shows the product not-found message', async ({ page }) => {
    await page.goto('/en/products/ffffffffffffffffffffffff')
    await expect(page.getByRole('heading', { name: 'This product could not be found' })).toBeVisible()
  })
})

test('one search covers merchants and products', async ({ page }) => {
  await page.goto('/en/home')
  await page.getByRole('link', { name: 'Search merchants and products' }).click()
  await page.getByRole('searchbox', { name: 'Search merchants and products' }).fill('house')
  await expect(page).toHaveURL(/q=house/)
  await expect(page.getByRole('heading', { name: 'Merchants' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Products' })).toBeVisible()
  await expect(merchantLinks(page).first()).toContainText(/house/i)
  await expect(productLinks(page).first()).toBeVisible()
})

test('home shows top merchants and categories that open the filtered list', async ({ page }) => {
  await page.goto('/en/home')
  await expect(page.getByRole('heading', { name: 'Top merchants' })).toBeVisible()
  await expect(merchantLinks(page).first()).toBeVisible()
  await page.getByRole('link', { name: 'Travel & Hotels' }).click()
  await expect(page).toHaveURL(/\/en\/merchants\?category=travel/)
  await expect(merchantLinks(page).first()).toContainText('Travel & Hotels')
  // The category names the page, and its chip, far along the row, is scrolled into view.
  await expect(page.getByRole('heading', { level: 1, name: 'Travel & Hotels' })).toBeVisible()
  await expect(
    page.getByRole('navigation', { name: 'Categories' }).getByRole('button', { name: 'Travel & Hotels' }),
  ).toBeInViewport({ ratio: 1 })
})

test('browsing keeps working offline from what was seen, and recovers by itself', async ({ page, context }) => {
  await page.goto('/en/merchants')
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  // Online: the list, one category, and one merchant page.
  await page.reload()
  await expect(merchantLinks(page)).toHaveCount(12)
  await page.getByRole('button', { name: 'Books & Media' }).click()
  await expect(merchantLinks(page).first()).toContainText('Books & Media')
  const visited = merchantLinks(page).first()
  const name = (await visited.locator('p').first().innerText()).trim()
  await visited.click()
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  const merchantUrl = page.url()

  await context.setOffline(true)
  await page.goto('/en/merchants')
  await expect(page.getByText('You are offline. Showing what this device saved.')).toBeVisible()
  await expect(merchantLinks(page)).toHaveCount(12)
  await expect(page.getByText(/^Saved data, last updated /)).toBeVisible()

  // Switching to a category seen online works; one never loaded says so.
  await page.getByRole('button', { name: 'Books & Media' }).click()
  await expect(merchantLinks(page).first()).toContainText('Books & Media')
  await page.getByRole('button', { name: 'Toys' }).click()
  await expect(page.getByText('This list has not been loaded on this device yet')).toBeVisible()

  // Searching offline looks through what was saved.
  await page.getByRole('button', { name: 'All' }).click()
  await page.getByRole('searchbox', { name: 'Search merchants' }).fill(name.slice(0, 6))
  await expect(page.getByText('Offline: results from what this device saved')).toBeVisible()
  await expect(merchantLinks(page).filter({ hasText: name })).toHaveCount(1)

  await page.goto(merchantUrl)
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()

  // Back online, a list that could not load loads by itself.
  await page.goto('/en/merchants?category=toys')
  await expect(page.getByText('This list has not been loaded on this device yet')).toBeVisible()
  await context.setOffline(false)
  await expect(merchantLinks(page).first()).toContainText('Toys')
  await expect(page.getByText('You are offline. Showing what this device saved.')).toHaveCount(0)
})
