import { mkdirSync } from 'node:fs'
import { chromium, type Page } from '@playwright/test'

/**
 * Screenshots of the member screens at 390×844 in Thai and English, for a design review:
 * `tsx scripts/screenshots.ts <origin> <output folder>` against a running demo server.
 */
const [origin = 'http://127.0.0.1:4901', output = 'screenshots'] = process.argv.slice(2)
mkdirSync(output, { recursive: true })

async function signIn(page: Page, email = 'demo@ngernkhuen.test', beforeCode?: () => Promise<void>) {
  await page.goto(`${origin}/en/auth`)
  await page.getByLabel('Email or mobile number').fill(email)
  await page.getByRole('button', { name: 'Get a sign-in code' }).click()
  await beforeCode?.()
  const response = await page.request.get(`${origin}/api/dev/outbox?to=${encodeURIComponent(email)}`)
  const body = (await response.json()) as { data: { code: string }[] }
  await page.getByLabel('6-digit code').fill(body.data[0]?.code ?? '')
  if (email !== 'demo@ngernkhuen.test') await page.getByRole('checkbox', { name: /I am 18 or older/ }).check()
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await page.waitForURL(/\/en\/home$/)
}

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' })
const context = await browser.newContext({
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
})
const page = await context.newPage()
await signIn(page)
const merchants = (await (await page.request.get(`${origin}/cws-api/merchants?limit=1`)).json()) as {
  data: { _id: string }[]
}
const merchantId = merchants.data[0]?._id ?? ''
const products = (await (await page.request.get(`${origin}/cws-api/products?limit=1`)).json()) as {
  data: { _id: string }[]
}
const productId = products.data[0]?._id ?? ''
const list = (await (
  await page.request.get(
    `${origin}/api/cashback/64656d6f6275796572303031/transactions?filter=${encodeURIComponent('{"status":"REJECTED"}')}`,
  )
).json()) as { data: { _id: string }[] }
const rejectedId = list.data[0]?._id ?? ''
const pending = (await (
  await page.request.get(
    `${origin}/api/cashback/64656d6f6275796572303031/transactions?filter=${encodeURIComponent('{"status":"PENDING"}')}`,
  )
).json()) as { data: { _id: string; releasePath: string | null }[] }
const pendingId = pending.data[0]?._id ?? ''
// A larger pending cashback that a proof of purchase makes 1-day cashback.
const proofPendingId = pending.data.find((transaction) => transaction.releasePath === 'one_day_with_proof')?._id ?? ''

for (const prefix of ['', '/en']) {
  const locale = prefix === '' ? 'th' : 'en'
  for (const [name, path] of [
    ['home', '/home'],
    ['cashback-approved', '/cashback?tab=approved'],
    ['cashback-rejected', '/cashback?tab=rejected'],
    ['cashback-pending', '/cashback?tab=pending'],
    ['cashback-rejected-detail', `/cashback/${rejectedId}`],
    ['cashback-pending-detail', `/cashback/${pendingId}`],
    ['cashback-one-day-proof-detail', `/cashback/${proofPendingId}`],
    ['wallet', '/wallet'],
    ['withdrawal-methods', '/withdrawal'],
    ['withdraw-bank', '/withdraw-bank-promptpay'],
    ['notifications', '/notifications'],
    ['rating', '/rating'],
    ['merchants', '/merchants'],
    ['merchant', `/merchants/${merchantId}`],
    ['product', `/products/${productId}`],
    ['products', '/products'],
    ['search', `/search?q=${encodeURIComponent(locale === 'th' ? 'มือถือ' : 'phone')}`],
    ['products-search', `/products?search=${encodeURIComponent(locale === 'th' ? 'โทรศัพท์' : 'phone')}`],
    ['paste-link', '/paste-link'],
    ['profile', '/profile'],
    ['howto', '/howto'],
    ['support', '/support'],
    ['support-search', `/support?q=${encodeURIComponent(locale === 'th' ? 'ขั้นต่ำ' : 'minimum')}`],
    ['tutorial-list', '/tutorial'],
    ['tutorial-detail', '/tutorial/detail/withdraw'],
  ] as const) {
    await page.goto(`${origin}${prefix}${path}`)
    await page.waitForLoadState('networkidle')
    await page.screenshot({
      path: `${output}/${name}-${locale}.png`,
      fullPage:
        name === 'home' ||
        name.startsWith('wallet') ||
        name.startsWith('rating') ||
        name.endsWith('detail') ||
        ['profile', 'howto', 'support', 'tutorial-list', 'notifications', 'withdraw-bank', 'product'].includes(name),
    })
  }
  await page.goto(`${origin}${prefix}/merchants/${merchantId}`)
  await page.getByRole('button', { name: locale === 'th' ? 'ช้อปเลย' : 'Shop now' }).click()
  await page.waitForTimeout(300)
  await page.screenshot({ path: `${output}/shop-now-${locale}.png` })
}

// The withdrawal review sheet, filled as a shopper would (nothing is sent).
for (const locale of ['th', 'en'] as const) {
  const words =
    locale === 'th'
      ? { phone: 'เบอร์มือถือทรูมันนี่ วอลเล็ท', name: 'ชื่อบัญชี', amount: 'จำนวนเงินที่ต้องการถอน (บาท)', review: 'ตรวจสอบรายการถอน' }
      : {
          phone: 'TrueMoney Wallet mobile number',
          name: 'Account name',
          amount: 'Amount to withdraw (THB)',
          review: 'Review withdrawal',
        }
  await page.goto(`${origin}${locale === 'th' ? '' : '/en'}/withdraw-truemoney`)
  await page.getByLabel(words.phone).fill('0812345678')
  await page.getByLabel(words.name).fill(locale === 'th' ? 'สมชาย ใจดี' : 'Somchai Jaidee')
  await page.getByLabel(words.amount).fill('250')
  await page.getByRole('button', { name: words.review }).click()
  await page.getByRole('dialog').waitFor()
  await page.screenshot({ path: `${output}/withdraw-review-${locale}.png` })
}

// A brand-new member: the sign-in code step with the terms box, then their empty screens.
const newMember = await browser.newContext({
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
})
const memberPage = await newMember.newPage()
await signIn(memberPage, `screenshots-${Date.now()}@example.com`, async () => {
  await memberPage.getByLabel('6-digit code').waitFor()
  await memberPage.screenshot({ path: `${output}/sign-in-code-en.png`, fullPage: true })
})
for (const prefix of ['', '/en']) {
  const locale = prefix === '' ? 'th' : 'en'
  for (const [name, path] of [
    ['new-member-home', '/home'],
    ['new-member-wallet', '/wallet'],
    ['new-member-rating', '/rating'],
    ['new-member-withdraw', '/withdraw-truemoney'],
  ] as const) {
    await memberPage.goto(`${origin}${prefix}${path}`)
    await memberPage.waitForLoadState('networkidle')
    await memberPage.screenshot({ path: `${output}/${name}-${locale}.png`, fullPage: true })
  }
}
await newMember.close()

await page.goto(`${origin}/demo-store/${merchantId}?aff_sub=ffffffffffffffffffffffff`)
await page.screenshot({ path: `${output}/demo-store.png`, fullPage: true })
await browser.close()
