import { expect, test, type Page } from '@playwright/test'
import { startOwnAppServer } from './support/app-server'
import { ownSignInCode, signInOnScreen } from './support/sign-in'

const demoBuyerEmail = 'demo@ngernkhuen.test'

/** The first merchant of the demo catalogue, read through the public API. */
async function firstMerchant(page: Page, origin: string): Promise<{ id: string; name: string }> {
  const response = await page.request.get(`${origin}/cws-api/merchants?limit=1`)
  const body = (await response.json()) as { data: { _id: string; name: { en: string } }[] }
  const merchant = body.data[0]
  if (merchant === undefined) throw new Error('the demo catalogue has no merchant')
  return { id: merchant._id, name: merchant.name.en }
}

/** The wallet balance the wallet page shows now, in satang. */
async function shownBalance(page: Page): Promise<number> {
  const text = await page
    .getByRole('region', { name: 'Wallet balance' })
    .getByText(/^-?THB/)
    .textContent()
  return Math.round(Number((text ?? '').replace(/[^\d.-]/g, '')) * 100)
}

/** The wallet balance as the wallet page shows it once the server has answered, in satang. */
async function walletBalance(page: Page, origin: string): Promise<number> {
  const answered = page.waitForResponse(
    (response) => response.url().includes('/api/buyers/') && response.url().endsWith('/wallet') && response.ok(),
  )
  await page.goto(`${origin}/en/wallet`)
  await answered
  return shownBalance(page)
}

/** Clicks out from a merchant page, buys the first product at the demo store and comes back. */
async function buyThroughTrackedLink(page: Page, origin: string, merchant: { id: string; name: string }) {
  await page.goto(`${origin}/en/merchants/${merchant.id}`)
  await page.getByRole('button', { name: 'Shop now' }).click()
  const dialog = page.getByRole('dialog', { name: `Before you shop at ${merchant.name}` })
  await expect(dialog.getByText('Turn off ad blockers before you shop')).toBeVisible()
  await dialog.getByRole('link', { name: 'Go to the shop' }).click()

  await expect(page).toHaveURL(new RegExp(`/demo-store/${merchant.id}\\?aff_sub=[0-9a-f]{24}`))
  await page.getByRole('button', { name: /Buy/ }).first().click()
  await page.getByRole('link', { name: /Back to NgernKhuen/ }).click()
  await expect(page).toHaveURL(/\/cashback/)
}

test('a purchase through a tracked link becomes cashback the shopper accepts into the wallet', async ({ page }) => {
  test.setTimeout(180_000)
  const server = await startOwnAppServer()
  try {
    const merchant = await firstMerchant(page, server.url)

    // A new member has no record yet: the merchant's usual wait applies.
    await page.goto(`${server.url}/en/auth`)
    await signInOnScreen(page, 'new-shopper@ngernkhuen.test', { isNewBuyer: true })
    await expect(page).toHaveURL(/\/en\/home$/)
    // A new member's home: their (empty) wallet first, and how cashback works until a first purchase.
    const memberCard = page.getByRole('region', { name: /^Good (morning|afternoon|evening)$/ })
    await expect(memberCard.getByText('THB 0.00').first()).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Cashback in 3 easy steps' })).toBeVisible()
    await buyThroughTrackedLink(page, server.url, merchant)
    await page.goto(`${server.url}/en/cashback?tab=pending`)
    // The first tap through to a store on this phone is when the app offers notifications.
    await page
      .getByRole('dialog', { name: 'Know the moment your cashback lands' })
      .getByRole('button', { name: 'Not now' })
      .click()
    const newShopperPurchase = page.getByRole('article', { name: merchant.name })
    await expect(newShopperPurchase.getByText(/^Merchant confirmation expected by /)).toBeVisible()
    // Its cashback is an estimate on its way, not money yet, with the date it should come by.
    await expect(newShopperPurchase.getByRole('term').nth(1)).toHaveText('Estimated cashback')
    await expect(
      newShopperPurchase.getByRole('definition').filter({ hasText: /^by [A-Z][a-z]{2} \d{1,2}, \d{4}$/ }),
    ).toBeVisible()
    // Home now shows the purchase instead of the explainer.
    await page.goto(`${server.url}/en/home`)
    await expect(
      page.getByRole('region', { name: 'Recent activity' }).getByRole('link', { name: new RegExp(merchant.name) }),
    ).toContainText('Estimated cashback')
    await expect(page.getByRole('heading', { name: 'Cashback in 3 easy steps' })).toHaveCount(0)
    await page.goto(`${server.url}/en/rating`)
    await expect(page.getByText(/3 more completed orders/)).toBeVisible()
    // No merchant has decided a purchase yet: no rating rather than a 100 % it has not earned.
    await expect(page.getByText('No rating yet. It starts once a merchant approves')).toBeVisible()
    await expect(page.getByRole('progressbar', { name: 'Your rating' })).toHaveAttribute(
      'aria-valuetext',
      'No rating yet',
    )
    await page.goto(`${server.url}/en/wallet`)
    await expect(page.getByRole('link', { name: 'Rating –' })).toBeVisible()
    await expect(page.getByText('No cashback in your wallet yet')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Find a shop' })).toBeVisible()
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Me', exact: true }).click()
    await page.getByRole('button', { name: 'Sign out', exact: true }).click()

    // The demo buyer's 96 % rating earns 1-day cashback.
    await page.goto(`${server.url}/en/auth`)
    await signInOnScreen(page, demoBuyerEmail)
    await expect(page).toHaveURL(/\/en\/home$/)
    const badge = page.getByRole('navigation', { name: 'Main menu' }).getByLabel(/waiting to be accepted/)
    await expect(badge).toHaveText('2')
    const balanceBefore = await walletBalance(page, server.url)

    await buyThroughTrackedLink(page, server.url, merchant)
    await page.goto(`${server.url}/en/cashback?tab=pending`)
    const purchase = page.getByRole('article', { name: merchant.name }).first()
    await expect(purchase.getByText(/^1-day cashback from your rating: approval expected /)).toBeVisible()
    const detailHref = await purchase.getByRole('link').first().getAttribute('href')
    const transactionId = detailHref?.split('/').pop() ?? ''
    expect(transactionId).toMatch(/^[0-9a-f]{24}$/)

    // The detail page shows the timeline with the next step.
    await purchase.getByRole('link').first().click()
    await expect(page.getByRole('heading', { name: 'Progress' })).toBeVisible()
    await expect(page.getByText('Purchase tracked from your NgernKhuen link')).toBeVisible()
    await expect(page.getByText('Next step')).toBeVisible()

    // An operator approves it.
    await server.runOperatorCommands(['transaction', 'approve', transactionId, '--reason', 'e2e: merchant confirmed'])

    // It waits on home, with its Accept button, until the shopper taps it.
    await page.goto(`${server.url}/en/home`)
    await expect(badge).toHaveText('3')
    const toAccept = page.getByRole('region', { name: 'Waiting for you to accept' })
    await expect(toAccept.getByRole('link', { name: 'See all 3' })).toBeVisible()
    const approved = toAccept.getByRole('article', { name: merchant.name }).first()
    await expect(approved.getByRole('term').nth(1)).toHaveText('Cashback to accept')
    const cashbackText = await approved.getByText(/^THB/).last().textContent()
    const cashback = Math.round(Number((cashbackText ?? '').replace(/[^\d.]/g, '')) * 100)
    expect(cashback).toBeGreaterThan(0)
    await approved.getByRole('button', { name: 'Accept' }).click()
    await expect(badge).toHaveText('2')
    await expect(toAccept.getByRole('link', { name: /^See all/ })).toHaveCount(0)

    // The saved wallet shows first; the server's answer replaces it.
    await page.goto(`${server.url}/en/wallet`)
    await expect.poll(() => shownBalance(page)).toBe(balanceBefore + cashback)

    // The two approved cashbacks left go into the wallet with one tap, whose label names the total.
    await page.goto(`${server.url}/en/home`)
    const acceptAll = toAccept.getByRole('button', { name: /^Accept all THB [\d,.]+ \(2 items\)$/ })
    const allText = (await acceptAll.textContent()) ?? ''
    const allCashback = Math.round(Number(/THB\s([\d,.]+)/.exec(allText)?.[1]?.replace(/,/g, '')) * 100)
    expect(allCashback).toBeGreaterThan(0)
    await acceptAll.click()
    await expect(badge).toHaveCount(0)
    await expect(toAccept).toHaveCount(0)
    await page.goto(`${server.url}/en/wallet`)
    await expect.poll(() => shownBalance(page)).toBe(balanceBefore + cashback + allCashback)
  } finally {
    await server.stop()
  }
})

test('the cashback tabs, a rejection and the wallet read in Thai', async ({ page }) => {
  await page.goto('/auth')
  await page.getByLabel('อีเมลหรือเบอร์มือถือ').fill(demoBuyerEmail)
  await page.getByRole('button', { name: 'รับรหัสเข้าสู่ระบบ' }).click()
  await page.getByLabel('รหัสยืนยัน 6 หลัก').fill(await ownSignInCode(page, demoBuyerEmail))
  await page.getByRole('button', { name: 'เข้าสู่ระบบ', exact: true }).click()
  await expect(page).toHaveURL(/\/home$/)

  await page.goto('/cashback?tab=rejected')
  const rejected = page.getByRole('article').first()
  // The reason in the shopper's language (the network's own words stay with operators), and the
  // next step with its time.
  await expect(rejected.getByText('เหตุผล: มีการคืนสินค้าหรือขอคืนเงินกับร้านค้า')).toBeVisible()
  await expect(rejected.getByText('Item returned')).toHaveCount(0)
  await expect(rejected.getByRole('link', { name: 'ส่งหลักฐาน' })).toBeVisible()
  await expect(rejected.getByText('ทีมงานตรวจสอบภายใน 3 วันทำการ')).toBeVisible()
  // A rejected amount is struck through under "not paid", never shown as money coming.
  await expect(rejected.getByRole('term').nth(1)).toHaveText('ไม่ได้รับเงินคืน')
  await expect(rejected.getByRole('definition').nth(1)).toHaveCSS('text-decoration-line', 'line-through')
  await rejected.getByRole('link').first().click()
  const alert = page.getByRole('alert')
  await expect(alert).toContainText('ขออภัย รายการเงินคืนของคุณถูกปฏิเสธ')
  await expect(alert).toContainText('ทีมงานจะตรวจสอบภายใน 3 วันทำการ')
  // The timeline's rejection says the same reason.
  const timeline = page.getByRole('region', { name: 'ความคืบหน้า' })
  await expect(timeline.getByText('เหตุผล: มีการคืนสินค้าหรือขอคืนเงินกับร้านค้า')).toBeVisible()
  await alert.getByRole('link', { name: 'ส่งหลักฐาน' }).click()
  await expect(page.getByRole('heading', { name: 'หลักฐานการสั่งซื้อ' })).toBeInViewport()
  // Dates in Thai use the Buddhist era.
  await expect(page.getByText(/25\d\d/).first()).toBeVisible()

  await page.goto('/en/cashback?tab=cancelled')
  await expect(page.getByRole('article')).toHaveCount(1)
  // A cancellation the network or the shop made says why too, in English here.
  await expect(
    page.getByRole('article').getByText('Reason: The order was cancelled by the shop or the buyer'),
  ).toBeVisible()
  await page.goto('/en/cashback?tab=tracking')
  await expect(page.getByRole('article').first()).toBeVisible()
  // The last tab of the row is scrolled into view, so the selected filter is always seen.
  await page.goto('/cashback?tab=archived')
  await expect(
    page.getByRole('navigation', { name: 'สถานะรายการ' }).getByRole('link', { name: 'เก็บถาวร' }),
  ).toBeInViewport({ ratio: 1 })

  await page.goto('/wallet')
  await expect(page.getByRole('heading', { name: 'เงินคืนรายเดือน' })).toBeVisible()
  await expect(page.getByRole('table')).toHaveCount(1)
})

test('a new member sees an empty list with the spec text', async ({ page }) => {
  await page.goto('/en/auth')
  await signInOnScreen(page, `empty-${Date.now()}@ngernkhuen.test`, { isNewBuyer: true })
  await expect(page).toHaveURL(/\/en\/home$/)
  await page.goto('/en/cashback')
  await expect(page.getByText('No transaction found')).toBeVisible()
  // With what to do next.
  await page.getByRole('link', { name: 'Find a shop' }).click()
  await expect(page).toHaveURL(/\/en\/merchants$/)
})
