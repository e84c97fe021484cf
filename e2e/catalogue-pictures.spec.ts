import { expect, test, type APIRequestContext } from '@playwright/test'
import { baseURL } from '../playwright.config'

const madePicture = /^\/media\/pictures\/[0-9a-f]{32}\/\d+\.webp$/

/** The demo makes its pictures after its first start (docs/decisions/021): the first product's, once made. */
async function productWithPicture(request: APIRequestContext): Promise<string> {
  let productId = ''
  await expect
    .poll(
      async () => {
        const response = await request.get('/cws-api/products?limit=1')
        const body = (await response.json()) as { data: { _id: string; image?: { path: string } | null }[] }
        productId = body.data[0]?._id ?? ''
        return body.data[0]?.image?.path ?? ''
      },
      { timeout: 200_000, intervals: [2_000] },
    )
    .toMatch(/^\/media\/pictures\/[0-9a-f]{32}$/)
  return productId
}

test('product pictures are made on the server and shown at the size the screen needs, from our own origin only', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000)
  const productId = await productWithPicture(request)
  const origins = new Set<string>()
  page.on('request', (sent) => origins.add(new URL(sent.url()).origin))

  // A tile is half the column: a smaller file (first, so no larger one is in the browser's cache).
  await page.goto('/en/products')
  const tile = page.getByRole('main').locator('li picture img').first()
  await tile.scrollIntoViewIfNeeded()
  await expect.poll(() => tile.evaluate((element: HTMLImageElement) => element.currentSrc)).toMatch(/\/640\.webp$/)

  await page.goto(`/en/products/${productId}`)
  const picture = page.getByRole('main').locator('picture').first()
  await expect(picture.locator('source[type="image/webp"]')).toHaveAttribute(
    'srcset',
    /\/media\/pictures\/[0-9a-f]{32}\/160\.webp 160w, .*960\.webp 960w$/,
  )
  const image = picture.locator('img')
  await expect(image).toHaveAttribute('srcset', /\/160\.jpg 160w/)
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete)).toBe(true)
  // The page's width (390 px at 2.6×) takes the largest; a WebP, never the JPEG fallback.
  const pagePicture = await image.evaluate((element: HTMLImageElement) => ({
    source: new URL(element.currentSrc).pathname,
    box: element.getBoundingClientRect().width,
  }))
  expect(pagePicture.source).toMatch(madePicture)
  expect(pagePicture.source).toMatch(/\/960\.webp$/)
  expect(pagePicture.box).toBe(390)

  expect([...origins]).toEqual([baseURL])
})
