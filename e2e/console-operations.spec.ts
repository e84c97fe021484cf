import { readFile } from 'node:fs/promises'
import { expect, test, type Browser, type Page } from '@playwright/test'
import { startOwnAppServer } from './support/app-server'
import { currentTotpCode } from '#server/ops/totp'
import { consoleViewport, demoOperator, ownConsoleCode, signInToConsole } from './support/console'
import { createTestPhoto } from './support/png'
import { signInForOfflineUse } from './support/sign-in'
import { reviewAndConfirmWithdrawal } from './support/withdrawal'

/** The demo buyer's rejected purchase (server/seed/demo-buyer.ts, `demoTransactionIds.rejected`). */
const rejectedTransactionId = '64656d6f7478000000000007'
/** The demo buyer's pending purchase above the 1-day limit (`demoTransactionIds.pendingLarge`). */
const pendingLargeTransactionId = '64656d6f7478000000000003'

async function consolePage(browser: Browser, origin: string, role: 'support' | 'finance' | 'admin'): Promise<Page> {
  const context = await browser.newContext({ ...consoleViewport, baseURL: origin })
  const page = await context.newPage()
  await page.goto(`${origin}/ops`)
  await signInToConsole(page, demoOperator(role))
  await expect(page.getByRole('heading', { name: 'งานที่รอคนดูแล' })).toBeVisible()
  return page
}

test('operators run the service from the console while it runs, and the shopper sees it at once', async ({
  page: phone,
  browser,
}) => {
  test.setTimeout(240_000)
  const server = await startOwnAppServer()
  try {
    // The shopper appeals a rejected purchase with a proof picture, on their phone.
    await signInForOfflineUse(phone, server.url)
    await phone.goto(`${server.url}/en/cashback/${rejectedTransactionId}`)
    const proofSection = phone.getByRole('region', { name: 'Proof of purchase' })
    await proofSection.getByLabel('Choose photos').setInputFiles([
      {
        name: 'receipt.png',
        mimeType: 'image/png',
        buffer: createTestPhoto({
          width: 1200,
          height: 900,
          colors: [
            [30, 120, 200],
            [255, 255, 255],
            [30, 120, 200],
          ],
        }),
      },
    ])
    await proofSection.getByRole('button', { name: 'Send proof (1)' }).click()
    await expect(proofSection.getByText('Our team is reviewing your proof')).toBeVisible()

    // Support finds it from the day's counts and approves it beside the picture.
    const support = await consolePage(browser, server.url, 'support')
    await support.getByRole('link', { name: /รายการที่มีหลักฐานรอตรวจ/ }).click()
    await support
      .getByRole('link', { name: /DEMO-000/ })
      .first()
      .click()
    await expect(support.getByRole('img', { name: 'หลักฐานภาพที่ 1' })).toBeVisible()
    await support.getByRole('button', { name: 'อนุมัติ' }).click()
    await expect(support.getByText('ไม่มีหลักฐานรอตรวจในรายการนี้')).toBeVisible()
    await phone.reload()
    await expect(proofSection.getByText('Appeal approved: this cashback is now approved.')).toBeVisible()

    // Support rejects another purchase: the shopper reads the reason chosen, in their language,
    // with what to do next; the note is for the team only.
    await support.goto(`${server.url}/ops/transactions/${pendingLargeTransactionId}`)
    const decision = support.getByRole('form', { name: 'ตัดสินรายการนี้' })
    await decision.getByLabel('เหตุผล', { exact: true }).fill('Network portal: coupon ABC123 from a coupon site')
    await decision.getByRole('button', { name: 'ปฏิเสธ' }).click()
    await expect(decision.getByText('เลือกเหตุผลที่ผู้ซื้อเห็นก่อนปฏิเสธหรือยกเลิก')).toBeVisible()
    await decision.getByLabel('เหตุผลที่ผู้ซื้อเห็น (ปฏิเสธหรือยกเลิก)').selectOption({ label: 'ใช้คูปองหรือโค้ดที่ร้านค้าไม่อนุญาต' })
    await decision.getByRole('button', { name: 'ปฏิเสธ' }).click()
    await expect(support.getByText('ถูกปฏิเสธ · ใช้คูปองหรือโค้ดที่ร้านค้าไม่อนุญาต')).toBeVisible()
    await phone.goto(`${server.url}/en/cashback/${pendingLargeTransactionId}`)
    const rejection = phone.getByRole('alert')
    await expect(rejection).toContainText(
      'Reason: A coupon or discount code the shop does not allow with cashback was used',
    )
    await expect(rejection).toContainText("It is the shop's rule.")
    await expect(phone.getByText(/ABC123/)).toHaveCount(0)

    // An admin raises the minimum withdrawal; the shopper's form shows the new minimum.
    const admin = await consolePage(browser, server.url, 'admin')
    await admin.getByRole('link', { name: 'ตั้งค่า' }).click()
    const minimumField = admin.getByLabel(/minWithdrawal/)
    await minimumField.fill('150')
    await admin.getByRole('button', { name: 'บันทึกอัตรา' }).click()
    await expect(admin.getByRole('status')).toHaveText('บันทึกอัตราแล้ว')
    await phone.goto(`${server.url}/en/withdraw-truemoney`)
    await expect(phone.getByText(/minimum THB\s150$/)).toBeVisible()
    await phone.getByLabel('TrueMoney Wallet mobile number').fill('081-234-5678')
    await phone.getByLabel('Account name').fill('Somchai Jaidee')
    await phone.getByLabel('Amount to withdraw (THB)').fill('120')
    await phone.getByRole('button', { name: 'Review withdrawal' }).click()
    await expect(phone.getByText(/^Unable to withdraw below THB\s150$/)).toBeVisible()
    await phone.getByLabel('Amount to withdraw (THB)').fill('200')
    await reviewAndConfirmWithdrawal(phone)
    await expect(phone).toHaveURL(/\/en\/withdraw-success\?id=/)

    // Finance exports the bank-transfer batch and records the transfer.
    const finance = await consolePage(browser, server.url, 'finance')
    await finance.getByRole('link', { name: /คำขอถอนเงินรอดำเนินการ/ }).click()
    const download = finance.waitForEvent('download')
    await finance.getByRole('link', { name: 'ส่งออกไฟล์โอนเงิน (CSV)' }).click()
    const batch = await readFile(await (await download).path(), 'utf8')
    expect(batch).toContain('0812345678')
    expect(batch).toContain('180.00')
    await finance.getByRole('row').nth(1).getByRole('link').first().click()
    await finance.getByRole('button', { name: 'เริ่มโอน' }).click()
    await expect(finance.getByRole('button', { name: 'โอนแล้ว' })).toBeVisible()
    await finance.getByLabel('เหตุผลหรือเลขอ้างอิงการโอน').fill('TMN-REF-0001')
    await finance.getByRole('button', { name: 'โอนแล้ว' }).click()
    await expect(finance.getByRole('button', { name: 'โอนแล้ว' })).toHaveCount(0)
    await phone.goto(`${server.url}/en/withdrawal`)
    await expect(phone.getByRole('list').getByText('TrueMoney Wallet, THB 200.00')).toBeVisible()

    // The audit log lists all three, with who did them.
    await admin.getByRole('link', { name: 'บันทึกการทำงาน' }).click()
    const log = admin.getByRole('main')
    await expect(log.getByText('proof.approved')).toBeVisible()
    await expect(log.getByText(/^setting\./).first()).toBeVisible()
    await expect(log.getByText('withdrawal.paid')).toBeVisible()
    await expect(log.getByText(/support@ngernkhuen\.test/).first()).toBeVisible()
    await expect(log.getByText(/finance@ngernkhuen\.test/).first()).toBeVisible()
  } finally {
    await server.stop()
  }
})

test('an invited operator enrols an authenticator with the QR code at their first sign-in', async ({ browser }) => {
  const origin = test.info().project.use.baseURL ?? ''
  const admin = await consolePage(browser, origin, 'admin')
  const email = `invited.${Date.now()}@ngernkhuen.test`
  await admin.getByRole('link', { name: 'ผู้ดูแล', exact: true }).click()
  await admin.getByLabel('อีเมล').fill(email)
  await admin.getByLabel('ชื่อ').fill('พนักงานใหม่')
  await admin.getByRole('button', { name: 'เพิ่มผู้ดูแล' }).click()
  await expect(admin.getByText(email)).toBeVisible()

  const context = await browser.newContext({ ...consoleViewport, baseURL: origin })
  const newcomer = await context.newPage()
  await newcomer.goto(`${origin}/ops`)
  await newcomer.getByLabel('อีเมลผู้ดูแล').fill(email)
  await newcomer.getByRole('button', { name: 'ส่งรหัสทางอีเมล' }).click()
  await expect(newcomer.getByLabel('รหัสจากอีเมล')).toBeVisible()
  await newcomer.getByLabel('รหัสจากอีเมล').fill(await ownConsoleCode(newcomer, email))
  await newcomer.getByRole('button', { name: 'ยืนยัน' }).click()
  await expect(newcomer.getByRole('img', { name: 'คิวอาร์โค้ดสำหรับแอปยืนยันตัวตน' })).toBeVisible()
  const key = (await newcomer.getByLabel('คีย์ลับสำหรับแอปยืนยันตัวตน').textContent()) ?? ''
  expect(key).toMatch(/^[A-Z2-7]{32}$/)
  await newcomer.getByLabel('รหัสจากแอปยืนยันตัวตน').fill(currentTotpCode(key, new Date()))
  await newcomer.getByRole('button', { name: 'ยืนยัน' }).click()
  await expect(newcomer.getByRole('heading', { name: 'งานที่รอคนดูแล' })).toBeVisible()
  await admin.reload()
  await expect(admin.getByText(email).locator('..')).toContainText('ตั้งค่าแอปยืนยันตัวตนแล้ว')
})
