import { readFileSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import * as v from 'valibot'
import { linkResolutionSchema } from '#domain/contracts/links'
import { ownSignInCode, signInForOfflineUse, signInOnScreen } from './support/sign-in'

/**
 * A demo product as a shopper would copy it from the shop: the first in-stock items of a demo
 * merchant's product feed (the committed file the demo start imports), the first of them our API
 * answers as a partner's listed product (a demo offer may be paused).
 */
async function demoProductLink(
  page: Page,
): Promise<{ link: string; name: { th: string; en: string }; merchant: { th: string; en: string } }> {
  const feed = readFileSync('server/seed/demo-feeds/files/products/involve-asia/30000.th.xml', 'utf8')
  const links = [
    ...feed.matchAll(/<item>.*?<link>([^<]+)<\/link>.*?<g:availability>in_stock<\/g:availability><\/item>/g),
  ]
    .map((match) => match[1] ?? '')
    .slice(0, 5)
  for (const link of links) {
    const response = await page.request.post('/api/links/resolve', { data: { text: link } })
    const answer = v.parse(linkResolutionSchema, await response.json())
    if (answer.kind === 'partner' && answer.product !== null) {
      return { link, name: answer.product.name, merchant: answer.merchant.name }
    }
  }
  throw new Error('no demo product link is a listed partner product')
}

/** The demo store's product page the tracked link lands on, then its Buy, then back to the app. */
async function buyAtTheDemoStore(page: Page, productName: string) {
  await expect(page).toHaveURL(/\/demo-store\/[0-9a-f]{24}\/products\/[^/?]+\?aff_sub=[0-9a-f]{24}$/)
  const chosen = page.getByRole('region', { name: 'สินค้าที่คุณเลือก / The product you chose' })
  await expect(chosen.getByRole('heading', { name: productName })).toBeVisible()
  await chosen.getByRole('button', { name: /Buy/ }).click()
  await page.getByRole('link', { name: /Back to NgernKhuen/ }).click()
  await expect(page).toHaveURL(/\/cashback/)
}

test('Thai: a pasted demo product link, signed out, leads through sign-in and the checklist to a tracked purchase', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const product = await demoProductLink(page)

  await page.goto('/home')
  const card = page.getByRole('region', { name: 'วางลิงก์สินค้า รับเงินคืน' })
  // A link in the words around it, with a campaign tag, as chat apps share it.
  await card.getByRole('textbox', { name: 'ลิงก์สินค้า' }).fill(`ดูสิ ${product.link}?utm_source=line ถูกมาก`)
  await card.getByRole('button', { name: 'ดูเงินคืนจากลิงก์นี้' }).click()

  await expect(page).toHaveURL(/\/paste-link\?link=/)
  const result = page.getByRole('region', { name: product.name.th })
  await expect(result.getByText('ร้านค้าพาร์ทเนอร์ของแอปเงินคืน')).toBeVisible()
  // What was pasted stays as it was.
  await expect(page.getByRole('textbox', { name: 'ลิงก์สินค้า' })).toHaveValue(`ดูสิ ${product.link}?utm_source=line ถูกมาก`)
  await expect(result.getByText(product.merchant.th)).toBeVisible()
  await expect(result.getByText(/^เงินคืน(สูงสุด )?\d/).first()).toBeVisible()

  // Signed out: sign in first, and come back to this link.
  await result.getByRole('link', { name: 'เข้าสู่ระบบเพื่อช้อปและรับเงินคืน' }).click()
  const email = `paste-th-${Date.now()}@ngernkhuen.test`
  await page.getByLabel('อีเมลหรือเบอร์มือถือ').fill(email)
  await page.getByRole('button', { name: 'รับรหัสเข้าสู่ระบบ' }).click()
  await page.getByLabel('รหัสยืนยัน 6 หลัก').fill(await ownSignInCode(page, email))
  await page.getByRole('button', { name: 'เข้าสู่ระบบ', exact: true }).click()
  await page.getByRole('checkbox', { name: /ฉันอายุ 18 ปีขึ้นไป/ }).check()
  await page.getByRole('button', { name: 'เข้าสู่ระบบ', exact: true }).click()
  await expect(page).toHaveURL(/\/paste-link\?link=/, { timeout: 30_000 })

  await page.getByRole('region', { name: product.name.th }).getByRole('button', { name: 'ช้อปเลย' }).click()
  const checklist = page.getByRole('dialog', { name: `ก่อนไปช้อปที่ ${product.merchant.th}` })
  await expect(checklist.getByText('ปิดตัวบล็อกโฆษณาก่อนช้อป')).toBeVisible()
  await checklist.getByRole('link', { name: 'ไปที่ร้านค้า' }).click()
  await buyAtTheDemoStore(page, product.name.th)

  await page.goto('/cashback?tab=pending')
  // The first tap through to a store on this phone is when the app offers notifications.
  await page.getByRole('dialog', { name: 'รู้ทันทีเมื่อเงินคืนเข้า' }).getByRole('button', { name: 'ไว้ทีหลัง' }).click()
  await expect(page.getByRole('article', { name: product.merchant.th })).toBeVisible()
})

test('English: the Paste button reads the clipboard, the purchase is tracked, and offline the lookup says so', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const product = await demoProductLink(page)
  // Copied from the demo store's own page on this server, as a shopper of the demo would.
  const storePageLink = `${baseURL}/demo-store${new URL(product.link).pathname}`

  await page.goto('/en/auth')
  await signInOnScreen(page, `paste-en-${Date.now()}@ngernkhuen.test`, { isNewBuyer: true })
  // A first sign-in writes the new member; on a busy machine that takes more than a few seconds.
  await expect(page).toHaveURL(/\/en\/home$/, { timeout: 30_000 })
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL })
  await page.evaluate((text) => navigator.clipboard.writeText(text), storePageLink)

  await page.getByRole('region', { name: 'Paste a link, get cashback' }).getByRole('button', { name: 'Paste' }).click()
  await expect(page).toHaveURL(/\/en\/paste-link\?link=/)
  await expect(page.getByRole('textbox', { name: 'Product link' })).toHaveValue(storePageLink)
  const result = page.getByRole('region', { name: product.name.en })
  await expect(result.getByText('A NgernKhuen partner shop')).toBeVisible()
  await expect(result.getByText(/^About .+ cashback$/)).toBeVisible()

  // No network: the lookup says so, and what was typed stays in the field.
  await context.setOffline(true)
  const shopeeLink = 'https://shopee.co.th/product/123456/7890123'
  await page.getByRole('textbox', { name: 'Product link' }).fill(shopeeLink)
  await page.getByRole('button', { name: 'Get cashback for this link' }).click()
  await expect(page.getByRole('alert')).toContainText("We can't check the link without the internet")
  await expect(page.getByRole('textbox', { name: 'Product link' })).toHaveValue(shopeeLink)
  await context.setOffline(false)
  await page.getByRole('button', { name: 'Try again' }).click()
  await expect(page.getByRole('heading', { name: 'Shopee is not a NgernKhuen partner yet' })).toBeVisible()

  // Back to the demo product's answer, and through the checklist to the shop.
  await page.goBack()
  await expect(result.getByText('A NgernKhuen partner shop')).toBeVisible()
  await result.getByRole('button', { name: 'Shop now' }).click()
  const checklist = page.getByRole('dialog', { name: `Before you shop at ${product.merchant.en}` })
  await expect(checklist.getByText('Turn off ad blockers before you shop')).toBeVisible()
  await checklist.getByRole('link', { name: 'Go to the shop' }).click()
  await buyAtTheDemoStore(page, product.name.th)

  // No offer of notifications here: granting the clipboard denied every other permission.
  await page.goto('/en/cashback?tab=pending')
  await expect(page.getByRole('article', { name: product.merchant.en })).toBeVisible()
})

test('a Shopee link is not a partner and says so; text without a link says that', async ({ page }) => {
  await page.goto('/en/home')
  const card = page.getByRole('region', { name: 'Paste a link, get cashback' })
  await card
    .getByRole('textbox', { name: 'Product link' })
    .fill('https://shopee.co.th/Cool-T-Shirt-i.123456.7890123?sp_atk=abc')
  await card.getByRole('button', { name: 'Get cashback for this link' }).click()
  const result = page.getByRole('region', { name: 'Shopee is not a NgernKhuen partner yet' })
  await expect(result.getByText('Buying through this link earns no cashback.', { exact: false })).toBeVisible()
  await expect(result.getByRole('link', { name: 'See our partner shops' })).toHaveAttribute('href', '/en/merchants')

  await page.goto('/paste-link?link=https%3A%2F%2Fs.lazada.co.th%2F')
  await page.getByRole('textbox', { name: 'ลิงก์สินค้า' }).fill('https://www.lazada.co.th/products/a-case-i123-s456.html')
  await page.getByRole('button', { name: 'ดูเงินคืนจากลิงก์นี้' }).click()
  await expect(page.getByRole('heading', { name: 'Lazada ยังไม่ได้เป็นร้านค้าพาร์ทเนอร์ของแอปเงินคืน' })).toBeVisible()

  await page.getByRole('textbox', { name: 'ลิงก์สินค้า' }).fill('ถูกมาก')
  await page.getByRole('button', { name: 'ดูเงินคืนจากลิงก์นี้' }).click()
  await expect(page.getByRole('heading', { name: 'ไม่พบลิงก์ในข้อความนี้' })).toBeVisible()
})

test('a product link shared into the installed app opens paste-a-link with it', async ({ page, baseURL }) => {
  test.setTimeout(90_000)
  const product = await demoProductLink(page)
  // Installed apps receive shares through the service worker.
  await signInForOfflineUse(page, baseURL ?? '')

  // What Android does when the shopper shares a product from a shop's app: the manifest's share
  // target, as a form post with the link in `text` (as often as in `url`), no pictures.
  await page.evaluate(
    ({ text, action }) => {
      const form = document.createElement('form')
      form.method = 'POST'
      form.action = action
      form.enctype = 'multipart/form-data'
      for (const [name, value] of [
        ['title', 'A product'],
        ['text', text],
        ['url', ''],
      ]) {
        const input = document.createElement('input')
        input.type = 'hidden'
        input.name = name ?? ''
        input.value = value ?? ''
        form.append(input)
      }
      document.body.append(form)
      form.submit()
    },
    { text: `Look at this! ${product.link} so cheap`, action: '/share-target' },
  )
  // The worker cannot know the page's language: the app opens in the demo buyer's remembered one.
  await expect(page).toHaveURL(
    new RegExp(`/paste-link\\?link=${encodeURIComponent(product.link).replaceAll('.', '\\.')}$`),
  )
  await expect(page.getByRole('textbox', { name: 'ลิงก์สินค้า' })).toHaveValue(product.link)
  await expect(
    page.getByRole('region', { name: product.name.th }).getByRole('button', { name: 'ช้อปเลย' }),
  ).toBeVisible()
})
