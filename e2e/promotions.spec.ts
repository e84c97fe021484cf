import { expect, test, type Page } from '@playwright/test'
import { startOwnAppServer } from './support/app-server'
import { signInOnScreen } from './support/sign-in'
import { reviewAndConfirmWithdrawal } from './support/withdrawal'

/**
 * Issue 12 in the browser, against one server of its own (the tests change the promotion demo
 * accounts, and approving needs operator commands): a referral paid through a real purchase, a
 * Special Cashback level ended by a withdrawal after the warning, and premium refusing a second
 * join. The demo accounts are described in server/seed/demo-promotions.ts.
 */

const demoReferralCode = 'NGERNK99'

let server: Awaited<ReturnType<typeof startOwnAppServer>>

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  // The first own server of a test process seeds the demo first (e2e/support/app-server.ts).
  test.setTimeout(180_000)
  server = await startOwnAppServer()
})

test.afterAll(async () => {
  await server.stop()
})

async function signIn(page: Page, email: string, options: { isNewBuyer?: boolean } = {}) {
  await page.goto(`${server.url}/en/auth`)
  await signInOnScreen(page, email, options)
  await expect(page).toHaveURL(/\/en\/home$/)
}

async function signOut(page: Page) {
  await page.goto(`${server.url}/en/profile`)
  await page.getByRole('button', { name: 'Sign out', exact: true }).click()
  await expect(page).toHaveURL(/\/en\/(auth|home)/)
}

/** The figure the wallet page shows under `label` (English), once the server has answered. */
async function walletFigure(page: Page, label: string) {
  const answered = page.waitForResponse(
    (response) => response.url().includes('/api/buyers/') && response.url().endsWith('/wallet') && response.ok(),
  )
  await page.goto(`${server.url}/en/wallet`)
  await answered
  return page
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]')
}

/**
 * Buys through a merchant's tracked link at the demo store: 5 of its dearest product, so the
 * order passes the ฿500 the bonuses need. Returns the purchase's transaction id.
 */
async function buyFiveOfTheDearest(page: Page): Promise<string> {
  const response = await page.request.get(`${server.url}/cws-api/merchants?limit=1`)
  const body = (await response.json()) as { data: { _id: string; name: { en: string } }[] }
  const merchant = body.data[0]
  if (merchant === undefined) throw new Error('the demo catalogue has no merchant')

  await page.goto(`${server.url}/en/merchants/${merchant._id}`)
  await page.getByRole('button', { name: 'Shop now' }).click()
  await page
    .getByRole('dialog', { name: `Before you shop at ${merchant.name.en}` })
    .getByRole('link', { name: 'Go to the shop' })
    .click()
  await expect(page).toHaveURL(new RegExp(`/demo-store/${merchant._id}\\?aff_sub=[0-9a-f]{24}`))

  const products = page.locator('li.product')
  const prices = (await products.locator('.price').allTextContents()).map((text) => Number(text.replace(/[^\d.]/g, '')))
  const dearest = prices.indexOf(Math.max(...prices))
  expect(prices[dearest] ?? 0, 'five of the dearest product reach ฿500').toBeGreaterThanOrEqual(100)
  const product = products.nth(dearest)
  await product.getByLabel('จำนวน / Qty').selectOption('5')
  await product.getByRole('button', { name: /Buy/ }).click()
  await page.getByRole('link', { name: /Back to NgernKhuen/ }).click()
  await expect(page).toHaveURL(/\/cashback/)

  await page.goto(`${server.url}/en/cashback?tab=pending`)
  // The first tap through to a store on this phone is when the app offers notifications; the
  // offer covers the page until it is answered.
  await page
    .getByRole('dialog', { name: 'Know the moment your cashback lands' })
    .getByRole('button', { name: 'Not now' })
    .click()
  const purchase = page.getByRole('article', { name: merchant.name.en }).first()
  const href = await purchase.getByRole('link').first().getAttribute('href')
  const transactionId = href?.split('/').pop() ?? ''
  expect(transactionId).toMatch(/^[0-9a-f]{24}$/)
  return transactionId
}

test('a new member redeems a friend’s code, buys, and on approval both wallets get their bonus', async ({ page }) => {
  test.setTimeout(240_000)
  await signIn(page, 'demo@ngernkhuen.test')
  const referrerBonusBefore = await (await walletFigure(page, 'Bonus')).textContent()
  await signOut(page)

  const friendEmail = 'referred-friend@ngernkhuen.test'
  await signIn(page, friendEmail, { isNewBuyer: true })
  await page.goto(`${server.url}/en/promotions`)
  await page.getByLabel("Friend's referral code").fill(demoReferralCode.toLowerCase())
  await page.getByRole('button', { name: 'Use code' }).click()
  await expect(page.getByText(`You used your friend's referral code ${demoReferralCode}.`)).toBeVisible()

  const transactionId = await buyFiveOfTheDearest(page)
  // The x2 of the first week shows as its own part of the purchase.
  await page.goto(`${server.url}/en/cashback/${transactionId}`)
  await expect(page.getByText('New member x2 bonus')).toBeVisible()

  await server.runOperatorCommands(['transaction', 'approve', transactionId, '--reason', 'e2e: merchant confirmed'])
  await expect(await walletFigure(page, 'Bonus')).toHaveText('THB 100.00')
  await page.goto(`${server.url}/en/promotions/bonus-new-user`)
  await expect(page.getByText(/^You received the THB\s100\.00 bonus on /)).toBeVisible()
  await signOut(page)

  await signIn(page, 'demo@ngernkhuen.test')
  const referrerBonusAfter = await walletFigure(page, 'Bonus')
  const before = Number((referrerBonusBefore ?? '').replace(/[^\d.]/g, ''))
  await expect(referrerBonusAfter).toHaveText(`THB ${(before + 50).toFixed(2)}`)
  await page.goto(`${server.url}/en/promotions`)
  const friends = page.getByRole('table', { name: 'Friends you referred' })
  await expect(friends.getByRole('row').filter({ hasText: 're****@ngernkhuen.test' })).toContainText('THB 50.00')
  await signOut(page)
})

test('ในภาษาไทย: เข้าร่วม Special Cashback แล้วถอนเงินต่ำกว่าเกณฑ์หลังคำเตือน แคมเปญสิ้นสุด', async ({ page }) => {
  test.setTimeout(180_000)
  await signIn(page, 'stair@ngernkhuen.test')
  await page.goto(`${server.url}/promotions/special-cashback`)
  await page.getByRole('radio', { name: /ระดับ 1/ }).check()
  await page.getByRole('button', { name: /^เข้าร่วม/ }).click()
  await page
    .getByRole('dialog', { name: 'ยืนยันเข้าร่วม Special Cashback' })
    .getByRole('button', { name: 'ยืนยันเข้าร่วม' })
    .click()
  await expect(page.getByRole('status').filter({ hasText: /สำเร็จ/ })).toBeVisible()

  // ฿1,250 in the wallet; ฿300 out leaves ฿950, below level 1's ฿1,000: the form says so first.
  await page.goto(`${server.url}/withdraw-truemoney`)
  await page.getByLabel('เบอร์มือถือทรูมันนี่ วอลเล็ท').fill('081-234-5678')
  await page.getByLabel('ชื่อบัญชี').fill('ชูใจ ขั้นบันได')
  await page.getByLabel('จำนวนเงินที่ต้องการถอน (บาท)').fill('300')
  await expect(page.getByText(/รายการนี้จะทำให้ Special Cashback/)).toBeVisible()
  await page.getByRole('button', { name: 'ตรวจสอบรายการถอน' }).click()
  // Not sent until the shopper says they understand.
  await expect(page.getByText(/กรุณาติ๊กยืนยันก่อน/)).toBeVisible()
  await page.getByRole('checkbox', { name: /ฉันเข้าใจว่า Special Cashback จะสิ้นสุด/ }).check()
  await reviewAndConfirmWithdrawal(page, 'th')
  await expect(page).toHaveURL(/\/withdraw-success/)

  await page.goto(`${server.url}/promotions/special-cashback`)
  await expect(page.getByText(/สิ้นสุดเมื่อ/).first()).toBeVisible()
  await expect(page.getByRole('button', { name: /^เข้าร่วม/ })).toHaveCount(0)
  await signOut(page)
})

test('premium pays once and refuses a second join from another tab', async ({ page, context }) => {
  test.setTimeout(120_000)
  await signIn(page, 'demo@ngernkhuen.test')
  const other = await context.newPage()
  for (const tab of [page, other]) {
    await tab.goto(`${server.url}/en/promotions/vip-member`)
    await expect(tab.getByRole('button', { name: /^Join premium for/ })).toBeVisible()
  }
  await page.getByRole('button', { name: /^Join premium for/ }).click()
  await page
    .getByRole('dialog', { name: 'Confirm premium membership' })
    .getByRole('button', { name: 'Confirm and pay' })
    .click()
  await expect(page.getByRole('status').filter({ hasText: /You are a premium member until/ })).toBeVisible()

  await other.getByRole('button', { name: /^Join premium for/ }).click()
  await other
    .getByRole('dialog', { name: 'Confirm premium membership' })
    .getByRole('button', { name: 'Confirm and pay' })
    .click()
  await expect(other.getByRole('alert')).toContainText('You already join premium membership.')
  await other.close()
})
