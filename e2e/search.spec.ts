import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import * as v from 'valibot'
import { merchantListResponseSchema, productListResponseSchema } from '#domain/contracts/catalogue'

/**
 * The search page shows only the sections that found something (issue 19). The demo's names
 * change with the demo, so the words searched are read from the API, not written here.
 */

const productLinks = (page: Page) => page.getByRole('main').locator('a[href*="/products/"]')

/** A word of a product's English name that finds products and no merchant, and one that finds both. */
async function findWords(request: APIRequestContext) {
  const products = v.parse(
    productListResponseSchema,
    await (await request.get('/cws-api/products?limit=50&sort=popular')).json(),
  )
  let productsOnly: string | undefined
  let both: string | undefined
  for (const product of products.data) {
    for (const word of product.name.en.toLowerCase().split(/[^a-z]+/)) {
      if (word.length < 5 || (productsOnly !== undefined && both !== undefined)) continue
      const merchants = v.parse(
        merchantListResponseSchema,
        await (await request.get(`/cws-api/merchants?limit=1&search=${encodeURIComponent(word)}`)).json(),
      )
      if (merchants.total === 0) productsOnly ??= word
      else both ??= word
    }
  }
  if (productsOnly === undefined || both === undefined) throw new Error('No demo word to search for')
  return { productsOnly, both }
}

test('a search that finds products but no merchant shows the products alone', async ({ page }) => {
  const { productsOnly } = await findWords(page.request)
  await page.goto(`/en/search?q=${encodeURIComponent(productsOnly)}`)
  await expect(page.getByRole('heading', { name: 'Products' })).toBeVisible()
  await expect(productLinks(page).first()).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Merchants' })).toHaveCount(0)
  await expect(page.getByText('Sorry, no merchant has found.')).toHaveCount(0)
})

test('a search that finds both shows both, and one that finds nothing says so once', async ({ page }) => {
  const { both } = await findWords(page.request)
  await page.goto('/search')
  const searchbox = page.getByRole('searchbox', { name: 'ค้นหาร้านค้าและสินค้า' })
  await searchbox.fill(both)
  await expect(page.getByRole('heading', { name: 'ร้านค้า' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'สินค้า' })).toBeVisible()

  await searchbox.fill('zzzqqqxx')
  await expect(page.getByText('ขออภัย ไม่พบร้านค้าหรือสินค้าที่ตรงกับ “zzzqqqxx”')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'ร้านค้า' })).toHaveCount(0)
  await expect(page.getByRole('heading', { name: 'สินค้า' })).toHaveCount(0)

  await page.goto('/en/search?q=zzzqqqxx')
  await expect(page.getByText('Sorry, no merchant or product matches “zzzqqqxx”.')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Merchants' })).toHaveCount(0)
})

/**
 * What a shopper types for a phone finds phones first (issue 19): not the phone repairs whose names
 * hold the very word (a service: search-synonyms.json names the categories phones are sold in),
 * not microphones.
 */
for (const { path, phone } of [
  { path: '/products?search=มือถือ', phone: 'สมาร์ทโฟน' },
  { path: '/products?search=โทรศัพท์', phone: 'สมาร์ทโฟน' },
  { path: '/en/products?search=phone', phone: 'Smartphone' },
]) {
  test(`${decodeURIComponent(path)} lists phones first`, async ({ page }) => {
    await page.goto(path)
    for (const place of [0, 1, 2, 3]) await expect(productLinks(page).nth(place)).toContainText(phone)
  })
}
